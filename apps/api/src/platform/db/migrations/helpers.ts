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
