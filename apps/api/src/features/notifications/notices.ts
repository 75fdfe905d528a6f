import type { NotificationKind } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { insertNotifications, markSubjectRead, type NewNotification } from './notifications.repository.js';
import { signalRecipients } from './notifications.signals.js';

/**
 * What every notice is made of (issue 10 'Live notifications'; decisions 0065 and 0066):
 * the titles, the screens they open, the money and count wording, and the delivery of
 * one row per recipient with the signal to their bells. The rules of which event tells
 * whom live in `subscribers/`, one file per feature whose events they hear
 * (docs/decisions/0114-domain-events-in-the-transaction.md); each runs in the
 * transaction of its event, so a rolled-back write leaves no notification.
 */

/** Stock at or below this is low unless `LOW_STOCK_THRESHOLD` says otherwise (issue 10). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** The screen addresses notifications open (the web app's `paths.ts`). */
export const links = {
  order: (id: number) => `/admin/orders/${id}`,
  vendorOrder: (id: number) => `/admin/my-orders/${id}`,
  productEdit: (id: number) => `/admin/products/edit/${id}`,
  productReview: (id: number) => `/admin/products/${id}`,
  vendors: '/admin/vendors',
  contacts: '/admin/contact',
  earnings: '/admin/earnings',
  dashboard: '/admin/dashboard',
  payouts: '/admin/payouts',
  kyc: '/admin/kyc',
  kycReview: (vendorId: number) => `/admin/kyc-review/${vendorId}`,
  approvalQueue: '/admin/products/pending',
  productImport: (jobId: number) => `/admin/products/import/${jobId}`,
  job: (jobId: number) => `/admin/jobs/${jobId}`,
  export: (jobId: number) => `/admin/exports/${jobId}`,
};

/** The titles of each kind of notification. */
export const notificationTitles: Record<NotificationKind, string> = {
  order_placed: 'New order received',
  low_stock: 'Low inventory',
  product_submitted: 'Product awaiting approval',
  vendor_registered: 'New vendor registered',
  contact_received: 'New contact message',
  product_approved: 'Product approved',
  product_rejected: 'Product rejected',
  order_cancelled: 'Order items cancelled',
  order_returned: 'Order items returned',
  cancel_requested: 'Cancellation requested',
  cancel_declined: 'Cancellation declined',
  payout_paid: 'Payout paid',
  export_ready: 'Export ready',
  import_done: 'Import done',
  bulk_done: 'Bulk action finished',
  bank_details_changed: 'Vendor bank details changed',
  vendor_approved: 'Your account is approved',
  kyc_submitted: 'KYC awaiting review',
  kyc_approved: 'KYC approved',
  kyc_changes_requested: 'KYC changes requested',
  kyc_rejected: 'KYC rejected',
  shipment_shipped: 'Shipment shipped',
  shipment_delivered: 'Shipment delivered',
  shipment_late: 'Shipment late',
};

/** `1 item`, `3 items`. */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Writes the notifications (one row per recipient each) and signals their recipients' bells on commit. */
export async function deliverAll(trx: Db, rows: readonly NewNotification[]): Promise<void> {
  await insertNotifications(trx, rows);
  await signalRecipients(
    trx,
    rows.map((row) => row.userId),
  );
}

/** Writes one notice to each of `userIds` (each once) and signals them. */
export async function deliver(
  trx: Db,
  userIds: readonly number[],
  notice: Omit<NewNotification, 'userId'>,
): Promise<void> {
  await deliverAll(
    trx,
    [...new Set(userIds)].map((userId) => ({ ...notice, userId })),
  );
}

/**
 * A notice whose subject has been handled stops counting as unread for everyone it was
 * for (issue 27): another admin's "Product awaiting approval" once one admin reviewed
 * it, "New vendor registered" once one approved or rejected the vendor. Their bells
 * hear of it on commit.
 * @param trx the transaction that handled the subject.
 */
export async function settleNotices(
  trx: Db,
  kind: NotificationKind,
  subjectType: 'product' | 'vendor' | 'order' | 'contact',
  subjectId: number,
  now: string,
): Promise<void> {
  const users = await markSubjectRead(trx, kind, subjectType, subjectId, now);
  if (users.length > 0) await signalRecipients(trx, [...new Set(users)]);
}
