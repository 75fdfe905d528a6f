import {
  idInput,
  type OrderListResponse,
  type OrderResponse,
  type OrderStatus,
  type OrderStatusBodyInput,
  type OrderStatusResponse,
} from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { createQueryKeys } from '../../lib/query-keys';
import { useCursorList } from '../../lib/use-cursor-list';

/** The calls this feature makes (spec section 7). */
const endpoints = {
  list: '/api/orders/admin/orders',
  detail: (id: string) => `/api/orders/admin/orders/${encodeURIComponent(id)}`,
  status: '/api/orders/admin/order-status',
} as const;

/** Rows fetched per page; the table asks for the next page as the user nears the end. */
export const ORDER_PAGE_SIZE = 50;

/** The order list's filters (spec section 2, Orders), applied by the server. */
export interface OrderFilters {
  search: string;
  status: 'all' | OrderStatus;
}

export const defaultOrderFilters: OrderFilters = { search: '', status: 'all' };

/** Query keys: every list under `lists()`, every order under `details()`. */
export const orderKeys = createQueryKeys<'orders', OrderFilters>('orders');

/**
 * The order list, newest first, page by page: search (order number or e-mail) and the
 * status filter run in the database; `total` counts every match.
 */
export function useOrderList(filters: OrderFilters) {
  return useCursorList({
    queryKey: orderKeys.list(filters),
    limit: ORDER_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      apiRequest<OrderListResponse>(endpoints.list, {
        query: {
          limit,
          cursor,
          search: filters.search.trim() || undefined,
          status: filters.status === 'all' ? undefined : filters.status,
        },
        signal,
      }),
    items: (page) => page.orders,
  });
}

/** True when `id` can name an order (a positive 32-bit integer, as the contract reads ids). */
export function isOrderId(id: string): boolean {
  return idInput.safeParse(id).success && !/\s/.test(id);
}

/**
 * One order with its items and history (spec section 2, Order detail). An id that
 * cannot name an order is not asked for (the screen shows Order Not Found); the id is
 * encoded into the path, so no address (`1%2F..%2F..`) can reach another call.
 */
export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<OrderResponse>(endpoints.detail(id), { signal }),
    enabled: isOrderId(id),
    retry: false,
  });
}

/**
 * `PUT /orders/admin/order-status` with the version the screen shows. On success the
 * detail takes the answer's order at once and every list, and the dashboard, refetch.
 */
export function useUpdateOrderStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderStatusBodyInput) =>
      apiRequest<OrderStatusResponse>(endpoints.status, { method: 'PUT', body }),
    onSuccess: (answer) => {
      queryClient.setQueryData<OrderResponse>(orderKeys.detail(id), { success: true, order: answer.order });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
