import { useCallback, useState } from 'react';
import { defaultProductFilters, type ProductFilters } from '../api';

/**
 * The product list's filters. Kept in React state rather than the address:
 * react-router's search-param updates do not compose (two updates before a render
 * lose one), and the debounced search lands at any moment, so a filter chosen while
 * it was pending could vanish.
 */
export function useProductFilters() {
  const [filters, setFilters] = useState<ProductFilters>(defaultProductFilters);

  const setFilter = useCallback(
    <K extends keyof ProductFilters>(key: K, value: ProductFilters[K]) =>
      setFilters((current) => (current[key] === value ? current : { ...current, [key]: value })),
    [],
  );

  const clearAll = useCallback(() => setFilters(defaultProductFilters), []);

  return { filters, setFilter, clearAll };
}
