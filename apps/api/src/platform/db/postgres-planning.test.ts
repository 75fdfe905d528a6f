import { describe, expect, it } from 'vitest';
import { choosePostgresPagePlan } from './postgres-planning.js';

/** PostgreSQL's page-plan chooser, shared by the product and order searches, without a database. */

describe('choosePostgresPagePlan', () => {
  it('walks the sort order, at most as many rows as there are matches, when matches are dense', () => {
    // 51 * 1,000,000 / 100,000 = 510 rows expected < 100,000 matches.
    expect(choosePostgresPagePlan(51, 100_000, 1_000_000)).toEqual({ access: 'walk', budget: 100_000 });
  });
  it('gathers the matches when they are sparse or absent', () => {
    expect(choosePostgresPagePlan(51, 1000, 1_000_000)).toEqual({ access: 'gather' });
    expect(choosePostgresPagePlan(51, 0, 1_000_000)).toEqual({ access: 'gather' });
  });
});
