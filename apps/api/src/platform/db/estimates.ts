import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from './create-db.js';

/**
 * PostgreSQL planning estimates the searches read before they choose a plan (products:
 * decision 0029; orders: decision 0035). Each only ever picks how rows are read, never
 * which rows answer.
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
