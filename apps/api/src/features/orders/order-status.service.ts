import {
  advanceOf,
  type OrderStatusBody,
  orderMessages,
  orderStatusMessages,
  previousOrderStatus,
} from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordActivity } from '../activity/activity.service.js';
import { holdDeliveredOrder } from '../payouts/ledger.service.js';
import {
  findOrderStatusForUpdate,
  findOrderTrackingNumber,
  insertStatusEntry,
  setOrderStatus,
} from './order-status.repository.js';
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
 * The daily totals follow by trigger, so the dashboard moves with it.
 * @throws AppError NOT_FOUND (404) 'Order not found'; BAD_REQUEST (400) with the spec's
 *   sequence message for any status but the next one, or when already Delivered or
 *   Cancelled;
 *   CONFLICT (409) when `body.updatedAt` is not the order's current version.
 * @param options.now the change's instant (default now).
 */
export async function advanceOrderStatus(
  db: Db,
  actor: Actor,
  body: OrderStatusBody,
  options: AdvanceOrderStatusOptions = {},
): Promise<OrderDetail> {
  await moveOrderStatus(db, actor, body, options);
  return getOrder(db, body.orderId);
}

/**
 * The write of `advanceOrderStatus` without reading the order back (a bulk move's step,
 * issue 26): checks, status, history entry and activity entry in one transaction.
 * @throws AppError as `advanceOrderStatus`.
 */
export async function moveOrderStatus(
  db: Db,
  actor: Actor,
  body: OrderStatusBody,
  options: AdvanceOrderStatusOptions = {},
): Promise<void> {
  await runTransaction(db, async (trx) => {
    await advanceOrderStatusInTransaction(trx, actor, body, options);
    // Only a request's change is staff activity; the demo seeder's back-dated steps are not.
    const label = (await findOrderTrackingNumber(trx, body.orderId)) ?? String(body.orderId);
    const changes = {
      status: { before: previousOrderStatus(body.status), after: body.status },
    };
    await recordActivity(trx, {
      actor,
      action: 'status_change',
      kind: 'order',
      recordId: body.orderId,
      label,
      changes,
    });
  });
}

/**
 * The work of `advanceOrderStatus` inside a transaction the caller opened and commits
 * (the demo seeder walks its whole history in its own one): the same checks and writes.
 * The change is stamped `options.now`, moved past the order's current version when it is
 * not later (so each history entry comes after the one before it).
 * @param trx an open transaction (the order's row is locked in it on PostgreSQL).
 * @param actor who moves it (recorded in the history entry).
 * @returns the change's stamp: the order's new `updatedAt` and the history entry's time (UTC ISO).
 * @throws AppError as `advanceOrderStatus`.
 */
export async function advanceOrderStatusInTransaction(
  trx: Db,
  actor: Pick<Actor, 'userId'>,
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
  await setOrderStatus(trx, current.id, next, savedAt);
  await insertStatusEntry(trx, {
    orderId: current.id,
    status: next,
    notes: body.notes,
    changedBy: actor.userId,
    at: savedAt,
  });
  // Vendors' earnings on the order wait `PAYOUT_HOLD_DAYS` from here (issue 25).
  if (next === 'Delivered') await holdDeliveredOrder(trx, current.id, savedAt);
  return savedAt;
}
