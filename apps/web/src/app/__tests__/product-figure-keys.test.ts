import { describe, expect, it } from 'vitest';
import { categoryKeys, subcategoryKeys } from '../../features/categories/api';
import { vendorPortalKeys } from '../../features/vendor-portal/api';
import { queries } from '../../lib/api-client';
import { productFigureKeys } from '../../lib/query-keys';

describe('productFigureKeys', () => {
  it("are the roots of the dashboards' and the categories' own key factories", () => {
    expect(productFigureKeys).toEqual([
      queries.dashboard.key(),
      vendorPortalKeys.dashboard(),
      categoryKeys.all,
      subcategoryKeys.all,
    ]);
  });
});
