import type { Db } from '../../../platform/db/create-db.js';
import { isPostgres } from '../../../platform/db/dialect.js';
import type { ListContext, ListSearch } from '../../../platform/db/list-search.js';
import type { ProductRows } from '../products.repository.js';
import { keepingCounts, keptCountsOf } from './kept-counts.js';
import { planningCountsOf } from './planning-counts.js';
import { type PostgresProductPlan, postgresProductSearch } from './postgres.js';
import type { ProductQuery } from './shared.js';
import { type SqliteProductPlan, sqliteProductSearch } from './sqlite.js';

/**
 * The product list's search (`ListSearch`, platform/db/list-search.ts): the one for
 * `db`'s database, with the counts `lists` (the app's list context) keeps: a paged
 * count kept for the list's next pages (decision 0034) and the filters' planning counts.
 */
export function productSearch(
  db: Db,
  lists: ListContext,
): ListSearch<ProductQuery, SqliteProductPlan | PostgresProductPlan, ProductRows> {
  const planning = planningCountsOf(lists);
  const search: ListSearch<ProductQuery, SqliteProductPlan | PostgresProductPlan, ProductRows> = isPostgres(db)
    ? postgresProductSearch(db, planning)
    : sqliteProductSearch(db, planning);
  return keepingCounts(search, keptCountsOf(lists));
}
