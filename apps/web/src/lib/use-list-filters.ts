import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';

/** A list's filters: each one a string-valued choice, written into the address by its key. */
export type ListFilters<F> = { [K in keyof F]: string };

/** The query that shows these filters: only the ones that differ from the defaults. */
export function paramsOfFilters<F extends ListFilters<F>>(filters: F, defaults: F): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults) as (keyof F & string)[]) {
    if (filters[key] !== defaults[key]) params.set(key, filters[key]);
  }
  return params;
}

const rememberedKey = (name: string) => `haat.${name}.listSearch`;

/**
 * The query a list remembered with `useListFilters({ remember: name })` last showed in
 * this tab ('' when none), so a 'Back to ...' link lands on the list the user left.
 */
export function rememberedListSearch(name: string): string {
  return sessionStorage.getItem(rememberedKey(name)) ?? '';
}

export interface UseListFiltersOptions<F extends ListFilters<F>> {
  /** The list as it first opens; a filter equal to its default is left out of the address. */
  defaults: F;
  /** Reads the filters from an address's query; a missing or unknown value should give its default. */
  parse: (params: URLSearchParams) => F;
  /** Remembers the last query in this tab under this name (see `rememberedListSearch`). */
  remember?: string;
  /** Told the filters taken from an address changed elsewhere (the sidebar's bare link, Back). */
  onAdopt?: (filters: F) => void;
}

/**
 * A list's filters kept in the address (decision 0014). React state is the truth
 * (react-router's search-param updates do not compose, and a debounced search lands at
 * any moment); every change is mirrored whole into the query with `replace`, so a
 * reload, a shared link or Back shows the same list. An address changed elsewhere is
 * adopted and told to `onAdopt`.
 */
export function useListFilters<F extends ListFilters<F>>({
  defaults,
  parse,
  remember,
  onAdopt,
}: UseListFiltersOptions<F>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // A navigation away from this list is under way (a link was clicked; its page may still
  // be loading): a filter landing now (a debounced search) must not mirror into the
  // address, which would replace that navigation and keep the user on the list.
  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  const [filters, setFilters] = useState<F>(() => parse(searchParams));
  const latest = useRef({ defaults, parse, onAdopt });
  latest.current = { defaults, parse, onAdopt };
  const shown = useRef(paramsOfFilters(filters, defaults).toString());

  // State → address.
  useEffect(() => {
    const next = paramsOfFilters(filters, latest.current.defaults).toString();
    if (remember) sessionStorage.setItem(rememberedKey(remember), next);
    if (next === shown.current || leaving) return;
    shown.current = next;
    setSearchParams(next, { replace: true });
  }, [filters, remember, setSearchParams, leaving]);

  // Address → state, when the address changed without us.
  useEffect(() => {
    const fromAddress = latest.current.parse(searchParams);
    const normalised = paramsOfFilters(fromAddress, latest.current.defaults).toString();
    if (normalised === shown.current) return;
    shown.current = normalised;
    setFilters(fromAddress);
    latest.current.onAdopt?.(fromAddress);
  }, [searchParams]);

  const setFilter = useCallback(
    <K extends keyof F>(key: K, value: F[K]) =>
      setFilters((current) => (current[key] === value ? current : { ...current, [key]: value })),
    [],
  );

  const clearAll = useCallback(() => setFilters(latest.current.defaults), []);

  return { filters, setFilter, clearAll };
}
