import { type Notification, type NotificationKind, notificationMessages, toRupees } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { notFound } from '../../platform/errors.js';
import {
  countNotifications,
  countUnread,
  findAdminUserIds,
  findNotification,
  findProductsForNotice,
  findVendorUserIds,
  insertNotifications,
  listNotifications as listNotificationRows,
  markAllRead,
  markRead,
  markSubjectRead,
  type NewNotification,
  NOTIFICATION_SORT,
  redactNotificationsAbout,
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

/** Stock at or below this is low unless `LOW_STOCK_THRESHOLD` says otherwise (issue 10). */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** The screen addresses notifications open (the web app's `paths.ts`). */
const links = {
  order: (id: number) => `/admin/orders/${id}`,
  vendorOrder: (id: number) => `/admin/my-orders/${id}`,
  productEdit: (id: number) => `/admin/products/edit/${id}`,
  productReview: (id: number) => `/admin/products/${id}`,
  vendors: '/admin/vendors',
  contacts: '/admin/contact',
  earnings: '/admin/earnings',
  dashboard: '/admin/dashboard',
  payouts: '/admin/payouts',
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
};

const rupeeText = (paise: number) =>
  `Rs. ${toRupees(paise).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Writes one notification per recipient and signals them. */
async function deliver(
  trx: Db,
  userIds: readonly number[],
  notice: Omit<NewNotification, 'userId'>,
): Promise<number[]> {
  const recipients = [...new Set(userIds)];
  await insertNotifications(
    trx,
    recipients.map((userId) => ({ ...notice, userId })),
  );
  return recipients;
}

/**
 * A storefront order was placed (checkout): every admin hears of the order; each
 * vendor with products in it hears of the order and their lines; a product whose stock
 * the order took from above the low-stock threshold to at or below it notifies every
 * admin and its vendor (once, on crossing, not on every later sale).
 * @param trx the checkout's transaction, after the stock was taken and the order written.
 * @param orderId the order placed.
 * @param cart its lines, each product once (`product` id and `quantity`).
 * @param now the order's instant (UTC ISO).
 * @param lowStockThreshold stock at or below this is low (the app's `LOW_STOCK_THRESHOLD`).
 */
export async function notifyOrderPlaced(
  trx: Db,
  orderId: number,
  cart: readonly { product: number; quantity: number }[],
  now: string,
  lowStockThreshold: number,
): Promise<void> {
  const order = { id: orderId, lines: cart.map((item) => ({ productId: item.product, quantity: item.quantity })) };
  const placed = await trx
    .selectFrom('orders')
    .select(['trackingNumber', 'discountedTotalPaise'])
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  const products = await findProductsForNotice(
    trx,
    order.lines.map((line) => line.productId),
  );
  const admins = await findAdminUserIds(trx);
  const vendorUsers = await findVendorUserIds(trx, [
    ...new Set(products.flatMap((product) => (product.vendorId === null ? [] : [product.vendorId]))),
  ]);
  const quantityOf = new Map(order.lines.map((line) => [line.productId, line.quantity]));
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const rows: NewNotification[] = admins.map((userId) => ({
    userId,
    kind: 'order_placed',
    title: notificationTitles.order_placed,
    message: `Order ${placed.trackingNumber}: ${plural(units, 'item')}, ${rupeeText(placed.discountedTotalPaise)}.`,
    subjectType: 'order',
    subjectId: order.id,
    link: links.order(order.id),
    createdAt: now,
  }));
  for (const [vendorId, userId] of vendorUsers) {
    const mine = products.filter((product) => product.vendorId === vendorId);
    const mineUnits = mine.reduce((sum, product) => sum + (quantityOf.get(product.id) ?? 0), 0);
    rows.push({
      userId,
      kind: 'order_placed',
      title: notificationTitles.order_placed,
      message: `Order ${placed.trackingNumber} includes ${plural(mineUnits, 'item')} of your products.`,
      subjectType: 'order',
      subjectId: order.id,
      link: links.vendorOrder(order.id),
      createdAt: now,
    });
  }
  for (const product of products) {
    const after = product.stockQuantity;
    const before = after + (quantityOf.get(product.id) ?? 0);
    if (!(before > lowStockThreshold && after <= lowStockThreshold)) continue;
    const vendorUser = product.vendorId === null ? undefined : vendorUsers.get(product.vendorId);
    for (const userId of [...admins, ...(vendorUser === undefined ? [] : [vendorUser])])
      rows.push({
        userId,
        kind: 'low_stock',
        title: notificationTitles.low_stock,
        message: `${product.name} is down to ${plural(after, 'unit')} in stock.`,
        subjectType: 'product',
        subjectId: product.id,
        link: links.productEdit(product.id),
        createdAt: now,
      });
  }
  await insertNotifications(trx, rows);
  await signalRecipients(
    trx,
    rows.map((row) => row.userId),
  );
}

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
  const recipients = await deliver(trx, await findAdminUserIds(trx), {
    kind: 'product_submitted',
    title: notificationTitles.product_submitted,
    message: `${product.businessName ?? 'A vendor'} submitted ${product.name} for approval.`,
    subjectType: 'product',
    subjectId: productId,
    link: links.productReview(productId),
    createdAt: now,
  });
  await signalRecipients(trx, recipients);
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
  const recipients = await deliver(trx, await findAdminUserIds(trx), {
    kind: 'vendor_registered',
    title: notificationTitles.vendor_registered,
    message: `${vendor.businessName} registered and is waiting for approval.`,
    subjectType: 'vendor',
    subjectId: vendorId,
    link: links.vendors,
    createdAt: now,
  });
  await signalRecipients(trx, recipients);
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
  const recipients = await deliver(trx, await findAdminUserIds(trx), {
    kind: 'contact_received',
    title: notificationTitles.contact_received,
    message: `${contact.name}: ${quote}`,
    subjectType: 'contact',
    subjectId: contact.id,
    link: links.contacts,
    createdAt: now,
  });
  await signalRecipients(trx, recipients);
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
  const recipients = await deliver(trx, [vendorUser], {
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
  await signalRecipients(trx, recipients);
}

/**
 * Units of an order were cancelled or returned (issue 24): each vendor whose lines they
 * were hears how many of their units, with their order screen as the link.
 * @param trx the transaction that recorded the cancellation or return.
 * @param units the units taken back, by product (a deleted product's units are not told).
 * @param now the change's instant (UTC ISO).
 */
export async function notifyOrderCorrected(
  trx: Db,
  kind: 'order_cancelled' | 'order_returned',
  order: { id: number; trackingNumber: string },
  units: readonly { productId: number | null; quantity: number }[],
  now: string,
): Promise<void> {
  const known = units.filter((unit): unit is { productId: number; quantity: number } => unit.productId !== null);
  const products = await findProductsForNotice(
    trx,
    known.map((unit) => unit.productId),
  );
  const vendorUsers = await findVendorUserIds(trx, [
    ...new Set(products.flatMap((product) => (product.vendorId === null ? [] : [product.vendorId]))),
  ]);
  const quantityOf = new Map(known.map((unit) => [unit.productId, unit.quantity]));
  const rows: NewNotification[] = [];
  for (const [vendorId, userId] of vendorUsers) {
    const mine = products
      .filter((product) => product.vendorId === vendorId)
      .reduce((sum, product) => sum + (quantityOf.get(product.id) ?? 0), 0);
    rows.push({
      userId,
      kind,
      title: notificationTitles[kind],
      message: `Order ${order.trackingNumber}: ${plural(mine, 'unit')} of your products ${
        kind === 'order_cancelled' ? 'cancelled' : 'returned'
      }.`,
      subjectType: 'order',
      subjectId: order.id,
      link: links.vendorOrder(order.id),
      createdAt: now,
    });
  }
  await insertNotifications(trx, rows);
  await signalRecipients(
    trx,
    rows.map((row) => row.userId),
  );
}

/**
 * A vendor asked to cancel their lines of an order (issue 24): every admin hears of it,
 * with the order as its link.
 * @param trx the transaction that recorded the request.
 */
export async function notifyCancelRequested(
  trx: Db,
  order: { id: number; trackingNumber: string },
  vendorName: string,
  reason: string,
  now: string,
): Promise<void> {
  const recipients = await deliver(trx, await findAdminUserIds(trx), {
    kind: 'cancel_requested',
    title: notificationTitles.cancel_requested,
    message: `${vendorName} asks to cancel their items of order ${order.trackingNumber}: ${reason}`.slice(0, 500),
    subjectType: 'order',
    subjectId: order.id,
    link: links.order(order.id),
    createdAt: now,
  });
  await signalRecipients(trx, recipients);
}

/**
 * An admin declined a vendor's request to cancel (issue 24): the vendor hears why.
 * @param trx the transaction that recorded the answer.
 */
export async function notifyCancelDeclined(
  trx: Db,
  vendorId: number,
  order: { id: number; trackingNumber: string },
  reason: string,
  now: string,
): Promise<void> {
  const vendorUser = (await findVendorUserIds(trx, [vendorId])).get(vendorId);
  if (vendorUser === undefined) return;
  const recipients = await deliver(trx, [vendorUser], {
    kind: 'cancel_declined',
    title: notificationTitles.cancel_declined,
    message: `Your request to cancel items of order ${order.trackingNumber} was declined: ${reason}`.slice(0, 500),
    subjectType: 'order',
    subjectId: order.id,
    link: links.vendorOrder(order.id),
    createdAt: now,
  });
  await signalRecipients(trx, recipients);
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
  const recipients = await deliver(trx, [vendor.userId], {
    kind: 'vendor_approved',
    title: notificationTitles.vendor_approved,
    message: 'Your vendor account was approved: you can add products and see your orders and earnings.',
    subjectType: 'vendor',
    subjectId: vendor.id,
    link: links.dashboard,
    createdAt: now,
  });
  await signalRecipients(trx, recipients);
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
  const recipients = await deliver(trx, [vendorUser], {
    kind: 'payout_paid',
    title: notificationTitles.payout_paid,
    message: `${rupeeText(payout.amountPaise)} was paid to your bank account (reference ${payout.reference}).`,
    subjectType: 'vendor',
    subjectId: payout.vendorId,
    link: links.earnings,
    createdAt: now,
  });
  await signalRecipients(trx, recipients);
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
  const recipients = await deliver(trx, await findAdminUserIds(trx), {
    kind: 'bank_details_changed',
    title: notificationTitles.bank_details_changed,
    message: `${vendor.businessName} changed their bank details; their payouts are held for ${holdHours} hours.`,
    subjectType: 'vendor',
    subjectId: vendor.id,
    link: links.payouts,
    createdAt: now,
  });
  await signalRecipients(trx, recipients);
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
  const recipients = await deliver(db, [job.ownerUserId], {
    kind,
    title: notificationTitles[kind],
    message,
    subjectType: 'job',
    subjectId: job.id,
    link,
    createdAt: now,
  });
  await signalRecipients(db, recipients);
}

/**
 * A vendor's product import submitted products for approval (issue 26 'Imports'): every
 * admin hears of it once, with the approval queue as the link, instead of once a product.
 * @param count the products created or resubmitted; nothing is sent for none.
 */
export async function notifyProductsImported(db: Db, vendorId: number, count: number, now: string): Promise<void> {
  if (count === 0) return;
  const vendor = await db.selectFrom('vendors').select('businessName').where('id', '=', vendorId).executeTakeFirst();
  const recipients = await deliver(db, await findAdminUserIds(db), {
    kind: 'product_submitted',
    title: notificationTitles.product_submitted,
    message: `${vendor?.businessName ?? 'A vendor'} imported ${count.toLocaleString('en-IN')} ${count === 1 ? 'product' : 'products'} for approval.`,
    subjectType: 'vendor',
    subjectId: vendorId,
    link: links.approvalQueue,
    createdAt: now,
  });
  await signalRecipients(db, recipients);
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

/**
 * An erasure's part in the bell (issue 33, decision 0120): every recipient's
 * notification of the person's contact messages `contactIds` (and of deleted ones sent
 * under one of their `names`) reads
 * `"<replacement>: <erasedText>"` instead of quoting them; those of their orders
 * `orderIds` have the person's texts (`needles`) replaced by `replacement`.
 * @param trx the erasure's transaction.
 */
export async function eraseFromNotifications(
  trx: Db,
  subjects: { contactIds: readonly number[]; orderIds: readonly number[]; names: readonly string[] },
  texts: { needles: readonly string[]; replacement: string; erasedText: string },
): Promise<void> {
  await redactNotificationsAbout(trx, subjects, {
    contactText: `${texts.replacement}: ${texts.erasedText}`,
    needles: texts.needles,
    replacement: texts.replacement,
  });
}
