import {
  type CancelOrderBody,
  type CreateReturnBody,
  orderCorrectionMessages as messages,
  moveRefusal,
  orderMessages,
  toPaise,
  toRupees,
  unitsLeft,
} from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventActor, LineTakenBack } from '../../platform/events/domain-events.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { releaseCouponUse } from '../coupons/coupons.service.js';
import { cancellableUnits, derivedStatusOf, takeCancelledUnits } from '../shipments/shipments.service.js';
import { allocateLargestRemainder, takeBackValue } from './discount-shares.js';
import {
  addTakenBackUnits,
  type CorrectionLineRow,
  findLinesForCorrection,
  findOrderForCorrection,
  insertCancellation,
  insertReturn,
  putBackStock,
  setOrderAfterCorrection,
} from './order-corrections.repository.js';
import { insertStatusEntry } from './order-status.repository.js';
import { getOrder, type OrderDetail } from './orders.service.js';

/**
 * Orders that go wrong (issue 24; docs/decisions/0100-cancellations-and-returns.md):
 * cancelling an order or some of its units before it goes on the road, and recording
 * returns and their refunds after delivery. Each is a record of its own, written with
 * the order's new figures, the stock and the coupon's count in one transaction on the
 * order's locked row; the rules live here, not in the screens.
 */

type Order = NonNullable<Awaited<ReturnType<typeof findOrderForCorrection>>>;
type Line = Awaited<ReturnType<typeof findLinesForCorrection>>[number];

/** Options of a correction. */
export interface CorrectionOptions {
  /** Its instant (default now; the demo seeder back-dates them). */
  now?: Date;
  /**
   * The vendor whose own cancellation it is (their cancellation of unshipped units, or
   * their request accepted; issue 34): it counts in their cancellation rate, and only
   * their shipments' units are taken.
   */
  sellerVendorId?: number;
}

/**
 * The order, locked, checked to exist and to be at the version the screen loaded.
 * @throws AppError NOT_FOUND (404), CONFLICT (409) stale version.
 */
async function lockOrder(trx: Db, orderId: number, version: string | undefined): Promise<Order> {
  const order = await findOrderForCorrection(trx, orderId);
  if (!order) throw notFound(orderMessages.notFound);
  if (isStaleVersion(version, order.updatedAt)) throw new AppError('CONFLICT', messages.changedMeanwhile);
  return order;
}

/**
 * The units asked for, per line index, checked against what each line has left (`unitsLeft`).
 * @param requested `{ itemId, quantity }` pairs, or undefined for everything left.
 * @throws AppError BAD_REQUEST (400) an item not of this order, named twice, or more units than are left.
 */
function unitsAsked(
  lines: readonly Line[],
  requested: readonly { itemId: number; quantity: number }[] | undefined,
  tooMany: (name: string, left: number) => string,
  leftOf: (line: Line) => number = unitsLeft,
): number[] {
  if (requested === undefined) return lines.map(leftOf);
  const units = lines.map(() => 0);
  const seen = new Set<number>();
  for (const { itemId, quantity } of requested) {
    const index = lines.findIndex((line) => line.id === itemId);
    const line = lines[index];
    if (!line) throw new AppError('BAD_REQUEST', messages.notALine, { items: messages.notALine });
    if (seen.has(itemId)) throw new AppError('BAD_REQUEST', messages.itemTwice, { items: messages.itemTwice });
    seen.add(itemId);
    if (quantity > leftOf(line)) {
      const message = tooMany(line.productName, leftOf(line));
      throw new AppError('BAD_REQUEST', message, { items: message });
    }
    units[index] = quantity;
  }
  return units;
}

/** The lines' units and their value as written into a cancellation or a return. */
function correctionLines(order: Order, lines: readonly Line[], units: readonly number[]) {
  const values = takeBackValue(
    order.couponDiscountPaise,
    lines.map((line) => ({
      quantity: line.quantity,
      salePricePaise: line.salePricePaise,
      takenBack: line.cancelledQuantity + line.returnedQuantity,
      // The share frozen at placement (issue 35): value less net.
      sharePaise: line.netPaise === null ? null : line.quantity * line.salePricePaise - Number(line.netPaise),
    })),
    units,
  );
  const rows: (CorrectionLineRow & { line: Line; pricePaise: number })[] = [];
  lines.forEach((line, index) => {
    const quantity = units[index] ?? 0;
    const value = values[index];
    if (quantity > 0 && value)
      rows.push({
        orderItemId: line.id,
        quantity,
        amountPaise: value.amountPaise,
        discountPaise: value.discountPaise,
        line,
        pricePaise: value.pricePaise,
      });
  });
  return rows;
}

/** A corrected line as its event tells it, with the paise taken back from it. */
const takenBack = (row: { orderItemId: number; quantity: number; line: Line }, amountPaise: number): LineTakenBack => ({
  orderItemId: row.orderItemId,
  productId: row.line.productId,
  quantity: row.quantity,
  amountPaise,
});

