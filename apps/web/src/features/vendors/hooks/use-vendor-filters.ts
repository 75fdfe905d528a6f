import { vendorListQuery } from '@haat/contract';
import { useListFilters } from '../../../lib/use-list-filters';
import { defaultVendorFilters, type VendorFilters } from '../api';

/**
 * Reads the filters from an address's query; an unknown status means all. The search is
 * kept as typed (not trimmed), so the address written from the box reads back the same
 * and a pause after a space does not take the space away; the API trims it.
 */
export function vendorFiltersFromParams(params: URLSearchParams): VendorFilters {
  const status = vendorListQuery.shape.status.safeParse(params.get('status') ?? undefined);
  return {
    search: params.get('search') ?? defaultVendorFilters.search,
    status: status.success ? status.data : defaultVendorFilters.status,
  };
}

/**
 * The vendor list's search and status, kept in the address (`useListFilters`). An
 * address changed elsewhere is adopted and told to `onAdopt`.
 */
export function useVendorFilters({ onAdopt }: { onAdopt?: (filters: VendorFilters) => void } = {}) {
  return useListFilters({ defaults: defaultVendorFilters, parse: vendorFiltersFromParams, onAdopt });
}
