import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.js';

/** The tables whose rows the public product list shows (docs/decisions/0026). */
const CATALOG_TABLES = ['products', 'product_images', 'categories', 'subcategories', 'vendors'] as const;

/**
 * `catalog_version`: one row (`id` 1) whose `version` goes up with every write to a
 * table the public product list reads (products, their images, categories,
 * subcategories, vendors), in the writing transaction, so every API process sees the
 * new version exactly when it sees the new rows. The public list's ETag and each
 * process's cached body are keyed by it (docs/decisions/0026-public-product-list-etag-and-cache.md).
 *
 * Kept by triggers rather than by each service, so no writer (today's or a later
 * feature's, the seed, the importer) can forget it. PostgreSQL: one statement-level
 * trigger per table; SQLite (no statement triggers): one row-level trigger per table
 * and operation. No created_at/updated_at: the row is a counter, like rate_limit_hits.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('catalog_version')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into catalog_version (id, version) values (1, 1)`.execute(db);

  if (isPostgres(db)) {
    await sql`
      create function bump_catalog_version() returns trigger language plpgsql as $$
      begin
        update catalog_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of CATALOG_TABLES) {
      await sql`
        create trigger ${sql.raw(`${table}_bump_catalog_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each statement execute function bump_catalog_version()`.execute(db);
    }
    return;
  }
  for (const table of CATALOG_TABLES) {
    for (const operation of ['insert', 'update', 'delete']) {
      await sql`
        create trigger ${sql.raw(`${table}_${operation}_bump_catalog_version`)}
        after ${sql.raw(operation)} on ${sql.table(table)}
        begin
          update catalog_version set version = version + 1 where id = 1;
        end`.execute(db);
    }
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    for (const table of CATALOG_TABLES) {
      await sql`drop trigger ${sql.raw(`${table}_bump_catalog_version`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function bump_catalog_version()`.execute(db);
  } else {
    for (const table of CATALOG_TABLES) {
      for (const operation of ['insert', 'update', 'delete']) {
        await sql`drop trigger ${sql.raw(`${table}_${operation}_bump_catalog_version`)}`.execute(db);
      }
    }
  }
  await db.schema.dropTable('catalog_version').execute();
}
