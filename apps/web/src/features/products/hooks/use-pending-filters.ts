import { productListQuery } from '@haat/contract';
import { paths } from '../../../lib/paths';
import { rememberedListSearch, useListFilters } from '../../../lib/use-list-filters';
import type { PendingFilters } from '../api';

const defaultPendingFilters: PendingFilters = { vendor: '', category: '' };
/** The name the queue's last filters are remembered under for this tab. */
const REMEMBER_AS = 'pending-products';

/**
 * The review queue's address with the filters it last showed in this tab, so 'Back to
 * Products' from a product opened out of the queue returns to the queue the admin left
 * (issue 12).
 */
export function pendingListPath(): string {
  const search = rememberedListSearch(REMEMBER_AS);
  return search ? `${paths.products.pending}?${search}` : paths.products.pending;
}

/** True when the queue is narrowed by a vendor or a category. */
export function hasPendingFilters(filters: PendingFilters): boolean {
  return filters.vendor !== '' || filters.category !== '';
}

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
  return useListFilters({ defaults: defaultPendingFilters, parse: pendingFiltersFromParams, remember: REMEMBER_AS });
}
