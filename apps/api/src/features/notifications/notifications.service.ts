import { type Notification, notificationMessages } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { notFound } from '../../platform/errors.js';
import { deliver, links, notificationTitles, rupeeText, settleNotices } from './notices.js';
import {
  countNotifications,
  countUnread,
  findAdminUserIds,
  findNotification,
  findProductsForNotice,
  findVendorUserIds,
  listNotifications as listNotificationRows,
  markAllRead,
  markRead,
  NOTIFICATION_SORT,
} from './notifications.repository.js';
import { signalRecipients } from './notifications.signals.js';
import { toNotification } from './notifications.wire.js';

/**
 * The notification rules (issue 10 'Live notifications'; decisions 0065 and 0066):
 * which events the store produces become notifications, for whom, with what words
 * and which screen they open. Every `notify*` function takes the transaction of the
 * write that causes it, so a rolled-back write leaves no notification, and signals the
 * recipients' streams on commit. One row per recipient; admin-wide events go to every
 * admin.
 */

/**
 * A vendor submitted a product for approval (created it, or edited it back to
 * pending): every admin hears of it, with the review screen as its link.
 * @param trx the transaction that wrote the product.
 */
export async function notifyProductSubmitted(trx: Db, productId: number, now: string): Promise<void> {
  const product = await trx
    .selectFrom('products')
    .leftJoin('vendors', 'vendors.id', 'products.vendorId')
    .select(['products.name', 'vendors.businessName'])
    .where('products.id', '=', productId)
    .executeTakeFirstOrThrow();
  await deliver(trx, await findAdminUserIds(trx), {
    kind: 'product_submitted',
    title: notificationTitles.product_submitted,
    message: `${product.businessName ?? 'A vendor'} submitted ${product.name} for approval.`,
    subjectType: 'product',
    subjectId: productId,
    link: links.productReview(productId),
    createdAt: now,
  });
}

/**
 * A vendor registered (the public sign-up): every admin hears of it, with Vendor
 * management as its link.
 * @param trx the transaction that wrote the account.
 */
export async function notifyVendorRegistered(trx: Db, vendorId: number, now: string): Promise<void> {
  const vendor = await trx
    .selectFrom('vendors')
    .select(['businessName'])
    .where('id', '=', vendorId)
    .executeTakeFirstOrThrow();
  await deliver(trx, await findAdminUserIds(trx), {
    kind: 'vendor_registered',
    title: notificationTitles.vendor_registered,
    message: `${vendor.businessName} registered and is waiting for approval.`,
    subjectType: 'vendor',
    subjectId: vendorId,
    link: links.vendors,
    createdAt: now,
  });
}

/** Longest part of a contact message quoted in its notification, in characters. */
const QUOTE_LENGTH = 80;

/**
 * A contact message arrived from the storefront: every admin hears of it, with
 * Contact inquiries as its link.
 * @param trx the transaction that wrote the message.
 */
export async function notifyContactReceived(
  trx: Db,
  contact: { id: number; name: string; message: string },
  now: string,
): Promise<void> {
  const quote = contact.message.length > QUOTE_LENGTH ? `${contact.message.slice(0, QUOTE_LENGTH)}…` : contact.message;
  await deliver(trx, await findAdminUserIds(trx), {
    kind: 'contact_received',
    title: notificationTitles.contact_received,
    message: `${contact.name}: ${quote}`,
    subjectType: 'contact',
    subjectId: contact.id,
    link: links.contacts,
    createdAt: now,
  });
}

/**
 * An admin approved or rejected a product: its vendor hears of it (nobody for the
 * store's own products), with the product form as its link.
 * @param trx the transaction that recorded the review.
 */
export async function notifyProductReviewed(trx: Db, productId: number, approved: boolean, now: string): Promise<void> {
  await settleNotices(trx, 'product_submitted', 'product', productId, now);
  const [product] = await findProductsForNotice(trx, [productId]);
  if (!product || product.vendorId === null) return;
  const vendorUser = (await findVendorUserIds(trx, [product.vendorId])).get(product.vendorId);
  if (vendorUser === undefined) return;
  const kind = approved ? 'product_approved' : 'product_rejected';
  await deliver(trx, [vendorUser], {
    kind,
    title: notificationTitles[kind],
    message: approved
      ? `${product.name} was approved and is live on the store.`
      : `${product.name} was rejected. Edit it to send it for review again.`,
    subjectType: 'product',
    subjectId: productId,
    link: links.productEdit(productId),
    createdAt: now,
  });
}

