import { sql } from 'kysely';
import { isPostgres, type MigrationDb, timestampType, withTimestamps } from './helpers.js';

/**
 * A job queue with leases (issue 32; decision 0116):
 * - `jobs.lease`: the owner token of the claim that runs a job. Every write a runner makes
 *   to its job (progress, heartbeat, a piece of its file, done, failed) names it, so a
 *   process whose job was taken over writes nothing.
 * - `jobs.run_at`: a job waiting for a retry is not claimed before then (back-off); null
 *   is "as soon as a runner is free".
 * - `job_schedules`: one row per periodic task (the clean-up, the release of held
 *   earnings) with when it is next due; the runner that moves `next_run_at` on runs the
 *   round, so a round runs once however many processes share the database.
 * - PostgreSQL: a statement that inserts jobs sends `NOTIFY haat_jobs` on commit, so idle
 *   runners in every process wake at once (SQLite keeps polling).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lease', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('run_at', timestampType(db)).execute();
  await withTimestamps(
    db,
    db.schema
      .createTable('job_schedules')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('next_run_at', timestampType(db), (col) => col.notNull())
      .addColumn('last_run_at', timestampType(db)),
  ).execute();
  if (isPostgres(db)) {
    await sql`
      create function jobs_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('haat_jobs', '');
        return null;
      end $$`.execute(db);
    await sql`
      create trigger jobs_notify_after_insert after insert on jobs
      for each statement execute function jobs_notify()`.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger jobs_notify_after_insert on jobs`.execute(db);
    await sql`drop function jobs_notify()`.execute(db);
  }
  await db.schema.dropTable('job_schedules').execute();
  await db.schema.alterTable('jobs').dropColumn('run_at').execute();
  await db.schema.alterTable('jobs').dropColumn('lease').execute();
}
