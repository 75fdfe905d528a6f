import { sql } from 'kysely';
import type { MigrationDb } from './helpers.js';

/**
 * Unread notifications by what they concern (issue 27): when one admin handles a
 * product awaiting approval or a new vendor, every admin's unread notice of it is
 * settled (read) through this partial index, not by reading every notification.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`create index notifications_unread_subject_idx on notifications (subject_type, subject_id, kind)
    where read_at is null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index notifications_unread_subject_idx`.execute(db);
}
