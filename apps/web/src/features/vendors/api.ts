import type { VendorBulkBody, VendorRegisterBody, VendorStatus, VendorUpdateBody } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import { useCursorList } from '../../lib/use-cursor-list';

/** Rows fetched per page; the next page loads as the user nears the end of the list. */
export const VENDOR_PAGE_SIZE = 50;

/** Filters of the vendor list, applied by the server. */
export interface VendorFilters {
  search: string;
  status: 'all' | VendorStatus;
}

/** No search and every status: the list as it first opens. */
export const defaultVendorFilters: VendorFilters = { search: '', status: 'all' };

/**
 * The vendor list, newest first, page by page (`useCursorList`); search and status run
 * in the database, `total` is the count for the filters.
 */
export function useVendorList(filters: VendorFilters, enabled = true) {
  const query = {
    search: filters.search.trim() || undefined,
    status: filters.status === 'all' ? undefined : filters.status,
  };
  return useCursorList({
    queryKey: queries.vendors.list.key({ type: 'infinite', input: { query } }),
    limit: VENDOR_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.vendors.list({ query: { ...query, limit, cursor } }, { signal }),
    items: (page) => page.vendors,
    enabled,
  });
}

/** Counts of every vendor by status: the list's footer. */
export function useVendorCounts(enabled = true) {
  return useQuery({ ...queries.vendors.counts.queryOptions(), enabled });
}

/** Everything of vendor management (the lists, the counts) reloads after a write. */
function useInvalidateVendors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queries.vendors.key() });
}

/** 'Add New Vendor': `POST /api/vendor/register` as an admin (the status applies). */
export function useCreateVendor() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (body: VendorRegisterBody) => client.vendors.register({ body }),
    onSuccess: invalidate,
  });
}

/** 'Edit Vendor': `PUT /api/vendors/{id}`; an empty password keeps the current one. */
export function useUpdateVendor() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VendorUpdateBody }) =>
      client.vendors.update({ params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** Approve or reject: `PUT /api/vendors/{id}/status`. */
export function useVendorStatus() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: ({ id, status, updatedAt }: { id: string; status: 'approved' | 'rejected'; updatedAt?: string }) =>
      client.vendors.setStatus({ params: { id }, body: { status, updatedAt } }),
    onSuccess: invalidate,
  });
}

/** `POST /api/vendors/bulk` (issue 26): approve or reject the selected vendors awaiting approval. */
export function useBulkVendors() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (body: VendorBulkBody) => client.vendors.bulk({ body }),
    onSettled: invalidate,
  });
}

/** `DELETE /api/vendors/{id}`: their products pass to the store, inactive. */
export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.vendors.remove({ params: { id } }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: queries.vendors.key() });
      // Their products changed owner and status.
      queryClient.invalidateQueries({ queryKey: queries.products.key() });
    },
  });
}

/** A vendor's seller performance over 30 and 90 days with the store's targets (`GET /api/vendors/{id}/performance`, issue 34). */
export function useVendorPerformance(vendorId: string) {
  return useQuery(queries.shipments.performance.queryOptions({ input: { params: { id: vendorId } } }));
}
