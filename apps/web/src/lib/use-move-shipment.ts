import type { ShipmentStatusBodyInput } from '@haat/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, queries } from './api-client';

/**
 * After a shipment moved or its units were cancelled (issue 34): the vendor's queue and
 * its summary, the vendor's orders and dashboard, the admin's orders and dashboard read
 * again (an order's status is derived from its shipments).
 */
export function refreshShipments(queryClient: QueryClient): void {
  for (const key of [
    queries.shipments.key(),
    queries.vendorPortal.key(),
    queries.orders.key(),
    queries.dashboard.key(),
  ])
    void queryClient.invalidateQueries({ queryKey: key });
}

/**
 * Moves one shipment forward: `PUT /api/vendor/shipments/{id}/status` (its vendor) or
 * `PUT /api/shipments/admin/{id}/status` (`admin`), with the version as shown (409 when
 * stale). Whatever the answer, what shows shipments reads them again.
 */
export function useMoveShipment({ admin = false }: { admin?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ShipmentStatusBodyInput }) =>
      admin
        ? client.shipments.adminSetStatus({ params: { id }, body })
        : client.shipments.setStatus({ params: { id }, body }),
    onSettled: () => refreshShipments(queryClient),
  });
}
