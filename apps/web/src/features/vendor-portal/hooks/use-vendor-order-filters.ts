import { vendorOrderListQuery } from '@haat/contract';
import { paths } from '../../../lib/paths';
import { rememberedListSearch, useListFilters } from '../../../lib/use-list-filters';
import { defaultVendorOrderFilters, type VendorOrderFilters } from '../api';

/** The name the order list's last query is remembered under for this tab. */
const REMEMBER_AS = 'vendor-orders';

/**
 * Reads the filters from an address's query; an unknown status means all. The search is
 * kept as typed (the API trims it), so the address written from the box reads back the same.
 */
export function vendorOrderFiltersFromParams(params: URLSearchParams): VendorOrderFilters {
  const status = vendorOrderListQuery.shape.status.safeParse(params.get('status') ?? undefined);
  return {
    search: params.get('search') ?? defaultVendorOrderFilters.search,
    status: status.success ? status.data : defaultVendorOrderFilters.status,
  };
}

/** The order list's address with the filters it last showed in this tab ('Back to my orders'). */
export function vendorOrderListPath(): string {
  const search = rememberedListSearch(REMEMBER_AS);
  return search ? `${paths.myOrders.list}?${search}` : paths.myOrders.list;
}

/**
 * The order list's search and status, kept in the address (`useListFilters`) and
 * remembered for 'Back to my orders'. An address changed elsewhere (the sidebar's bare
 * link, Back) is adopted and told to `onAdopt`, so the page can reset its search box.
 */
export function useVendorOrderFilters({ onAdopt }: { onAdopt?: (filters: VendorOrderFilters) => void } = {}) {
  return useListFilters({
    defaults: defaultVendorOrderFilters,
    parse: vendorOrderFiltersFromParams,
    remember: REMEMBER_AS,
    onAdopt,
  });
}
