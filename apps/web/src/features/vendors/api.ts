import type {
  VendorCountsResponse,
  VendorDeleteResponse,
  VendorListResponse,
  VendorRegisterBody,
  VendorStatus,
  VendorUpdateBody,
  VendorWriteResponse,
} from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { createQueryKeys } from '../../lib/query-keys';
import { useCursorList } from '../../lib/use-cursor-list';

/** The calls of vendor management (spec section 7). */
const endpoints = {
  list: '/api/vendors',
  counts: '/api/vendors/counts',
  register: '/api/vendor/register',
  edit: (id: string) => `/api/vendors/${id}`,
  status: (id: string) => `/api/vendors/${id}/status`,
  remove: (id: string) => `/api/vendors/${id}`,
} as const;

/** Rows fetched per page; the next page loads as the user nears the end of the list. */
export const VENDOR_PAGE_SIZE = 50;

/** Filters of the vendor list, applied by the server. */
export interface VendorFilters {
  search: string;
  status: 'all' | VendorStatus;
}

/** No search and every status: the list as it first opens. */
export const defaultVendorFilters: VendorFilters = { search: '', status: 'all' };

const baseKeys = createQueryKeys<'vendors', VendorFilters>('vendors');

/** Query keys (`createQueryKeys`): every list under `lists()`, so one invalidation refreshes them all. */
export const vendorKeys = {
  ...baseKeys,
  counts: () => [...baseKeys.all, 'counts'] as const,
};

/**
 * The vendor list, newest first, page by page (`useCursorList`); search and status run
 * in the database, `total` is the count for the filters.
 */
export function useVendorList(filters: VendorFilters, enabled = true) {
  return useCursorList({
    queryKey: vendorKeys.list(filters),
    limit: VENDOR_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      apiRequest<VendorListResponse>(endpoints.list, {
        query: {
          limit,
          cursor,
          search: filters.search.trim() || undefined,
          status: filters.status === 'all' ? undefined : filters.status,
        },
        signal,
      }),
    items: (page) => page.vendors,
    enabled,
  });
}

/** Counts of every vendor by status: the list's footer. */
export function useVendorCounts(enabled = true) {
  return useQuery({
    queryKey: vendorKeys.counts(),
    queryFn: ({ signal }) => apiRequest<VendorCountsResponse>(endpoints.counts, { signal }),
    enabled,
  });
}

function useInvalidateVendors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: vendorKeys.all });
}

/** 'Add New Vendor': `POST /api/vendor/register` as an admin (the status applies). */
export function useCreateVendor() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (body: VendorRegisterBody) =>
      apiRequest<VendorWriteResponse>(endpoints.register, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

/** 'Edit Vendor': `PUT /api/vendors/:id`; an empty password keeps the current one. */
export function useUpdateVendor() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VendorUpdateBody }) =>
      apiRequest<VendorWriteResponse>(endpoints.edit(id), { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** Approve or reject: `PUT /api/vendors/:id/status`. */
export function useVendorStatus() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: ({ id, status, updatedAt }: { id: string; status: 'approved' | 'rejected'; updatedAt?: string }) =>
      apiRequest<VendorWriteResponse>(endpoints.status(id), { method: 'PUT', body: { status, updatedAt } }),
    onSuccess: invalidate,
  });
}

/** `DELETE /api/vendors/:id`: their products pass to the store, inactive. */
export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<VendorDeleteResponse>(endpoints.remove(id), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: vendorKeys.all });
      // Their products changed owner and status.
      queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
