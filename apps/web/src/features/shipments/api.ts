import type { ManifestImportBody, OrderStatus, ShipmentBulkBody } from '@haat/contract';
import { shipmentTabs } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { useCursorList } from '../../lib/use-cursor-list';
import { refreshShipments } from '../../lib/use-move-shipment';

/**
 * Shipments (issue 34; `shipmentEndpoints`): the signed-in vendor's queue, its moves,
 * packing slips and manifest import (a single move: `lib/use-move-shipment.ts`, shared
 * with the order screens).
 */

/** Shipments fetched per page; the next page loads as the user nears the end. */
export const SHIPMENT_PAGE_SIZE = 50;

/** A tab of the queue: To pack, To ship, Late, Shipped, Delivered. */
export type ShipmentTab = (typeof shipmentTabs)[number]['key'];

/** The queue's filters, applied by the server. */
export interface ShipmentFilters {
  tab: ShipmentTab;
  /** A part of the order's tracking number, the AWB or the customer's name ('' for all). */
  search: string;
}

export const defaultShipmentFilters: ShipmentFilters = { tab: 'to-pack', search: '' };

/** The list's query for `filters`: the tab's own query (`shipmentTabs`) and the search. */
export function shipmentListQuery(filters: ShipmentFilters): {
  status?: OrderStatus | 'all';
  late?: 'true' | 'false';
  search?: string;
} {
  const tab = shipmentTabs.find((candidate) => candidate.key === filters.tab) ?? shipmentTabs[0];
  return { ...tab.query, search: filters.search.trim() || undefined };
}

/** The vendor's shipments for `filters`, page by page (`GET /api/vendor/shipments`). */
export function useShipments(filters: ShipmentFilters) {
  const query = shipmentListQuery(filters);
  return useCursorList({
    queryKey: queries.shipments.list.key({ type: 'infinite', input: { query } }),
    limit: SHIPMENT_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.shipments.list({ query: { ...query, limit, cursor } }, { signal }),
    items: (page) => page.shipments,
  });
}

/** One of the vendor's shipments with its lines (what Mark shipped offers units of). */
export function useShipment(id: string | null) {
  return useQuery({
    ...queries.shipments.get.queryOptions({ input: { params: { id: id ?? '' } } }),
    enabled: id !== null,
  });
}

/** `POST /api/vendor/shipments/bulk`: Start packing, Mark shipped or Mark delivered on many. */
export function useBulkShipments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShipmentBulkBody) => client.shipments.bulk({ body }),
    onSettled: () => refreshShipments(queryClient),
  });
}

/** Saves one shipment's packing slip (`GET /api/vendor/shipments/{id}/packing-slip`, a PDF). */
export async function downloadPackingSlip(id: string, trackingNumber: string): Promise<void> {
  saveFile(await client.shipments.packingSlip({ params: { id } }), `packing-slip-${trackingNumber}.pdf`);
}

/** Saves one PDF of many shipments' slips (`POST /api/vendor/shipments/packing-slips`). */
export async function downloadPackingSlips(ids: string[]): Promise<void> {
  saveFile(await client.shipments.packingSlips({ body: { ids } }), 'packing-slips.pdf');
}

/** `POST /api/vendor/shipments/import`: a courier's manifest; a report at once, or a job past 1,000 rows. */
export function useImportManifest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManifestImportBody) => client.shipments.importManifest({ body }),
    onSettled: () => refreshShipments(queryClient),
  });
}
