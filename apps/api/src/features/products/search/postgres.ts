import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import { afterKeyset, choosePostgresPagePlan, type Keyset } from '../../../platform/db/lists.js';
import {
  countWhere,
  eb,
  findWalkIds,
  type ProductConditions,
  type ProductSort,
  productSortKeys,
  whereAll,
} from './shared.js';

/**
 * The product list on PostgreSQL (docs/decisions/0010, 0017): its planner's own
 * choice serves unsearched lists; a searched page follows the plan
 * `choosePostgresPagePlan` picks from the counted total.
 */

/**
 * PostgreSQL: the ids of one page (`size` rows after `after`, in `sort` order) of the
 * products meeting `conditions`, a search among them, `total` of them (at least, with
 * `totalAtLeast`: a total counted to its bound). The plan comes
 * from `choosePostgresPagePlan`: walk the sort order's index, reading at most `budget`
 * products, each checked against the conditions, and gather if the walk falls short;
 * or gather every match (bitmap scans of the trigram index) and sort them.
 */
export async function findPostgresPageIds(
  db: Db,
  conditions: ProductConditions[],
  sort: ProductSort,
  size: number,
  after: Keyset | undefined,
  total: number,
  totalAtLeast = false,
): Promise<number[]> {
  const { key, direction } = productSortKeys[sort];
  const where = whereAll(true, conditions);
  const plan = choosePostgresPagePlan(size, total, await estimateProductRows(db), totalAtLeast);
  if (plan.access === 'walk') {
    const ids = await findWalkIds(db, true, conditions, sort, size, after, plan.budget);
    if (ids.length === size) return ids;
  }
  // MATERIALIZED: computed apart, so PostgreSQL cannot turn the sort and limit back into a walk.
  const rows = await db
    .with(
      (cte) => cte('matches').materialized(),
      () =>
        db
          .selectFrom('products as p')
          .select(['p.id', sql<string | number>`${key}`.as('sortKey')])
          .$if(where !== undefined, (qb) => qb.where(where as Expression<SqlBool>))
          .$if(after !== undefined, (qb) => qb.where(afterKeyset(key, eb.ref('p.id'), direction, after as Keyset))),
    )
    .selectFrom('matches')
    .select('matches.id')
    .orderBy('matches.sortKey', direction)
    .orderBy('matches.id', direction)
    .limit(size)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * PostgreSQL: products in the table, from the planner's statistics (kept by ANALYZE and
 * autovacuum; only the plan depends on it, never the answer), or counted when the table
 * was never analysed.
 */
async function estimateProductRows(db: Db): Promise<number> {
  const result = await sql<{ rows: number }>`
    select reltuples::float8 as rows from pg_class where oid = to_regclass('products')`.execute(db);
  const rows = Number(result.rows[0]?.rows ?? -1);
  return rows > 0 ? rows : countWhere(db, undefined);
}