/**
 * An admin approved a vendor's account (issue 27): the vendor hears of it, with their
 * dashboard as its link (they read it when they first sign in).
 * @param trx the transaction that approved it.
 */
export async function notifyVendorApproved(
  trx: Db,
  vendor: { id: number; userId: number },
  now: string,
): Promise<void> {
  await deliver(trx, [vendor.userId], {
    kind: 'vendor_approved',
    title: notificationTitles.vendor_approved,
    message: 'Your vendor account was approved: you can add products and see your orders and earnings.',
    subjectType: 'vendor',
    subjectId: vendor.id,
    link: links.dashboard,
    createdAt: now,
  });
}

/**
 * A payout was marked paid (issue 25): its vendor hears the amount and the bank's
 * reference, with Earnings as its link.
 * @param trx the transaction that marked it.
 */
export async function notifyPayoutPaid(
  trx: Db,
  payout: { vendorId: number; amountPaise: number; reference: string },
  now: string,
): Promise<void> {
  const vendorUser = (await findVendorUserIds(trx, [payout.vendorId])).get(payout.vendorId);
  if (vendorUser === undefined) return;
  await deliver(trx, [vendorUser], {
    kind: 'payout_paid',
    title: notificationTitles.payout_paid,
    message: `${rupeeText(payout.amountPaise)} was paid to your bank account (reference ${payout.reference}).`,
    subjectType: 'vendor',
    subjectId: payout.vendorId,
    link: links.earnings,
    createdAt: now,
  });
}

/**
 * A vendor changed the bank account their payouts go to (issue 25): every admin hears
 * of it, the usual warning against a taken-over account redirecting money.
 * @param trx the transaction that saved the details.
 */
export async function notifyBankDetailsChanged(
  trx: Db,
  vendor: { id: number; businessName: string },
  holdHours: number,
  now: string,
): Promise<void> {
  await deliver(trx, await findAdminUserIds(trx), {
    kind: 'bank_details_changed',
    title: notificationTitles.bank_details_changed,
    message: `${vendor.businessName} changed their bank details; their payouts are held for ${holdHours} hours.`,
    subjectType: 'vendor',
    subjectId: vendor.id,
    link: links.payouts,
    createdAt: now,
  });
}

/**
 * `GET /api/notifications`: one keyset page of the user's notifications, newest
 * first, with the total, the next cursor and their unread count.
 * @throws AppError BAD_REQUEST (400) for a cursor not made by this list.
 */
export async function listNotifications(
  db: Db,
  bounds: ListBounds,
  userId: number,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ notifications: Notification[]; unread: number; total?: number; nextCursor?: string | null }> {
  const [{ items, ...paging }, unread] = await Promise.all([
    listOrPage(
      { ...query, sort: NOTIFICATION_SORT },
      {
        keyType: 'instant',
        fetchAll: () => listNotificationRows(db, userId, { limit: query.limit }),
        fetchPage: (page) => listNotificationRows(db, userId, page),
        count: () => countNotifications(db, userId),
        keyOf: (row) => ({ key: row.createdAt, id: row.id }),
        toItems: (rows) => rows.map(toNotification),
      },
      bounds,
    ),
    countUnread(db, userId),
  ]);
  return { notifications: items, unread, ...paging };
}

/** `GET /api/notifications/unread-count`: how many of the user's notifications are unread. */
export function unreadCount(db: Db, userId: number): Promise<number> {
  return countUnread(db, userId);
}

/**
 * `PUT /api/notifications/:id/read`: marks the user's own notification read (reading
 * it again keeps the first time). Another user's, or none, is not found.
 * @throws AppError NOT_FOUND (404).
 */
