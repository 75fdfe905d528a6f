import type { OrderStatus, VendorCancelBodyInput } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import type { ExportRequest } from '../../lib/download';
import { useCursorList } from '../../lib/use-cursor-list';
import { refreshShipments } from '../../lib/use-move-shipment';

/**
 * A vendor's own back office (`vendorPortalEndpoints`): their dashboard and the orders
 * holding their products (read-only).
 */

/** Orders fetched per page; the next page loads as the user nears the end of the list. */
export const VENDOR_ORDER_PAGE_SIZE = 50;

/** Filters of the vendor's order list, applied by the server. */
export interface VendorOrderFilters {
  /** A part of the tracking number ('' for every order). */
  search: string;
  status: 'all' | OrderStatus;
}

/** No search and every status: the list as it first opens. */
export const defaultVendorOrderFilters: VendorOrderFilters = { search: '', status: 'all' };

/** The signed-in vendor's dashboard figures. */
export function useVendorDashboard() {
  return useQuery(queries.vendorPortal.dashboard.queryOptions());
}

/** The list's query for `filters`: an empty search and every status are left out. */
const vendorOrderQuery = (filters: VendorOrderFilters) => ({
  search: filters.search.trim() || undefined,
  status: filters.status === 'all' ? undefined : filters.status,
});

/** The vendor's own order lines' CSV for `filters` (issue 26). */
export const vendorOrderExport =
  (filters: VendorOrderFilters): ExportRequest =>
  () =>
    client.vendorPortal.ordersExport({ query: vendorOrderQuery(filters) });

/**
 * Orders holding the vendor's products, newest first, page by page (`useCursorList`);
 * the status filter and the tracking-number search run in the database.
 */
export function useVendorOrders(filters: VendorOrderFilters) {
  const query = vendorOrderQuery(filters);
  return useCursorList({
    queryKey: queries.vendorPortal.orders.key({ type: 'infinite', input: { query } }),
    limit: VENDOR_ORDER_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      client.vendorPortal.orders({ query: { ...query, limit, cursor } }, { signal }),
    items: (page) => page.orders,
  });
}

/** One order as the vendor sees it: their lines, history and where to ship. */
export function useVendorOrder(id: string) {
  return useQuery(queries.vendorPortal.order.queryOptions({ input: { params: { id } } }));
}

/**
 * `POST /api/vendor/orders/{id}/cancel-request` (issue 24): the vendor asks the store to
 * cancel their lines; the order refetches to show the request.
 */
export function useRequestCancellation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => client.orders.requestCancel({ params: { id }, body: { reason } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queries.vendorPortal.order.key() });
    },
  });
}

/** To pack, to ship, due today and late: what needs the vendor today (`GET /api/vendor/shipments/summary`, issue 34). */
export function useShipmentSummary() {
  return useQuery(queries.shipments.summary.queryOptions());
}

/** The signed-in vendor's own seller performance (`GET /api/vendor/performance`, issue 34). */
export function useMyPerformance() {
  return useQuery(queries.shipments.myPerformance.queryOptions());
}

/**
 * `POST /api/vendor/orders/{id}/cancel` (issue 34): the vendor cancels their own units
 * not yet shipped, with a reason and the order's version; the order and the queue read again.
 */
export function useVendorCancel(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorCancelBodyInput) => client.shipments.vendorCancel({ params: { id: orderId }, body }),
    onSettled: () => refreshShipments(queryClient),
  });
}