const sum = (
  rows: readonly { amountPaise: number; discountPaise: number; pricePaise: number }[],
  key: 'amountPaise' | 'discountPaise' | 'pricePaise',
) => rows.reduce((total, row) => total + row[key], 0);

/**
 * `POST /api/orders/admin/{id}/cancel` (issue 24): cancels the units asked for (all
 * that is left without `items`) while the order is Order Placed or Packaging. In one
 * transaction on the locked order: the units go back to stock; the order's subtotal,
 * discount and discounted total lose the units' price and their share of the coupon's
 * discount (largest remainder, decision 0100), `cancelledTotal` gains what they were
 * worth; an order with nothing left becomes Cancelled, gives its coupon use back and
 * gets a history entry with the reason; the cancellation is recorded with its lines;
 * `order.cancelled` is published (the vendors' ledger, their bell, the activity log).
 * @returns the order as now stored (paise; the route makes the wire shape).
 * @throws AppError NOT_FOUND (404) 'Order not found'; BAD_REQUEST (400) lines not of
 *   the order, named twice, or more units than are left; CONFLICT (409) a stale
 *   `updatedAt`, an order on the road or delivered, or one already cancelled.
 */
export async function cancelOrder(
  db: Db,
  events: EventBus,
  actor: Actor,
  orderId: number,
  body: CancelOrderBody,
  options: CorrectionOptions = {},
): Promise<OrderDetail> {
  await runTransaction(db, (trx) => cancelOrderInTransaction(trx, events, actor, orderId, body, options));
  return getOrder(db, orderId);
}

/**
 * The work of `cancelOrder` inside a transaction the caller opened (the demo seeder
 * places and cancels in its own one): the same checks and writes.
 * @returns whether the whole order is now cancelled.
 * @throws AppError as `cancelOrder`.
 */
export async function cancelOrderInTransaction(
  trx: Db,
  events: EventBus,
  actor: EventActor,
  orderId: number,
  body: Omit<CancelOrderBody, 'updatedAt'> & { updatedAt: string | undefined },
  options: CorrectionOptions = {},
): Promise<boolean> {
  const order = await lockOrder(trx, orderId, body.updatedAt);
  const refusal = moveRefusal(order.status, 'cancel');
  if (refusal !== null) throw new AppError('CONFLICT', refusal);
  const lines = await findLinesForCorrection(trx, orderId);
  // Only units not yet on the road can be cancelled (issue 34): those of the order's
  // Order Placed and Packaging shipments (a seller's own cancellation: of theirs).
  const cancellable = await cancellableUnits(trx, orderId, options.sellerVendorId);
  const units = unitsAsked(lines, body.items, messages.tooManyToCancel, (line) =>
    Math.min(unitsLeft(line), cancellable.get(line.id) ?? 0),
  );
  const rows = correctionLines(order, lines, units);
  if (rows.length === 0) throw new AppError('CONFLICT', messages.alreadyCancelled);

  const at = nextVersion(order.updatedAt, (options.now ?? new Date()).toISOString());
  const whole = lines.every((line, index) => unitsLeft(line) === (units[index] ?? 0));
  for (const row of rows) {
    await addTakenBackUnits(trx, row.orderItemId, { cancelled: row.quantity, returned: 0 }, at);
    if (row.line.productId !== null) await putBackStock(trx, row.line.productId, row.quantity, at);
  }
  await takeCancelledUnits(trx, events, actor, orderId, rows, at);
  // The order's status is its shipments' least advanced (Cancelled when nothing is left).
  const statusAfter = await derivedStatusOf(trx, orderId);
  const subtotalPaise = order.subtotalPaise - sum(rows, 'pricePaise');
  const discountPaise = order.discountPaise - sum(rows, 'discountPaise');
  await setOrderAfterCorrection(trx, orderId, {
    status: statusAfter,
    subtotalPaise,
    discountPaise,
    discountedTotalPaise: subtotalPaise - discountPaise,
    cancelledTotalPaise: order.cancelledTotalPaise + sum(rows, 'amountPaise'),
    refundedTotalPaise: order.refundedTotalPaise,
    updatedAt: at,
  });
  await insertCancellation(
    trx,
    {
      orderId,
      reason: body.reason,
      isWholeOrder: whole,
      amountPaise: sum(rows, 'amountPaise'),
      discountPaise: sum(rows, 'discountPaise'),
      cancelledBy: actor.userId,
      sellerVendorId: options.sellerVendorId ?? null,
      at,
    },
    rows.map(({ orderItemId, quantity, amountPaise, discountPaise }) => ({
      orderItemId,
      quantity,
      amountPaise,
      discountPaise,
    })),
  );
  if (whole && order.couponId !== null) await releaseCouponUse(trx, order.couponId);
  if (statusAfter !== order.status)
    await insertStatusEntry(trx, { orderId, status: statusAfter, notes: body.reason, changedBy: actor.userId, at });
  await events.publish(trx, {
    type: 'order.cancelled',
    actor,
    order: { id: orderId, trackingNumber: order.trackingNumber },
    statusBefore: order.status,
    statusAfter,
    totalBeforePaise: order.discountedTotalPaise,
    totalAfterPaise: subtotalPaise - discountPaise,
    reason: body.reason,
    lines: rows.map((row) => takenBack(row, row.amountPaise)),
    sellerVendorId: options.sellerVendorId ?? null,
    at,
  });
  return whole;
}

