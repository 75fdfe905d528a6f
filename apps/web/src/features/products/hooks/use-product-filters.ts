import { productListQuery } from '@haat/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { defaultProductFilters, type ProductFilters } from '../api';

const FILTER_KEYS = ['search', 'status', 'stock', 'approval'] as const;
const LAST_LIST_SEARCH_KEY = 'haat.products.listSearch';

/** Reads the filters from an address's query; a missing or unknown value means 'all'. */
export function filtersFromParams(params: URLSearchParams): ProductFilters {
  const read = <K extends (typeof FILTER_KEYS)[number]>(key: K): ProductFilters[K] => {
    const parsed = productListQuery.shape[key].safeParse(params.get(key) ?? undefined);
    return (
      parsed.success && parsed.data !== undefined ? parsed.data : defaultProductFilters[key]
    ) as ProductFilters[K];
  };
  return { search: read('search'), status: read('status'), stock: read('stock'), approval: read('approval') };
}

/** The query that shows these filters: only the ones that differ from the defaults. */
export function paramsOf(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key] !== defaultProductFilters[key]) params.set(key, filters[key]);
  return params;
}

/**
 * The product list's address with the filters it last showed in this tab, so 'Back to
 * Products' and the return after saving land on the list the user left.
 */
export function productListPath(): string {
  const search = sessionStorage.getItem(LAST_LIST_SEARCH_KEY);
  return search ? `${paths.products.list}?${search}` : paths.products.list;
}

/**
 * The product list's filters. React state is the truth (react-router's search-param
 * updates do not compose, and the debounced search lands at any moment); every change
 * is mirrored into the address with `replace`, so a reload, a shared link or Back
 * shows the same list. A change of the address made elsewhere (the sidebar's link to
 * the bare list) is adopted and told to `onAdopt`, so the page can reset its search box.
 */
export function useProductFilters({ onAdopt }: { onAdopt?: (filters: ProductFilters) => void } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<ProductFilters>(() => filtersFromParams(searchParams));
  const shown = useRef(paramsOf(filters).toString());
  const latestOnAdopt = useRef(onAdopt);
  latestOnAdopt.current = onAdopt;

  // State → address.
  useEffect(() => {
    const next = paramsOf(filters).toString();
    sessionStorage.setItem(LAST_LIST_SEARCH_KEY, next);
    if (next === shown.current) return;
    shown.current = next;
    setSearchParams(next, { replace: true });
  }, [filters, setSearchParams]);

  // Address → state, when the address changed without us.
  useEffect(() => {
    const fromAddress = filtersFromParams(searchParams);
    const normalised = paramsOf(fromAddress).toString();
    if (normalised === shown.current) return;
    shown.current = normalised;
    setFilters(fromAddress);
    latestOnAdopt.current?.(fromAddress);
  }, [searchParams]);

  const setFilter = useCallback(
    <K extends keyof ProductFilters>(key: K, value: ProductFilters[K]) =>
      setFilters((current) => (current[key] === value ? current : { ...current, [key]: value })),
    [],
  );

  const clearAll = useCallback(() => setFilters(defaultProductFilters), []);

  return { filters, setFilter, clearAll };
}
