import { isPostgres, type MigrationDb, oneOf, timestampType, widenCheckConstraint, withId } from './helpers.js';

/**
 * Background jobs (issue 26; decision 0110): a large export runs as a job on any one API
 * process and survives a restart.
 * - `jobs`: one per job: its kind and parameters (JSON), its owner, its state (queued →
 *   running → done or failed), its progress (rows written), the process's heartbeat while
 *   it runs (a job whose heartbeat stopped is taken up again), and for a finished export
 *   its file's name and when the file expires (a day after).
 * - `job_file_chunks`: the file a job made, in pieces of about 1 MiB, in the database, so
 *   any process serves it (the API processes share nothing else).
 * - Notifications gain `export_ready` (subject `job`): the bell says when a file is ready.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withId(db, db.schema.createTable('jobs'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('owner_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('queued'))
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('file_name', 'text')
    .addColumn('file_bytes', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addColumn('started_at', timestampType(db))
    .addColumn('heartbeat_at', timestampType(db))
    .addColumn('finished_at', timestampType(db))
    .addColumn('expires_at', timestampType(db))
    .addCheckConstraint('jobs_state_check', oneOf('state', ['queued', 'running', 'done', 'failed']))
    .execute();
  // The runner's claim reads the oldest waiting or running job; the sweep the expired ones.
  await db.schema.createIndex('jobs_state_id_idx').on('jobs').columns(['state', 'id']).execute();
  await db.schema.createIndex('jobs_expires_at_idx').on('jobs').column('expires_at').execute();
  await db.schema.createIndex('jobs_owner_idx').on('jobs').column('owner_user_id').execute();
  await db.schema
    .createTable('job_file_chunks')
    .addColumn('job_id', 'integer', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (col) => col.notNull())
    .addPrimaryKeyConstraint('job_file_chunks_pkey', ['job_id', 'seq'])
    .execute();
  await widenCheckConstraint(db, 'notifications', 'notifications_kind_check', 'kind', [
    ...notificationKinds,
    'export_ready',
  ]);
  await widenCheckConstraint(db, 'notifications', 'notifications_subject_type_check', 'subject_type', [
    'order',
    'product',
    'vendor',
    'contact',
    'job',
  ]);
}

const notificationKinds = [
  'order_placed',
  'low_stock',
  'product_submitted',
  'vendor_registered',
  'contact_received',
  'product_approved',
  'product_rejected',
  'order_cancelled',
  'order_returned',
  'cancel_requested',
  'cancel_declined',
  'payout_paid',
  'bank_details_changed',
  'vendor_approved',
];

export async function down(db: MigrationDb): Promise<void> {
  await db.deleteFrom('notifications').where('kind', '=', 'export_ready').execute();
  await widenCheckConstraint(db, 'notifications', 'notifications_subject_type_check', 'subject_type', [
    'order',
    'product',
    'vendor',
    'contact',
  ]);
  await widenCheckConstraint(db, 'notifications', 'notifications_kind_check', 'kind', notificationKinds);
  await db.schema.dropTable('job_file_chunks').execute();
  await db.schema.dropTable('jobs').execute();
}
