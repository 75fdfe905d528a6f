import { type MigrationDb, oneOf, references, timestampType, withId } from './helpers.js';

/**
 * `activity_log` (issue 10, 'Activity log'; docs/decisions/0070-activity-log.md): one
 * row per change an admin or vendor makes through the API, written in the same
 * transaction as the change, so a refused or rolled-back write leaves none.
 * - `actor_user_id`: who; set null when the account is deleted, while `actor_name`
 *   (the name at the time) and `actor_role` keep the entry readable.
 * - `action`, `record_kind`, `record_id`, `record_label`: what was done to which record
 *   (the label is the record's name or tracking number at the time, so a deleted
 *   record's entry still says what it was).
 * - `changes`: JSON `{ field: { before, after } }` of the fields that changed (money in
 *   rupees; never a password, hash or token).
 * - `created_at`: when (UTC). Append-only: there is no `updated_at`.
 * Indexes serve the admin list newest first by the keyset (created_at, id), filtered
 * by person or kind, and one record's history (kind, id).
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('activity_log'))
    .addColumn('actor_user_id', 'integer', references('users.id', 'set null'))
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('actor_role', 'text', (col) => col.notNull().check(oneOf('actor_role', ['admin', 'vendor'])))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('record_kind', 'text', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('record_label', 'text', (col) => col.notNull())
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('activity_log').columns(columns).execute();
  await index('activity_log_created_at_id_idx', ['created_at', 'id']);
  await index('activity_log_actor_created_at_idx', ['actor_user_id', 'created_at', 'id']);
  await index('activity_log_kind_created_at_idx', ['record_kind', 'created_at', 'id']);
  await index('activity_log_record_idx', ['record_kind', 'record_id', 'created_at', 'id']);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('activity_log').execute();
}
