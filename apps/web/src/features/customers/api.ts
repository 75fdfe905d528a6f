import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import type { ExportRequest } from '../../lib/download';
import { useCursorList } from '../../lib/use-cursor-list';

/** Customers (issue 26 'Customers', `customerEndpoints`), admins only. */

/** Rows fetched per page; the next page loads as the user nears the end. */
export const CUSTOMER_PAGE_SIZE = 50;

/** The list's filters: a part of the name, e-mail or phone ('' for every customer). */
export interface CustomerFilters {
  search: string;
}

export const defaultCustomerFilters: CustomerFilters = { search: '' };

const listQuery = (filters: CustomerFilters) => ({ search: filters.search.trim() || undefined });

/** The customers' CSV for `filters` (issue 26): every customer they select. */
export const customerExport =
  (filters: CustomerFilters): ExportRequest =>
  () =>
    client.customers.export({ query: listQuery(filters) });

/** Customers newest first, page by page (`GET /api/customers/admin`); the search runs in the database. */
export function useCustomerList(filters: CustomerFilters) {
  const query = listQuery(filters);
  return useCursorList({
    queryKey: queries.customers.list.key({ type: 'infinite', input: { query } }),
    limit: CUSTOMER_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.customers.list({ query: { ...query, limit, cursor } }, { signal }),
    items: (page) => page.customers,
  });
}

const customerQuery = (id: string) => queries.customers.get.queryOptions({ input: { params: { id } }, retry: false });

/** One customer with their figures and newest orders (`GET /api/customers/admin/{id}`). */
export function useCustomer(id: string, enabled = true) {
  return useQuery({ ...customerQuery(id), enabled });
}

/**
 * `POST /api/customers/admin/{id}/anonymise`: erasure on request. The customer, the
 * list and every order list are read again after it (the names on them changed).
 */
export function useAnonymiseCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.customers.anonymise({ params: { id } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queries.customers.key() });
      void queryClient.invalidateQueries({ queryKey: queries.orders.key() });
    },
  });
}
