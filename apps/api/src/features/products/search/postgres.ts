import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import { afterKeyset, choosePostgresPagePlan, type Keyset } from '../../../platform/db/lists.js';
import type { Access, ListCount } from './plan.js';
import { plannedCount } from './planning-counts.js';
import {
  countWhere,
  countWhereUpTo,
  eb,
  findWalkIds,
  type ProductConditions,
  type ProductSort,
  productSortKeys,
  whereAll,
} from './shared.js';

/**
 * The product list on PostgreSQL (docs/decisions/0010, 0017, 0029): its planner's own
 * choice serves unsearched lists; a searched page follows the plan
 * `choosePostgresPagePlan` picks from the counted total, and a search among a filter's
 * few rows reads that filter's covering index.
 */

/**
 * A search among filters matching at most this many products reads the filters'
 * covering index (migration 2026_11_25_0900), checking each entry with one LIKE: about
 * 0.2 µs an entry, so 20 ms at most. PostgreSQL's own estimate of a 3-character text's
 * matches is a constant (100 rows for "ban", which matched 10,711), so it would rather
 * visit every trigram candidate's row: 60 ms for "ban" among 33,000 inactive products.
 */
const FILTER_SCAN_ROWS = 100_000;

/** `scan` when the list's filters (without its search) match few enough products; else the planner's choice. */
const accessFor = (filtered: number | undefined): Access =>
  filtered !== undefined && filtered <= FILTER_SCAN_ROWS ? 'scan' : 'filters';

/**
 * PostgreSQL: how many products meet all `conditions`, exact up to `bound` and
 * `bound + 1` for any more (decision 0027), and, for a search with filters, how many
 * the filters alone match (`filtered`, counted only up to `FILTER_SCAN_ROWS + 1` and
 * kept ten minutes: a planning estimate): the count, and the page after it, read a
 * few filtered rows from their covering index.
 */
export async function countPostgresProducts(
  db: Db,
  conditions: ProductConditions[],
  bound: number,
): Promise<ListCount> {
  const others = conditions.map(({ search: _, ...rest }) => rest);
  const filters = whereAll(true, others);
  const searched = conditions.some((c) => c.search !== undefined);
  const filtered =
    searched && filters !== undefined
      ? await plannedCount(db, `postgres:${JSON.stringify(others)}`, () =>
          countWhereUpTo(db, filters, FILTER_SCAN_ROWS),
        )
      : undefined;
  const total = await countWhereUpTo(db, whereAll(true, conditions, accessFor(filtered)), bound);
  return { total, bound, ...(filtered !== undefined && { filtered }) };
}

/**
 * PostgreSQL: the ids of one page (`size` rows after `after`, in `sort` order) of the
 * products meeting `conditions`, a search among them, as `countPostgresProducts`
 * counted them (`count`). The plan comes from `choosePostgresPagePlan`: walk the sort
 * order's index, reading at most `budget` products, each checked against the
 * conditions, and gather if the walk falls short; or gather every match (bitmap scans
 * of the trigram index, or the entries of a filter's covering index when the filters
 * match few products) and sort them.
 */
export async function findPostgresPageIds(
  db: Db,
  conditions: ProductConditions[],
  sort: ProductSort,
  size: number,
  after: Keyset | undefined,
  count: ListCount,
): Promise<number[]> {
  const { key, direction } = productSortKeys[sort];
  const where = whereAll(true, conditions, accessFor(count.filtered));
  const { total, bound } = count;
  const totalAtLeast = bound !== undefined && total > bound;
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
