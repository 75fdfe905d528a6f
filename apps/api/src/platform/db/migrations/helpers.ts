import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.js';

export { isPostgres };

/**
 * Column types that differ between the two databases, so one migration serves
 * both. Migrations use only these and the schema builder.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against whatever schema exists at their time
export type MigrationDb = Kysely<any>;

/** `id` primary key: identity on PostgreSQL, AUTOINCREMENT rowid on SQLite (ids never reused). */
export function withId<T extends string>(db: MigrationDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** A UTC instant: `timestamptz` on PostgreSQL, ISO 8601 text on SQLite. */
export function timestampType(db: MigrationDb) {
  return isPostgres(db) ? ('timestamptz' as const) : ('text' as const);
}

/** A calendar date: `date` on PostgreSQL, `YYYY-MM-DD` text on SQLite. */
export function dateType(db: MigrationDb) {
  return isPostgres(db) ? ('date' as const) : ('text' as const);
}

/** A boolean: `boolean` on PostgreSQL, 0/1 integer on SQLite. */
export function booleanType(db: MigrationDb) {
  return isPostgres(db) ? ('boolean' as const) : ('integer' as const);
}

/** Money in integer paise. */
export const moneyType = 'bigint' as const;

/** Adds `created_at` and `updated_at` to a table. */
export function withTimestamps<T extends string, C extends string>(db: MigrationDb, table: CreateTableBuilder<T, C>) {
  const type = timestampType(db);
  return table
    .addColumn('created_at', type, (col) => col.notNull())
    .addColumn('updated_at', type, (col) => col.notNull());
}

/** A foreign key column. */
export function references(target: string, onDelete: 'cascade' | 'set null' | 'restrict') {
  return (col: ColumnDefinitionBuilder) => col.references(target).onDelete(onDelete);
}

/** `value in ('a', 'b')` for a check constraint. */
export function oneOf(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

/**
 * Lets a `check (column in (...))` constraint named `constraint` on `table` take
 * `values` (the old values and more: every stored row stays valid). PostgreSQL drops
 * and re-adds the constraint. SQLite cannot alter a constraint, so the table is rebuilt
 * the way SQLite's manual prescribes (its "making other kinds of table schema changes"):
 * with foreign keys off, a copy is created from the stored definition with the new
 * list, filled, swapped in by name, and given back its indexes and triggers, all in
 * one transaction; foreign keys are checked before the commit. Kysely runs SQLite
 * migrations outside a transaction, which is what lets this switch foreign keys off
 * (a pragma that does nothing inside one). The table's rows keep their ids, so what
 * references them (by foreign key, or an FTS index by rowid) still points right.
 * @throws Error when the stored definition does not hold the constraint as expected.
 */
export async function widenCheckConstraint(
  db: MigrationDb,
  table: string,
  constraint: string,
  column: string,
  values: readonly string[],
): Promise<void> {
  const check = oneOf(column, values);
  if (isPostgres(db)) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(constraint)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(constraint)} check (${check})`.execute(db);
    return;
  }
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_schema where tbl_name = ${table}`.execute(db);
  const definition = rows.find((row) => row.type === 'table')?.sql;
  const pattern = new RegExp(`constraint "${constraint}" check \\("${column}" in \\([^)]*\\)\\)`);
  if (!definition || !pattern.test(definition))
    throw new Error(`${table}: no constraint ${constraint} on ${column} in its stored definition`);
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  const copy = `${table}_widened`;
  const copyDefinition = definition
    .replace(pattern, `constraint "${constraint}" check ("${column}" in (${list}))`)
    .replace(/^CREATE TABLE "?[A-Za-z_]+"?/, `CREATE TABLE "${copy}"`);
  const rest = rows.filter((row) => (row.type === 'index' || row.type === 'trigger') && row.sql !== null);

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(copyDefinition).execute(db);
      await sql`insert into ${sql.table(copy)} select * from ${sql.table(table)}`.execute(db);
      await sql`drop table ${sql.table(table)}`.execute(db);
      // Other tables' triggers name this table; the legacy rename does not re-check them
      // while the name is briefly unused.
      await sql`pragma legacy_alter_table = on`.execute(db);
      await sql`alter table ${sql.table(copy)} rename to ${sql.table(table)}`.execute(db);
      await sql`pragma legacy_alter_table = off`.execute(db);
      for (const row of rest) await sql.raw(row.sql as string).execute(db);
      const broken = await sql`pragma foreign_key_check(${sql.lit(table)})`.execute(db);
      if (broken.rows.length > 0) throw new Error(`${table}: foreign keys broken by the rebuild`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
