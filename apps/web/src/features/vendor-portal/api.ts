import type { OrderStatus, VendorDashboard, VendorOrderListResponse, VendorOrderResponse } from '@haat/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { createQueryKeys } from '../../lib/query-keys';
import { useCursorList } from '../../lib/use-cursor-list';

/** A vendor's own back office: their dashboard and the orders holding their products (read-only). */
const endpoints = {
  dashboard: '/api/vendor/dashboard',
  orders: '/api/vendor/orders',
  order: (id: string) => `/api/vendor/orders/${id}`,
} as const;

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

const baseKeys = createQueryKeys<'vendor-portal', VendorOrderFilters>('vendor-portal');

/** Query keys (`createQueryKeys`): the orders under `lists()`, one order under `detail(id)`, and the dashboard. */
export const vendorPortalKeys = {
  ...baseKeys,
  dashboard: () => [...baseKeys.all, 'dashboard'] as const,
};

/** The signed-in vendor's dashboard figures. */
export function useVendorDashboard() {
  return useQuery({
    queryKey: vendorPortalKeys.dashboard(),
    queryFn: ({ signal }) => apiRequest<VendorDashboard>(endpoints.dashboard, { signal }),
  });
}

/**
 * Orders holding the vendor's products, newest first, page by page (`useCursorList`);
 * the status filter and the tracking-number search run in the database.
 */
export function useVendorOrders(filters: VendorOrderFilters) {
  return useCursorList({
    queryKey: vendorPortalKeys.list(filters),
    limit: VENDOR_ORDER_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      apiRequest<VendorOrderListResponse>(endpoints.orders, {
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

/** One order as the vendor sees it: their lines, history and where to ship. */
export function useVendorOrder(id: string) {
  return useQuery({
    queryKey: vendorPortalKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<VendorOrderResponse>(endpoints.order(id), { signal }),
  });
}
