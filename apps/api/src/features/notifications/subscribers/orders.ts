import { rupeeText } from '@haat/contract';
import { findStaffUserIds } from '../../../platform/auth/staff-recipients.js';
import { findVendorRecipients, findVendorRecipientsOf } from '../../../platform/auth/vendor-recipients.js';
import type { Db } from '../../../platform/db/create-db.js';
import type { DomainEvents, LineTakenBack, OrderRef } from '../../../platform/events/domain-events.js';
import { type AnySubscriber, subscribe } from '../../../platform/events/event-bus.js';
import { deliver, deliverAll, links, notificationTitles, plural } from '../notices.js';
import {
  findAdminUserIds,
  findProductsForNotice,
  findVendorName,
  type NewNotification,
} from '../notifications.repository.js';

/**
 * What the bell says of orders (issues 10, 24 and 34): a new order and the low stock it
 * leaves, units cancelled or returned, a vendor's own cancellation, a vendor's request to
 * cancel and its refusal.
 */

/**
 * A storefront order was placed (checkout): every admin hears of the order; each
 * vendor with products in it hears of the order and their lines (the team who handle
 * orders, decision 0158); a product whose stock the order took from above the low-stock
 * threshold to at or below it notifies every admin and its vendor's team who handle
 * products (once, on crossing, not on every later sale). The order and its lines come
 * with the event as the checkout wrote them (decision 0151): nothing of them is read back.
 * @param placed the `order.placed` event, its stock already taken in `trx`.
 * @param lowStockThreshold stock at or below this is low (the app's `LOW_STOCK_THRESHOLD`).
 */
async function notifyOrderPlaced(
  trx: Db,
  placed: DomainEvents['order.placed'],
  lowStockThreshold: number,
): Promise<void> {
  const { orderId, lines, at: now } = placed;
  const admins = await findAdminUserIds(trx);
  const vendorUsers = await findVendorRecipients(
    trx,
    lines.flatMap((line) => (line.vendorId === null ? [] : [line.vendorId])),
    'orders',
  );
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const rows: NewNotification[] = admins.map((userId) => ({
    userId,
    kind: 'order_placed',
    title: notificationTitles.order_placed,
    message: `Order ${placed.trackingNumber}: ${plural(units, 'item')}, ${rupeeText(placed.discountedTotalPaise)}.`,
    subjectType: 'order',
    subjectId: orderId,
    link: links.order(orderId),
    createdAt: now,
  }));
  for (const [vendorId, userIds] of vendorUsers) {
    const mineUnits = lines.reduce((sum, line) => sum + (line.vendorId === vendorId ? line.quantity : 0), 0);
    for (const userId of userIds)
      rows.push({
        userId,
        kind: 'order_placed',
        title: notificationTitles.order_placed,
        message: `Order ${placed.trackingNumber} includes ${plural(mineUnits, 'item')} of your products.`,
        subjectType: 'order',
        subjectId: orderId,
        link: links.vendorOrder(orderId),
        createdAt: now,
      });
  }
  const crossed = lines.filter(
    (line) => line.stockAfter + line.quantity > lowStockThreshold && line.stockAfter <= lowStockThreshold,
  );
  const stockUsers = await findVendorRecipients(
    trx,
    crossed.flatMap((line) => (line.vendorId === null ? [] : [line.vendorId])),
    'products',
  );
  for (const line of crossed) {
    const team = line.vendorId === null ? [] : (stockUsers.get(line.vendorId) ?? []);
    for (const userId of [...admins, ...team])
      rows.push({
        userId,
        kind: 'low_stock',
        title: notificationTitles.low_stock,
        message: `${line.productName} is down to ${plural(line.stockAfter, 'unit')} in stock.`,
        subjectType: 'product',
        subjectId: line.productId,
        link: links.productEdit(line.productId),
        createdAt: now,
      });
  }
  await deliverAll(trx, rows);
}

/**
 * Units of an order were cancelled or returned (issue 24): each vendor whose lines they
 * were (the team who handle orders, decision 0158) hears how many of their units, with their order screen as the link (a deleted
 * product's units are not told), but for the vendor who cancelled them themselves
 * (`ownVendorId`, issue 34: no bell for one's own action).
 */
