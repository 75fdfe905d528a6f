import type { CommissionRateBodyInput } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import { useCursorList } from '../../lib/use-cursor-list';

/** Rates per page. */
export const RATE_PAGE_SIZE = 100;

/** Every commission rate, the default first, page by page. */
export function useCommissionRates() {
  return useCursorList({
    queryKey: queries.commissions.listRates.key({ type: 'infinite' }),
    limit: RATE_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.commissions.listRates({ query: { limit, cursor } }, { signal }),
    items: (page) => page.rates,
  });
}

/** The categories and approved vendors a rate can apply to (for the form's choices). */
export function useRateScopes() {
  const categories = useQuery(queries.categories.list.queryOptions({ input: { query: {} } }));
  const vendors = useQuery(
    queries.vendors.list.queryOptions({ input: { query: { status: 'approved', sort: 'name-asc' } } }),
  );
  return { categories, vendors };
}

/** `POST` or `PUT /api/commissions/admin/rates[/{id}]`. */
export function useSaveRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CommissionRateBodyInput }) =>
      id === null ? client.commissions.createRate({ body }) : client.commissions.updateRate({ params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.commissions.key() }),
  });
}

/** `DELETE /api/commissions/admin/rates/{id}`. */
export function useDeleteRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.commissions.deleteRate({ params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.commissions.key() }),
  });
}