/**
 * `POST /api/orders/admin/{id}/returns` (issue 24): records a return of delivered units
 * and its refund. The refund defaults to the units' price less their share of the
 * coupon's discount and may only be lower (a restocking fee); it is recorded with how
 * it was paid (the order's payment method unless told), not paid by the back office.
 * In one transaction on the locked order: the line counts, the stock when `restock`,
 * `refundedTotal`, the return with its lines, and `order.returned` (the vendors' ledger,
 * their bell, the activity log).
 * @returns the order as now stored (paise).
 * @throws AppError NOT_FOUND (404); BAD_REQUEST (400) lines not of the order, more units
 *   than are left to return, or a refund above what was paid for them; CONFLICT (409)
 *   a stale `updatedAt` or an order not delivered.
 */
export async function recordReturn(
  db: Db,
  events: EventBus,
  actor: Actor,
  orderId: number,
  body: CreateReturnBody,
  options: CorrectionOptions = {},
): Promise<OrderDetail> {
  await runTransaction(db, (trx) => recordReturnInTransaction(trx, events, actor, orderId, body, options));
  return getOrder(db, orderId);
}

/**
 * The work of `recordReturn` inside a transaction the caller opened (the demo seeder's).
 * @throws AppError as `recordReturn`.
 */
export async function recordReturnInTransaction(
  trx: Db,
  events: EventBus,
  actor: EventActor,
  orderId: number,
  body: CreateReturnBody,
  options: CorrectionOptions = {},
): Promise<void> {
  const order = await lockOrder(trx, orderId, body.updatedAt);
  const refusal = moveRefusal(order.status, 'return');
  if (refusal !== null) throw new AppError('CONFLICT', refusal);
  const lines = await findLinesForCorrection(trx, orderId);
  const units = unitsAsked(lines, body.items, messages.tooManyToReturn);
  const rows = correctionLines(order, lines, units);
  const most = sum(rows, 'amountPaise');
  const refundPaise = body.refundAmount === undefined ? most : toPaise(body.refundAmount);
  if (refundPaise > most) {
    const message = messages.refundTooHigh(`Rs. ${toRupees(most).toFixed(2)}`);
    throw new AppError('BAD_REQUEST', message, { refundAmount: message });
  }

  const at = nextVersion(order.updatedAt, (options.now ?? new Date()).toISOString());
  for (const row of rows) {
    await addTakenBackUnits(trx, row.orderItemId, { cancelled: 0, returned: row.quantity }, at);
    if (body.restock && row.line.productId !== null) await putBackStock(trx, row.line.productId, row.quantity, at);
  }
  await setOrderAfterCorrection(trx, orderId, {
    status: order.status,
    subtotalPaise: order.subtotalPaise,
    discountPaise: order.discountPaise,
    discountedTotalPaise: order.discountedTotalPaise,
    cancelledTotalPaise: order.cancelledTotalPaise,
    refundedTotalPaise: order.refundedTotalPaise + refundPaise,
    updatedAt: at,
  });
  await insertReturn(
    trx,
    {
      orderId,
      reason: body.reason,
      note: body.note ?? null,
      isRestocked: body.restock,
      refundPaise,
      refundMethod: body.refundMethod ?? order.paymentMethod,
      returnedBy: actor.userId,
      at,
    },
    rows.map(({ orderItemId, quantity, amountPaise, discountPaise }) => ({
      orderItemId,
      quantity,
      amountPaise,
      discountPaise,
    })),
  );
  // The refund is shared over the returned lines by their value (largest remainder), so
  // a restocking fee lowers each line's refund alike and the shares sum to the refund.
  const refundShares = allocateLargestRemainder(
    refundPaise,
    rows.map((row) => row.amountPaise),
  );
  await events.publish(trx, {
    type: 'order.returned',
    actor,
    order: { id: orderId, trackingNumber: order.trackingNumber },
    refundedBeforePaise: order.refundedTotalPaise,
    refundPaise,
    reason: body.reason,
    lines: rows.map((row, index) => takenBack(row, refundShares[index] ?? 0)),
    at,
  });
}
