import { sql } from 'kysely';
import { isPostgres, type MigrationDb, timestampType } from './helpers.js';

/** What a refused change of an entry answers, on both databases. */
const REFUSAL = 'vendor_ledger_entries is append-only: post a new entry instead';

/**
 * The vendors' ledger keeps its own promise (issue 32; docs/decisions/0115-one-ledger-posting-path.md):
 * `vendor_ledger_entries` refuses every UPDATE and DELETE by trigger, so an entry once
 * posted stays as it was, whatever code or hand runs against the database; a mistake is
 * corrected by a new entry (an adjustment). Its `updated_at` goes: a row that never
 * changes has no time of change (the stated exception to "every table has updated_at").
 *
 * PostgreSQL: one trigger function raising `restrict_violation` (SQLSTATE 23001), fired
 * before each row's UPDATE or DELETE and before a TRUNCATE. SQLite: two BEFORE triggers
 * calling `raise(abort, …)`, which rolls back the statement. `DROP TABLE` (a reset or a
 * restore with `pg_restore --clean`) is not a row change and still works.
 *
 * SQLite drops the column in place (`ALTER TABLE … DROP COLUMN`, SQLite 3.35+): no index,
 * view or trigger names it, so no rebuild is needed; the triggers come after.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('vendor_ledger_entries').dropColumn('updated_at').execute();
  if (isPostgres(db)) {
    await sql`
      create function refuse_ledger_change() returns trigger language plpgsql as $$
      begin
        raise exception '${sql.raw(REFUSAL)}' using errcode = 'restrict_violation';
      end $$`.execute(db);
    await sql`
      create trigger vendor_ledger_entries_append_only
      before update or delete on vendor_ledger_entries
      for each row execute function refuse_ledger_change()`.execute(db);
    await sql`
      create trigger vendor_ledger_entries_no_truncate
      before truncate on vendor_ledger_entries
      for each statement execute function refuse_ledger_change()`.execute(db);
    return;
  }
  for (const change of ['update', 'delete'])
    await sql`
      create trigger ${sql.raw(`vendor_ledger_entries_no_${change}`)}
      before ${sql.raw(change)} on vendor_ledger_entries
      begin
        select raise(abort, '${sql.raw(REFUSAL)}');
      end`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger vendor_ledger_entries_no_truncate on vendor_ledger_entries`.execute(db);
    await sql`drop trigger vendor_ledger_entries_append_only on vendor_ledger_entries`.execute(db);
    await sql`drop function refuse_ledger_change()`.execute(db);
  } else {
    await sql`drop trigger vendor_ledger_entries_no_update`.execute(db);
    await sql`drop trigger vendor_ledger_entries_no_delete`.execute(db);
  }
  // The entries' time of change is the time they were made: none ever changed.
  await db.schema.alterTable('vendor_ledger_entries').addColumn('updated_at', timestampType(db)).execute();
  await sql`update vendor_ledger_entries set updated_at = created_at`.execute(db);
}
