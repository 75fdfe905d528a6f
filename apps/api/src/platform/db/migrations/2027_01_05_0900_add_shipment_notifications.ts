import { type MigrationDb, widenCheckConstraint } from './helpers.js';

/**
 * The bell's shipment notices (issue 34; docs/decisions/0154-who-hears-of-a-shipment.md):
 * `notifications.kind` gains 'shipment_shipped' and 'shipment_delivered' (a vendor's
 * shipment moved by the store, their part of an order delivered) and 'shipment_late'
 * (a vendor's shipment past its ship-by, to the order staff).
 */
export async function up(db: MigrationDb): Promise<void> {
  await widenCheckConstraint(db, 'notifications', 'notifications_kind_check', 'kind', [
    ...notificationKinds,
    ...shipmentNotificationKinds,
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
  'kyc_submitted',
  'kyc_approved',
  'kyc_changes_requested',
  'kyc_rejected',
];
const shipmentNotificationKinds = ['shipment_shipped', 'shipment_delivered', 'shipment_late'];

export async function down(db: MigrationDb): Promise<void> {
  await db.deleteFrom('notifications').where('kind', 'in', shipmentNotificationKinds).execute();
  await widenCheckConstraint(db, 'notifications', 'notifications_kind_check', 'kind', notificationKinds);
}
