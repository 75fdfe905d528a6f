import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from './create-db.js';

/**
 * How PostgreSQL's searches of the big lists plan (products: decisions 0017, 0029;
 * orders: decisions 0016, 0035): the estimates they read before they choose, and the
 * page plan both lists share (`choosePostgresPagePlan`). Each only ever picks how rows
 * are read, never which rows answer.
 */

/** The tables whose searches estimate their matches. */
export type EstimatedTable = 'products' | 'orders';

/**
 * PostgreSQL: the rows `table` holds, from the planner's statistics (kept by ANALYZE
 * and autovacuum), or undefined when the table was never analysed.
 */
export async function plannerRowCount(db: Db, table: EstimatedTable): Promise<number | undefined> {
  const result = await sql<{ rows: number }>`
    select reltuples::float8 as rows from pg_class where oid = to_regclass(${sql.lit(table)})`.execute(db);
  const rows = Number(result.rows[0]?.rows ?? -1);
  return rows > 0 ? rows : undefined;
}

/**
 * PostgreSQL: the share (0 to 1) of `table`'s rows meeting `where` (which names the
 * table `alias`), from the rows on a fixed sample of its pages, about `sampleRows` of
 * its `rows` (`TABLESAMPLE SYSTEM … REPEATABLE (0)`: the same pages each time, so they
 * stay cached; at least 0.01 % of the pages, at most all), or undefined when the sample
 * holds no row.
 */
export async function sampledShare(
  db: Db,
  table: EstimatedTable,
  alias: string,
  where: Expression<SqlBool>,
  rows: number,
  sampleRows: number,
): Promise<number | undefined> {
  const percent = Math.min(100, Math.max(0.01, (100 * sampleRows) / rows));
  const result = await sql<{ seen: number; hits: number }>`
    select count(*) as seen, count(*) filter (where ${where}) as hits
    from ${sql.table(table)} as ${sql.raw(alias)}
    tablesample system (${sql.lit(Number(percent.toFixed(4)))}) repeatable (0)`.execute(db);
  const seen = Number(result.rows[0]?.seen ?? 0);
  return seen > 0 ? Number(result.rows[0]?.hits ?? 0) / seen : undefined;
}

/** How a searched page is found on PostgreSQL; see `choosePostgresPagePlan`. */
export type PostgresPagePlan = { access: 'gather' } | { access: 'walk'; budget: number };

/**
 * PostgreSQL: how to find one page of `size` rows (the limit plus one) among `matches`
 * rows meeting a searched list's conditions, out of `rows` in scope. PostgreSQL's
 * estimate of a trigram search's matches can be several times off, and it then walks
 * the sort order's index from the first row without bound, though matches bunch in
 * that order. So the plan is chosen from the counted total (docs/decisions/0016 for
 * orders, 0017 for products): walk the sort order when the walk is expected to read
 * fewer rows than there are matches, reading at most as many rows as there are
 * matches (`budget`); else gather the matches through the trigram indexes and sort
 * them. Walking and gathering cost about the same per row (0.7 and 0.9 µs on the
 * 1,000,000-order store). When `matches` is only a lower bound (a total counted to its
 * bound, decision 0027), gathering reads at least that many and maybe far more, so the
 * walk may read twenty times what it is expected to before it gathers.
 */
export function choosePostgresPagePlan(
  size: number,
  matches: number,
  rows: number,
  matchesAtLeast = false,
): PostgresPagePlan {
  const expected = (size * rows) / Math.max(1, matches);
  if (matchesAtLeast) return { access: 'walk', budget: Math.ceil(Math.max(matches, 20 * expected)) };
  return expected < matches ? { access: 'walk', budget: matches } : { access: 'gather' };
}
