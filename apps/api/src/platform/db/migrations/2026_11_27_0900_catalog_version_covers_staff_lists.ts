import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.js';

/**
 * `catalog_version` (migration 2026_11_24_1300) goes up also with every write to what
 * the staff's product list shows beyond the storefront's: a product's revisions (the
 * pending or rejected change an admin reviews) and the people it names (the vendor's
 * person and the reviewing admin, `users.name`). The staff list's answers are then
 * kept by catalog version as the storefront's are
 * (docs/decisions/0033-staff-product-list-answers-kept-by-catalog-version.md).
 *
 * `users` raises it only when a name changes or a user goes: a sign-in, a sign-out
 * (`token_version`) or a password change leaves the catalog as it was. A new user is
 * named by no product until a vendor row or a review points at it, and those writes
 * raise the version themselves. Triggers, as in 2026_11_24_1300, so no writer can forget it.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      create trigger product_revisions_bump_catalog_version
      after insert or update or delete on product_revisions
      for each statement execute function bump_catalog_version()`.execute(db);
    await sql`
      create trigger users_bump_catalog_version
      after update of name or delete on users
      for each statement execute function bump_catalog_version()`.execute(db);
    return;
  }
  for (const operation of ['insert', 'update', 'delete']) {
    await sql`
      create trigger ${sql.raw(`product_revisions_${operation}_bump_catalog_version`)}
      after ${sql.raw(operation)} on product_revisions
      begin
        update catalog_version set version = version + 1 where id = 1;
      end`.execute(db);
  }
  // Only when the name really changes: SQLite fires "update of" whenever the column is set.
  await sql`
    create trigger users_update_bump_catalog_version
    after update of name on users
    when new.name is not old.name
    begin
      update catalog_version set version = version + 1 where id = 1;
    end`.execute(db);
  await sql`
    create trigger users_delete_bump_catalog_version
    after delete on users
    begin
      update catalog_version set version = version + 1 where id = 1;
    end`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger product_revisions_bump_catalog_version on product_revisions`.execute(db);
    await sql`drop trigger users_bump_catalog_version on users`.execute(db);
    return;
  }
  for (const operation of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.raw(`product_revisions_${operation}_bump_catalog_version`)}`.execute(db);
  }
  await sql`drop trigger users_update_bump_catalog_version`.execute(db);
  await sql`drop trigger users_delete_bump_catalog_version`.execute(db);
}