export async function readNotification(
  db: Db,
  userId: number,
  id: number,
): Promise<{ notification: Notification; unread: number }> {
  const now = new Date().toISOString();
  const row = await db.transaction().execute(async (trx) => {
    await markRead(trx, userId, id, now);
    const found = await findNotification(trx, userId, id);
    if (!found) throw notFound(notificationMessages.notFound);
    await signalRecipients(trx, [userId]);
    return found;
  });
  return { notification: toNotification(row), unread: await countUnread(db, userId) };
}

/** `PUT /api/notifications/read-all`: marks every unread notification of the user read; returns how many. */
export async function readAllNotifications(db: Db, userId: number): Promise<number> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const marked = await markAllRead(trx, userId, now);
    if (marked > 0) await signalRecipients(trx, [userId]);
    return marked;
  });
}

/** A background job's owner hears that it ended (decision 0110), with its page as the link. */
async function tellJobOwner(
  db: Db,
  job: { id: number; ownerUserId: number },
  kind: 'export_ready' | 'import_done' | 'bulk_done',
  message: string,
  link: string,
  now: string,
): Promise<void> {
  await deliver(db, [job.ownerUserId], {
    kind,
    title: notificationTitles[kind],
    message,
    subjectType: 'job',
    subjectId: job.id,
    link,
    createdAt: now,
  });
}

/**
 * A vendor's product import submitted products for approval (issue 26 'Imports'): every
 * admin hears of it once, with the approval queue as the link, instead of once a product.
 * @param count the products created or resubmitted; nothing is sent for none.
 */
export async function notifyProductsImported(db: Db, vendorId: number, count: number, now: string): Promise<void> {
  if (count === 0) return;
  const vendor = await db.selectFrom('vendors').select('businessName').where('id', '=', vendorId).executeTakeFirst();
  await deliver(db, await findAdminUserIds(db), {
    kind: 'product_submitted',
    title: notificationTitles.product_submitted,
    message: `${vendor?.businessName ?? 'A vendor'} imported ${count.toLocaleString('en-IN')} ${count === 1 ? 'product' : 'products'} for approval.`,
    subjectType: 'vendor',
    subjectId: vendorId,
    link: links.approvalQueue,
    createdAt: now,
  });
}

/**
 * A product import run as a job is done (issue 26 'Imports'): its owner hears what it
 * did, with the import's page (and its report of every row) as the link.
 */
export async function notifyImportDone(
  db: Db,
  job: { id: number; ownerUserId: number },
  summary: Record<string, number>,
  now: string,
): Promise<void> {
  const said = (['created', 'updated', 'unchanged', 'refused'] as const)
    .filter((key) => (summary[key] ?? 0) > 0)
    .map((key) => `${(summary[key] ?? 0).toLocaleString('en-IN')} ${key}`);
  await tellJobOwner(
    db,
    job,
    'import_done',
    `Your product import is done: ${said.length > 0 ? said.join(', ') : 'no rows'}.`,
    links.productImport(job.id),
    now,
  );
}

/**
 * A bulk action run as a job is finished (issue 26 'Bulk actions'; decision 0112): its
 * owner hears how many records were done and skipped, with the job's page (and its list
 * of the skipped ones) as the link.
 */
export async function notifyBulkDone(
  db: Db,
  job: { id: number; ownerUserId: number },
  summary: Record<string, number>,
  now: string,
): Promise<void> {
  const done = (summary.done ?? 0).toLocaleString('en-IN');
  const refused = summary.refused ?? 0;
  await tellJobOwner(
    db,
    job,
    'bulk_done',
    `Your bulk action is finished: ${done} done${refused > 0 ? `, ${refused.toLocaleString('en-IN')} skipped` : ''}.`,
    links.job(job.id),
    now,
  );
}

/**
 * An export run as a job is ready (issue 26; decision 0110): its owner hears of it, with
 * the export's page as the link, where the file waits for a day.
 */
export async function notifyExportReady(db: Db, job: { id: number; ownerUserId: number }, now: string): Promise<void> {
  await tellJobOwner(
    db,
    job,
    'export_ready',
    'Your export is ready to download. The file is kept for a day.',
    links.export(job.id),
    now,
  );
}

export { settleNotices } from './notices.js';
