import { describe, expect, it } from 'vitest';
import { dashboardKeys } from '../../features/dashboard/api';
import { vendorPortalKeys } from '../../features/vendor-portal/api';
import { queries } from '../../lib/api-client';
import { productFigureKeys } from '../../lib/query-keys';

describe('productFigureKeys', () => {
  it("are the roots of the dashboards' and the categories' own key factories", () => {
    expect(productFigureKeys).toEqual([
      dashboardKeys.all,
      vendorPortalKeys.dashboard(),
      queries.categories.key(),
      queries.subcategories.key(),
    ]);
  });
});
