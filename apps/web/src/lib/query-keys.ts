import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queries } from './api-client';

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
