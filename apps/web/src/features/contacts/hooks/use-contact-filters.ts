import { contactListQuery } from '@haat/contract';
import { useListFilters } from '../../../lib/use-list-filters';
import { type ContactFilters, defaultContactFilters } from '../api';

/** Reads the inbox's filters from an address's query; a search the API would refuse means none. */
export function contactFiltersFromParams(params: URLSearchParams): ContactFilters {
  const parsed = contactListQuery.shape.search.safeParse(params.get('search') ?? undefined);
  return {
    search: parsed.success ? (parsed.data ?? '') : '',
    show: params.get('show') === 'waiting' ? 'waiting' : 'all',
  };
}

/**
 * The contact inbox's search and whether it shows only the messages not handled, kept
 * in the address as `?search=` and `?show=waiting` (`useListFilters`). A
 * change of the address made elsewhere (the sidebar's bare link, Back) is adopted and
 * told to `onAdopt`, so the page can reset its search box.
 */
export function useContactFilters({ onAdopt }: { onAdopt?: (filters: ContactFilters) => void } = {}) {
  return useListFilters({ defaults: defaultContactFilters, parse: contactFiltersFromParams, onAdopt });
}
