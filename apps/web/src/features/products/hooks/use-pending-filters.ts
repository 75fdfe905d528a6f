import { productListQuery } from '@haat/contract';
import { useListFilters } from '../../../lib/use-list-filters';
import type { PendingFilters } from '../api';

const defaultPendingFilters: PendingFilters = { vendor: '', category: '' };

/** Reads the review queue's filters from an address's query; an id the API would refuse means all. */
export function pendingFiltersFromParams(params: URLSearchParams): PendingFilters {
  const read = (key: keyof PendingFilters) => {
    const value = params.get(key) ?? '';
    return value !== '' && productListQuery.shape[key].safeParse(value).success ? value : '';
  };
  return { vendor: read('vendor'), category: read('category') };
}

/** The pending review queue's vendor and category filters, kept in the address (`useListFilters`). */
export function usePendingFilters() {
  return useListFilters({ defaults: defaultPendingFilters, parse: pendingFiltersFromParams });
}
