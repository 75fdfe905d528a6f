import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.js';

/** Every table whose writes raise `catalog_version` (migrations 2026_11_24_1300 and 2026_11_27_0900). */
const CATALOG_TABLES = ['products', 'product_images', 'categories', 'subcategories', 'vendors', 'product_revisions'];

/**
 * PostgreSQL: `catalog_version` goes up once per transaction, at its commit, after every
 * row it wrote (issue 23; docs/decisions/0090-catalog-version-at-commit-and-retried-transactions.md).
 *
 * The statement triggers of 2026_11_24_1300 updated the version row after each
 * statement, so a checkout taking stock of products 1 and 2 locked product 1, then the
 * version row, then product 2: two checkouts of overlapping carts each held what the
 * other waited for, and PostgreSQL broke the cycle with `deadlock detected` (a 500).
 * The version row was no longer taken last, and decision 0040's one lock order
 * (products by id, then the coupon) no longer held.
 *
 * Now each of those tables has a constraint trigger, deferred to the commit, that
 * raises the version the first time it fires in a transaction (a transaction-local
 * setting marks it done; the rest of that transaction's events return at once). The
 * version row is the last lock every catalog writer takes, held only while it commits;
 * the new version still becomes visible exactly with the new rows. `users` raises it
 * when a name really changes or a user goes, as before.
 *
 * SQLite is left as it is: it runs one write transaction at a time, so its row triggers
 * cannot deadlock.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function bump_catalog_version_once() returns trigger language plpgsql as $$
    begin
      if current_setting('haat.catalog_version_bumped', true) is distinct from 'on' then
        perform set_config('haat.catalog_version_bumped', 'on', true);
        update catalog_version set version = version + 1 where id = 1;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of CATALOG_TABLES) {
    await sql`drop trigger ${sql.raw(`${table}_bump_catalog_version`)} on ${sql.table(table)}`.execute(db);
    await sql`
      create constraint trigger ${sql.raw(`${table}_bump_catalog_version_at_commit`)}
      after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred
      for each row execute function bump_catalog_version_once()`.execute(db);
  }
  await sql`drop trigger users_bump_catalog_version on users`.execute(db);
  await sql`
    create constraint trigger users_rename_bump_catalog_version_at_commit
    after update of name on users
    deferrable initially deferred
    for each row when (old.name is distinct from new.name)
    execute function bump_catalog_version_once()`.execute(db);
  await sql`
    create constraint trigger users_delete_bump_catalog_version_at_commit
    after delete on users
    deferrable initially deferred
    for each row execute function bump_catalog_version_once()`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of CATALOG_TABLES) {
    await sql`drop trigger ${sql.raw(`${table}_bump_catalog_version_at_commit`)} on ${sql.table(table)}`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_bump_catalog_version`)}
      after insert or update or delete on ${sql.table(table)}
      for each statement execute function bump_catalog_version()`.execute(db);
  }
  await sql`drop trigger users_rename_bump_catalog_version_at_commit on users`.execute(db);
  await sql`drop trigger users_delete_bump_catalog_version_at_commit on users`.execute(db);
  await sql`
    create trigger users_bump_catalog_version
    after update of name or delete on users
    for each statement execute function bump_catalog_version()`.execute(db);
  await sql`drop function bump_catalog_version_once()`.execute(db);
}
