import { isPostgres, type MigrationDb, oneOf, timestampType, widenCheckConstraint, withId } from './helpers.js';

/**
 * Seller KYC (issue 35; decisions 0134-0136).
 * - `vendor_kyc`: one row per vendor who saved their KYC: legal name, PAN, GSTIN or the
 *   enrolment number of Notification 34/2023-CT, the GST code of the state they ship from,
 *   the registered address, `status` (draft → submitted → approved | changes_requested |
 *   rejected), the last review's `reasons` (JSON, by field), who decided and when, and
 *   `is_approved_before` (sent back to review by a change of PAN or GSTIN after approval).
 *   Goes with its vendor. Vendors who existed before have no row: their payouts wait
 *   until they give their KYC and an admin approves it (decision 0136).
 * - `kyc_documents`: the documents' bytes (PDF, PNG, JPEG or WebP as sent, at most 2 MB),
 *   private to their vendor and the admins; `kind` is set once attached to the KYC
 *   (`attached`), null while only uploaded. Go with their vendor.
 * - `notifications.kind` gains the KYC notices.
 */
export async function up(db: MigrationDb): Promise<void> {
  const time = timestampType(db);
  await db.schema
    .createTable('vendor_kyc')
    .addColumn('vendor_id', 'integer', (col) => col.primaryKey().references('vendors.id').onDelete('cascade'))
    .addColumn('legal_name', 'text', (col) => col.notNull())
    .addColumn('pan', 'text', (col) => col.notNull())
    .addColumn('gstin', 'text')
    .addColumn('enrolment_number', 'text')
    .addColumn('state_code', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reasons', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('is_approved_before', isPostgres(db) ? 'boolean' : 'integer', (col) =>
      col.notNull().defaultTo(isPostgres(db) ? false : 0),
    )
    .addColumn('submitted_at', time)
    .addColumn('decided_at', time)
    .addColumn('decided_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .addCheckConstraint(
      'vendor_kyc_status_check',
      oneOf('status', ['draft', 'submitted', 'approved', 'changes_requested', 'rejected']),
    )
    .execute();
  // The review list: by status, newest change first, keyset on (updated_at, vendor_id).
  await db.schema
    .createIndex('vendor_kyc_status_updated_idx')
    .on('vendor_kyc')
    .columns(['status', 'updated_at', 'vendor_id'])
    .execute();
  await db.schema.createIndex('vendor_kyc_updated_idx').on('vendor_kyc').columns(['updated_at', 'vendor_id']).execute();

  await withId(db, db.schema.createTable('kyc_documents'))
    .addColumn('vendor_id', 'integer', (col) => col.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('kind', 'text')
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .addCheckConstraint('kyc_documents_kind_check', oneOf('kind', ['pan_card', 'gst_certificate', 'cancelled_cheque']))
    .execute();
  await db.schema.createIndex('kyc_documents_vendor_idx').on('kyc_documents').columns(['vendor_id', 'id']).execute();

  await widenCheckConstraint(db, 'notifications', 'notifications_kind_check', 'kind', [
    ...notificationKinds,
    ...kycNotificationKinds,
  ]);
}

/** The notification kinds before this migration. */
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
  'import_done',
  'bulk_done',
];
const kycNotificationKinds = ['kyc_submitted', 'kyc_approved', 'kyc_changes_requested', 'kyc_rejected'];

export async function down(db: MigrationDb): Promise<void> {
  await db.deleteFrom('notifications').where('kind', 'in', kycNotificationKinds).execute();
  await widenCheckConstraint(db, 'notifications', 'notifications_kind_check', 'kind', notificationKinds);
  await db.schema.dropTable('kyc_documents').execute();
  await db.schema.dropTable('vendor_kyc').execute();
}
