import { advanceOf, type OrderStatusBody, orderMessages, orderStatusMessages } from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventActor } from '../../platform/events/domain-events.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { advanceShipmentsBehind } from '../shipments/shipments.service.js';
import { findOrderStatusForUpdate, insertStatusEntry, setOrderStatus } from './order-status.repository.js';
import { getOrder, type OrderDetail } from './orders.service.js';

/**
 * The order pipeline (spec section 4): Order Placed → Packaging → On The Road →
 * Delivered, one step at a time, as the order process says (`order-process.ts` in the
 * contract, decision 0119), enforced here rather than trusted to the screen.
 */

export interface AdvanceOrderStatusOptions {
  /** The change's instant (default now); the demo seeder back-dates its orders' steps. */
  now?: Date;
}

/**
 * `PUT /orders/admin/order-status` (spec sections 4, 5, 7): moves the order to the next
 * status, records who (the admin), when (UTC) and the note in its history, and returns
 * the order as stored (money in paise; the route builds the wire shape). Check and write run in one transaction on the order's row,
 * locked on PostgreSQL, so of two admins moving one order at once one succeeds and the
 * other gets 409 (with the version) or 400 (without it, the step is no longer next).
 * Every shipment of the order behind the new status moves to it (issue 34), so the order's
 * status stays the least advanced of its shipments'.
 * The daily totals follow by trigger, so the dashboard moves with it; `order.statusChanged`
 * (and `order.delivered`) are published on `events`: the activity log, the vendors' hold.
 * @throws AppError NOT_FOUND (404) 'Order not found'; BAD_REQUEST (400) with the spec's
 *   sequence message for any status but the next one, or when already Delivered or
 *   Cancelled;
 *   CONFLICT (409) when `body.updatedAt` is not the order's current version.
 * @param options.now the change's instant (default now).
 */
export async function advanceOrderStatus(
  db: Db,
  events: EventBus,
  actor: Actor,
  body: OrderStatusBody,
  options: AdvanceOrderStatusOptions = {},
): Promise<OrderDetail> {
  await moveOrderStatus(db, events, actor, body, options);
  return getOrder(db, body.orderId);
}

/**
 * The write of `advanceOrderStatus` without reading the order back (a bulk move's step,
 * issue 26): checks, status, history entry and its events in one transaction.
 * @throws AppError as `advanceOrderStatus`.
 */
export async function moveOrderStatus(
  db: Db,
  events: EventBus,
  actor: Actor,
  body: OrderStatusBody,
  options: AdvanceOrderStatusOptions = {},
): Promise<void> {
  await runTransaction(db, (trx) => advanceOrderStatusInTransaction(trx, events, actor, body, options));
}

/**
 * The work of `advanceOrderStatus` inside a transaction the caller opened and commits
 * (the demo seeder walks its whole history in its own one): the same checks and writes.
 * The change is stamped `options.now`, moved past the order's current version when it is
 * not later (so each history entry comes after the one before it).
 * @param trx an open transaction (the order's row is locked in it on PostgreSQL).
 * @param events where `order.statusChanged` (and `order.delivered`) are published: the
 *   activity log, the vendors' hold (the demo seeder's bus posts to the ledger only).
 * @param actor who moves it (recorded in the history entry).
 * @returns the change's stamp: the order's new `updatedAt` and the history entry's time (UTC ISO).
 * @throws AppError as `advanceOrderStatus`.
 */
export async function advanceOrderStatusInTransaction(
  trx: Db,
  events: EventBus,
  actor: EventActor,
  body: OrderStatusBody,
  options: AdvanceOrderStatusOptions = {},
): Promise<string> {
  const now = (options.now ?? new Date()).toISOString();
  const current = await findOrderStatusForUpdate(trx, body.orderId);
  if (!current) throw notFound(orderMessages.notFound);
  if (isStaleVersion(body.updatedAt, current.updatedAt))
    throw new AppError('CONFLICT', orderStatusMessages.changedMeanwhile);
  const { to: next, refusal } = advanceOf(current.status);
  if (next === null) throw new AppError('BAD_REQUEST', refusal, { status: refusal });
  if (body.status !== next)
    throw new AppError('BAD_REQUEST', orderStatusMessages.sequence, { status: orderStatusMessages.sequence });
  const savedAt = nextVersion(current.updatedAt, now);
  const order = { id: current.id, trackingNumber: current.trackingNumber };
  // Every shipment behind moves to the order's new status (issue 34): the order's
  // status stays the least advanced of its shipments.
  await advanceShipmentsBehind(trx, events, actor, order, next, savedAt);
  await setOrderStatus(trx, current.id, next, savedAt);
  await insertStatusEntry(trx, {
    orderId: current.id,
    status: next,
    notes: body.notes,
    changedBy: actor.userId,
    at: savedAt,
  });
  await events.publish(trx, { type: 'order.statusChanged', actor, order, from: current.status, to: next, at: savedAt });
  if (next === 'Delivered') await events.publish(trx, { type: 'order.delivered', orderId: current.id, at: savedAt });
  return savedAt;
}
