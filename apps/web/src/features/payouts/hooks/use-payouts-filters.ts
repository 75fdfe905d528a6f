import { balanceListQuery, type PayoutStatus, payoutListQuery } from '@haat/contract';
import { useListFilters } from '../../../lib/use-list-filters';

/** The Payouts screen's two lists' filters: the balances' search and order, the history's status ('' for all). */
export interface PayoutsFilters {
  search: string;
  sort: 'available' | 'name';
  status: PayoutStatus | '';
}

export const defaultPayoutsFilters: PayoutsFilters = { search: '', sort: 'available', status: '' };

/** Reads the screen's filters from an address's query; a value the API would refuse means its default. */
export function payoutsFiltersFromParams(params: URLSearchParams): PayoutsFilters {
  const search = balanceListQuery.shape.search.safeParse(params.get('search') ?? undefined);
  const sort = balanceListQuery.shape.sort.safeParse(params.get('sort') ?? undefined);
  const status = payoutListQuery.shape.status.safeParse(params.get('status') ?? undefined);
  return {
    search: search.success ? (search.data ?? '') : '',
    sort: sort.success ? sort.data : defaultPayoutsFilters.sort,
    status: status.success ? (status.data ?? '') : '',
  };
}

/**
 * The Payouts screen's filters, kept in the address (`useListFilters`) as `?search=`,
 * `?sort=name` and `?status=`, so a reload or a shared link shows the same lists. One
 * hook holds both lists' filters: the address is one query, and each list's own hook
 * would write over the other's. An address changed elsewhere (the sidebar's bare link,
 * Back) is adopted and told to `onAdopt`, so the page can reset its search box.
 */
export function usePayoutsFilters({ onAdopt }: { onAdopt?: (filters: PayoutsFilters) => void } = {}) {
  return useListFilters({ defaults: defaultPayoutsFilters, parse: payoutsFiltersFromParams, onAdopt });
}
