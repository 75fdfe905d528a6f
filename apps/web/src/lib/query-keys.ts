import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queries } from './api-client';

/**
 * A feature's query keys, after Medusa's `lib/query-key-factory.ts`: every list sits
 * under `lists()` and every record under `details()`, so a mutation refreshes what it
 * touched with `invalidateQueries({ queryKey: keys.lists() })` and `keys.detail(id)`.
 *
 * ```ts
 * export const productKeys = createQueryKeys<'products', ProductFilters>('products');
 * productKeys.list({ search: 'lamp' }) // ['products', 'list', { search: 'lamp' }]
 * productKeys.detail('7')              // ['products', 'detail', '7']
 * ```
 */
export function createQueryKeys<const Root extends string, Filters = undefined>(root: Root) {
  const keys = {
    all: [root] as const,
    lists: () => [...keys.all, 'list'] as const,
    list: (filters: Filters) => [...keys.lists(), filters] as const,
    details: () => [...keys.all, 'detail'] as const,
    detail: (id: string) => [...keys.details(), id] as const,
  };
  return keys;
}

/**
 * The roots of the queries, in other features, whose figures count products: the
 * admin's and the vendor's dashboards and the categories' and subcategories' product
 * counts (every read of those endpoints, `queries.categories.key()`). Features do not
 * import each other, so the product feature reaches them through this list (a test
 * checks it against those features' own keys).
 */
export const productFigureKeys: readonly QueryKey[] = [
  queries.dashboard.key(),
  queries.vendorPortal.dashboard.key(),
  queries.categories.key(),
  queries.subcategories.key(),
];

/**
 * Marks every product-dependent figure stale and re-reads those on screen, so a
 * product's create, edit, review or delete shows in the dashboard cards, category
 * counts and pending count at once (issue 12) rather than 30 s later.
 */
export function invalidateProductFigures(queryClient: QueryClient): void {
  for (const queryKey of productFigureKeys) void queryClient.invalidateQueries({ queryKey });
}
