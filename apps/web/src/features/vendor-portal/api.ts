import type { OrderStatus, VendorDashboard, VendorOrderListResponse, VendorOrderResponse } from '@haat/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** A vendor's own back office: their dashboard and the orders holding their products (read-only). */
const endpoints = {
  dashboard: '/api/vendor/dashboard',
  orders: '/api/vendor/orders',
  order: (id: string) => `/api/vendor/orders/${id}`,
} as const;

export const VENDOR_ORDER_PAGE_SIZE = 50;

export const vendorPortalKeys = {
  all: ['vendor-portal'] as const,
  dashboard: () => [...vendorPortalKeys.all, 'dashboard'] as const,
  lists: () => [...vendorPortalKeys.all, 'orders'] as const,
  list: (status: 'all' | OrderStatus) => [...vendorPortalKeys.lists(), status] as const,
  detail: (id: string) => [...vendorPortalKeys.all, 'order', id] as const,
};

export function useVendorDashboard() {
  return useQuery({
    queryKey: vendorPortalKeys.dashboard(),
    queryFn: ({ signal }) => apiRequest<VendorDashboard>(endpoints.dashboard, { signal }),
  });
}

/** Orders holding the vendor's products, newest first, page by page. */
export function useVendorOrders(status: 'all' | OrderStatus) {
  return useInfiniteQuery({
    queryKey: vendorPortalKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<VendorOrderListResponse>(endpoints.orders, {
        query: { limit: VENDOR_ORDER_PAGE_SIZE, cursor: pageParam, status: status === 'all' ? undefined : status },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: VendorOrderListResponse) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useVendorOrder(id: string) {
  return useQuery({
    queryKey: vendorPortalKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<VendorOrderResponse>(endpoints.order(id), { signal }),
  });
}
