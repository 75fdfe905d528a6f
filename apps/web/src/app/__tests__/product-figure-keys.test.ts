import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queries } from '../../lib/api-client';
import { invalidateProductFigures, productFigureKeys } from '../../lib/query-keys';

describe('productFigureKeys', () => {
  it("are the roots of the dashboards' and the categories' own key factories", () => {
    expect(productFigureKeys).toEqual([
      queries.dashboard.key(),
      queries.vendorPortal.dashboard.key(),
      queries.categories.key(),
      queries.subcategories.key(),
    ]);
  });

  it("mark both dashboards' answers stale, and not the dashboard settings", () => {
    const queryClient = new QueryClient();
    const figures: QueryKey[] = [
      queries.dashboard.summary.queryKey({ input: { query: { months: '6' } } }),
      queries.vendorPortal.dashboard.queryKey(),
    ];
    const settings: QueryKey = queries.dashboardSettings.get.queryKey();
    for (const key of [...figures, settings]) queryClient.setQueryData(key, { figure: 1 });
    invalidateProductFigures(queryClient);
    for (const key of figures) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(settings)?.isInvalidated).toBe(false);
  });
});