async function notifyOrderCorrected(
  trx: Db,
  kind: 'order_cancelled' | 'order_returned',
  order: OrderRef,
  lines: readonly LineTakenBack[],
  now: string,
  ownVendorId: number | null = null,
): Promise<void> {
  const known = lines.filter((line): line is LineTakenBack & { productId: number } => line.productId !== null);
  const products = await findProductsForNotice(
    trx,
    known.map((line) => line.productId),
  );
  const vendorUsers = await findVendorRecipients(
    trx,
    products.flatMap((product) =>
      product.vendorId === null || product.vendorId === ownVendorId ? [] : [product.vendorId],
    ),
    'orders',
  );
  const quantityOf = new Map(known.map((line) => [line.productId, line.quantity]));
  const rows: NewNotification[] = [];
  for (const [vendorId, userIds] of vendorUsers) {
    const mine = products
      .filter((product) => product.vendorId === vendorId)
      .reduce((sum, product) => sum + (quantityOf.get(product.id) ?? 0), 0);
    for (const userId of userIds)
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
  await deliverAll(trx, rows);
}

/**
 * The bell's subscribers to order events.
 * @param options.lowStockThreshold stock at or below this is low (the app's `LOW_STOCK_THRESHOLD`).
 */
export function orderNotifications(options: { lowStockThreshold: number }): AnySubscriber[] {
  return [
    subscribe('order.placed', 'tell admins and vendors of a new order and low stock', (trx, event) =>
      notifyOrderPlaced(trx, event, options.lowStockThreshold),
    ),
    subscribe('order.cancelled', 'tell vendors of their units cancelled', (trx, event) =>
      notifyOrderCorrected(
        trx,
        'order_cancelled',
        event.order,
        event.lines,
        event.at,
        event.actor.role === 'vendor' ? event.sellerVendorId : null,
      ),
    ),
    // A vendor cancelled their own units (issue 34; decision 0154): the staff who see orders
    // hear who, how many and why, with the order as its link (the customer is to be told).
    subscribe('order.cancelled', "tell the order staff of a vendor's own cancellation", async (trx, event) => {
      if (event.actor.role !== 'vendor' || event.sellerVendorId === null) return;
      const vendorName = (await findVendorName(trx, event.sellerVendorId)) ?? 'A vendor';
      const units = event.lines.reduce((sum, line) => sum + line.quantity, 0);
      await deliver(trx, await findStaffUserIds(trx, 'orders:read'), {
        kind: 'order_cancelled',
        title: notificationTitles.order_cancelled,
        message:
          `${vendorName} cancelled ${plural(units, 'unit')} of order ${event.order.trackingNumber}: ${event.reason}`.slice(
            0,
            500,
          ),
        subjectType: 'order',
        subjectId: event.order.id,
        link: links.order(event.order.id),
        createdAt: event.at,
      });
    }),
    subscribe('order.returned', 'tell vendors of their units returned', (trx, event) =>
      notifyOrderCorrected(trx, 'order_returned', event.order, event.lines, event.at),
    ),
    // A vendor asked to cancel their lines: every admin hears of it, with the order as its link.
    subscribe('order.cancelRequested', 'tell admins of a request to cancel', async (trx, event) =>
      deliver(trx, await findAdminUserIds(trx), {
        kind: 'cancel_requested',
        title: notificationTitles.cancel_requested,
        message:
          `${event.vendorName} asks to cancel their items of order ${event.order.trackingNumber}: ${event.reason}`.slice(
            0,
            500,
          ),
        subjectType: 'order',
        subjectId: event.order.id,
        link: links.order(event.order.id),
        createdAt: event.at,
      }),
    ),
    // An admin declined a vendor's request to cancel: the vendor's team who handle orders hear why.
    subscribe('order.cancelRequestDeclined', 'tell the vendor their request was declined', async (trx, event) => {
      await deliver(trx, await findVendorRecipientsOf(trx, event.vendorId, 'orders'), {
        kind: 'cancel_declined',
        title: notificationTitles.cancel_declined,
        message:
          `Your request to cancel items of order ${event.order.trackingNumber} was declined: ${event.reason}`.slice(
            0,
            500,
          ),
        subjectType: 'order',
        subjectId: event.order.id,
        link: links.vendorOrder(event.order.id),
        createdAt: event.at,
      });
    }),
  ];
}
