import { sql } from 'kysely';
import { isPostgres, type MigrationDb, oneOf } from './helpers.js';

/** The register's events before this migration, and the one it adds. */
const before = ['sale', 'cancellation', 'refund'];
const after = [...before, 'tds_catch_up'];

/**
 * The TDS catch-up at the Rs. 5 lakh crossing (issue 35; decision 0148, "The Rs. 5 lakh
 * relief"): `tax_deductions.event` may be `tds_catch_up`, the row of an earlier line of
 * the financial year of a resident individual or HUF seller, spared TDS while their
 * gross stayed within the limit, that deducts it when a sale takes the year past it.
 * The column's check was written unnamed (2027_01_01_0900); it is named
 * `tax_deductions_event_check` here on both databases. SQLite rebuilds the table (no
 * trigger names it; its three indexes are made again); PostgreSQL swaps the constraint.
 * Every stored row stays valid.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table tax_deductions drop constraint if exists tax_deductions_event_check`.execute(db);
    await sql`alter table tax_deductions add constraint tax_deductions_event_check check (${oneOf('event', after)})`.execute(
      db,
    );
    return;
  }
  await rebuildSqlite(db, after);
}

/** Takes `tds_catch_up` back (refused while a row holds it: the check would fail). */
export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table tax_deductions drop constraint if exists tax_deductions_event_check`.execute(db);
    await sql`alter table tax_deductions add constraint tax_deductions_event_check check (${oneOf('event', before)})`.execute(
      db,
    );
    return;
  }
  await rebuildSqlite(db, before);
}

/** SQLite: the table made again with the event's check over `values`, rows, indexes and all. */
async function rebuildSqlite(db: MigrationDb, values: readonly string[]): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_schema where tbl_name = 'tax_deductions'`.execute(db);
  const definition = rows.find((row) => row.type === 'table')?.sql;
  const pattern = /(constraint "tax_deductions_event_check" )?check \("event" in \([^)]*\)\)/;
  if (!definition || !pattern.test(definition)) throw new Error('tax_deductions: no check on event in its definition');
  const list = values.map((value) => `'${value}'`).join(', ');
  const copy = definition
    .replace(pattern, `constraint "tax_deductions_event_check" check ("event" in (${list}))`)
    .replace(/^CREATE TABLE "?tax_deductions"?/, 'CREATE TABLE "tax_deductions_rebuilt"');
  const indexes = rows.filter((row) => row.type === 'index' && row.sql !== null);
  await sql.raw(copy).execute(db);
  await sql`insert into tax_deductions_rebuilt select * from tax_deductions`.execute(db);
  await sql`drop table tax_deductions`.execute(db);
  await sql`alter table tax_deductions_rebuilt rename to tax_deductions`.execute(db);
  for (const index of indexes) await sql.raw(index.sql as string).execute(db);
}
