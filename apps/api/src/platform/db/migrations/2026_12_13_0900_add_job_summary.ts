import { isPostgres, type MigrationDb, widenCheckConstraint } from './helpers.js';

/**
 * Product imports run as jobs (issue 26 'Imports'; decision 0111):
 * - `jobs.total`: the rows a job will go through when it knows them at the start (an
 *   import counts its file's rows), so the screen shows "120 of 747";
 * - `jobs.summary`: what a finished job did, JSON (`{"created":700,"refused":7,…}`);
 * - `jobs.input`: the file a job reads (an import's CSV), apart from `params` so that
 *   following a job's progress never reads it;
 * - notifications gain `import_done` and `bulk_done` (subject `job`): the bell says when
 *   an import or a bulk action run as a job (decision 0112) ends.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('total', 'integer').execute();
  await db.schema.alterTable('jobs').addColumn('summary', 'text').execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('input', isPostgres(db) ? 'bytea' : 'blob')
    .execute();
  await widenCheckConstraint(db, 'notifications', 'notifications_kind_check', 'kind', [
    ...notificationKinds,
    'import_done',
    'bulk_done',
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
  'export_ready',
];

export async function down(db: MigrationDb): Promise<void> {
  await db.deleteFrom('notifications').where('kind', 'in', ['import_done', 'bulk_done']).execute();
  await widenCheckConstraint(db, 'notifications', 'notifications_kind_check', 'kind', notificationKinds);
  await db.schema.alterTable('jobs').dropColumn('input').execute();
  await db.schema.alterTable('jobs').dropColumn('summary').execute();
  await db.schema.alterTable('jobs').dropColumn('total').execute();
}
