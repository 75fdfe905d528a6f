import { findVendorRecipientsOf } from '../../../platform/auth/vendor-recipients.js';
import { type AnySubscriber, subscribe } from '../../../platform/events/event-bus.js';
import { deliver, links, notificationTitles, settleNotices } from '../notices.js';
import {
  findAdminUserIds,
  findProductsForNotice,
  findProductWithVendorName,
  findVendorName,
} from '../notifications.repository.js';

/**
 * What the bell says of products (issues 10, 26 and 27): a product awaiting approval
 * (one notice for a whole import), and its vendor told of the review.
 */
export const productNotifications: readonly AnySubscriber[] = [
  // Every admin hears of it, with the review screen as its link.
  subscribe('product.submitted', 'tell admins a product awaits approval', async (trx, event) => {
    const product = await findProductWithVendorName(trx, event.productId);
    await deliver(trx, await findAdminUserIds(trx), {
      kind: 'product_submitted',
      title: notificationTitles.product_submitted,
      message: `${product.businessName ?? 'A vendor'} submitted ${product.name} for approval.`,
      subjectType: 'product',
      subjectId: event.productId,
      link: links.productReview(event.productId),
      createdAt: event.at,
    });
  }),
  // Other admins' "awaiting approval" is settled; the vendor's team (nobody for the store's
  // own products; every member handles products, decision 0158) hears the outcome, with the
  // product form as its link.
  subscribe('product.reviewed', 'settle the approval notices and tell the vendor', async (trx, event) => {
    await settleNotices(trx, 'product_submitted', 'product', event.productId, event.at);
    const [product] = await findProductsForNotice(trx, [event.productId]);
    if (!product || product.vendorId === null) return;
    const kind = event.approved ? 'product_approved' : 'product_rejected';
    await deliver(trx, await findVendorRecipientsOf(trx, product.vendorId, 'products'), {
      kind,
      title: notificationTitles[kind],
      message: event.approved
        ? `${product.name} was approved and is live on the store.`
        : `${product.name} was rejected. Edit it to send it for review again.`,
      subjectType: 'product',
      subjectId: event.productId,
      link: links.productEdit(event.productId),
      createdAt: event.at,
    });
  }),
  // Every admin hears of an import once, with the approval queue as the link, instead of once a product.
  subscribe('products.imported', 'tell admins of an import awaiting approval', async (trx, event) => {
    if (event.count === 0) return;
    const businessName = await findVendorName(trx, event.vendorId);
    const count = event.count;
    await deliver(trx, await findAdminUserIds(trx), {
      kind: 'product_submitted',
      title: notificationTitles.product_submitted,
      message: `${businessName ?? 'A vendor'} imported ${count.toLocaleString('en-IN')} ${count === 1 ? 'product' : 'products'} for approval.`,
      subjectType: 'vendor',
      subjectId: event.vendorId,
      link: links.approvalQueue,
      createdAt: event.at,
    });
  }),
];
