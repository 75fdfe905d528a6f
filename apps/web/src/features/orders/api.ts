import {
  type CancelOrderBodyInput,
  type CreateReturnBodyInput,
  idInput,
  type OrderBulkBody,
  type OrderListQuery,
  type OrderStatus,
  type OrderStatusBodyInput,
} from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import type { ExportRequest } from '../../lib/download';
import { useCursorList } from '../../lib/use-cursor-list';

/** Rows fetched per page; the table asks for the next page as the user nears the end. */
export const ORDER_PAGE_SIZE = 50;

/** The order list's filters (spec section 2, Orders), applied by the server. */
export interface OrderFilters {
  search: string;
  status: 'all' | OrderStatus;
  /**
   * `corrected`: only orders with a cancellation or a refund (issue 24); `late`: only
   * orders with a late shipment (issue 34, "Late shipments").
   */
  show: 'all' | 'corrected' | 'late';
}

export const defaultOrderFilters: OrderFilters = { search: '', status: 'all', show: 'all' };

/** The list's query for `filters`: an empty search, every status and every order are left out. */
const listQuery = (filters: OrderFilters): OrderListQuery => ({
  search: filters.search.trim() || undefined,
  status: filters.status === 'all' ? undefined : filters.status,
  corrected: filters.show === 'corrected' ? 'true' : undefined,
  lateShipments: filters.show === 'late' ? 'true' : undefined,
});

/** The order lines' CSV for `filters` (issue 26): one row per line of every order they select. */
export const orderExport =
  (filters: OrderFilters): ExportRequest =>
  () =>
    client.orders.export({ query: listQuery(filters) });

/**
 * The order list, newest first, page by page (`GET /api/orders/admin/orders`): search
 * (order number or e-mail) and the status filter run in the database; `total` counts
 * every match.
 */
export function useOrderList(filters: OrderFilters) {
  const query = listQuery(filters);
  return useCursorList({
    queryKey: queries.orders.list.key({ type: 'infinite', input: { query } }),
    limit: ORDER_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.orders.list({ query: { limit, cursor, ...query } }, { signal }),
    items: (page) => page.orders,
  });
}

/** True when `id` can name an order (a positive 32-bit integer, as the contract reads ids). */
export function isOrderId(id: string): boolean {
  return idInput.safeParse(id).success && !/\s/.test(id);
}

/** The detail query of one order (`GET /api/orders/admin/orders/{id}`). */
const orderQuery = (id: string) => queries.orders.get.queryOptions({ input: { params: { id } }, retry: false });

/**
 * One order with its items and history (spec section 2, Order detail). An id that
 * cannot name an order is not asked for (the screen shows Order Not Found); the client
 * encodes the id into the path, so no address (`1%2F..%2F..`) can reach another call.
 */
export function useOrder(id: string) {
  return useQuery({ ...orderQuery(id), enabled: isOrderId(id) });
}

/**
 * `PUT /api/orders/admin/order-status` with the version the screen shows. On success the
 * detail takes the answer's order at once and every list, and the dashboard, refetch.
 */
export function useUpdateOrderStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderStatusBodyInput) => client.orders.updateStatus({ body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(orderQuery(id).queryKey, { success: true, order: answer.order });
      void queryClient.invalidateQueries({ queryKey: queries.orders.list.key() });
      // The dashboard's figures (another feature's queries, by the contract's key).
      void queryClient.invalidateQueries({ queryKey: queries.dashboard.key() });
    },
  });
}

/**
 * `POST /api/orders/admin/bulk` (issue 26): moves the selected orders to their next
 * status; every order query and the dashboard are read again after it.
 */
export function useBulkOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderBulkBody) => client.orders.bulk({ body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queries.orders.key() });
      void queryClient.invalidateQueries({ queryKey: queries.dashboard.key() });
    },
  });
}

/** After a change to order `id`: its detail takes `order` at once; the lists and the dashboard refetch. */
function useOrderChanged(id: string) {
  const queryClient = useQueryClient();
  return (order: unknown) => {
    queryClient.setQueryData(orderQuery(id).queryKey, { success: true, order } as never);
    void queryClient.invalidateQueries({ queryKey: queries.orders.list.key() });
    void queryClient.invalidateQueries({ queryKey: queries.dashboard.key() });
  };
}

/** `POST /api/orders/admin/{id}/cancel` (issue 24): the whole order, or the units named, with the version shown. */
export function useCancelOrder(id: string) {
  const changed = useOrderChanged(id);
  return useMutation({
    mutationFn: (body: CancelOrderBodyInput) => client.orders.cancel({ params: { id }, body }),
    onSuccess: (answer) => changed(answer.order),
  });
}

/** `POST /api/orders/admin/{id}/returns` (issue 24): a return and its refund, with the version shown. */
export function useRecordReturn(id: string) {
  const changed = useOrderChanged(id);
  return useMutation({
    mutationFn: (body: CreateReturnBodyInput) => client.orders.createReturn({ params: { id }, body }),
    onSuccess: (answer) => changed(answer.order),
  });
}

/** Accepting or declining a vendor's cancellation request (issue 24), by its id. */
export function useAnswerCancelRequest(id: string) {
  const changed = useOrderChanged(id);
  return useMutation({
    mutationFn: (
      answer:
        | { requestId: string; accept: true; updatedAt: string }
        | { requestId: string; accept: false; reason: string },
    ) =>
      answer.accept
        ? client.orders.acceptCancelRequest({
            params: { id, requestId: answer.requestId },
            body: { updatedAt: answer.updatedAt },
          })
        : client.orders.declineCancelRequest({
            params: { id, requestId: answer.requestId },
            body: { reason: answer.reason },
          }),
    onSuccess: (answer) => changed(answer.order),
  });
}
