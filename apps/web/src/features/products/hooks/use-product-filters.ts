import { productListQuery } from '@haat/contract';
import { paths } from '../../../lib/paths';
import { rememberedListSearch, useListFilters } from '../../../lib/use-list-filters';
import { defaultProductFilters, type ProductFilters } from '../api';

const FILTER_KEYS = ['search', 'status', 'stock', 'approval', 'sort'] as const;
/** The name the product list's last query is remembered under for this tab. */
const REMEMBER_AS = 'products';

/** Reads the filters and order from an address's query; a missing or unknown value means 'all' (or newest first). */
export function filtersFromParams(params: URLSearchParams): ProductFilters {
  const read = <K extends (typeof FILTER_KEYS)[number]>(key: K): ProductFilters[K] => {
    const parsed = productListQuery.shape[key].safeParse(params.get(key) ?? undefined);
    return (
      parsed.success && parsed.data !== undefined ? parsed.data : defaultProductFilters[key]
    ) as ProductFilters[K];
  };
  return {
    search: read('search'),
    status: read('status'),
    stock: read('stock'),
    approval: read('approval'),
    sort: read('sort'),
  };
}

/**
 * The product list's address with the filters it last showed in this tab, so 'Back to
 * Products' and the return after saving land on the list the user left.
 */
export function productListPath(): string {
  const search = rememberedListSearch(REMEMBER_AS);
  return search ? `${paths.products.list}?${search}` : paths.products.list;
}

/**
 * The product list's filters, kept in the address (`useListFilters`). A change of the
 * address made elsewhere (the sidebar's link to the bare list) is adopted and told to
 * `onAdopt`, so the page can reset its search box.
 */
export function useProductFilters({ onAdopt }: { onAdopt?: (filters: ProductFilters) => void } = {}) {
  return useListFilters({
    defaults: defaultProductFilters,
    parse: filtersFromParams,
    remember: REMEMBER_AS,
    onAdopt,
  });
}
