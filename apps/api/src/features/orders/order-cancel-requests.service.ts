import {
  type CancelRequestBody,
  orderCorrectionMessages as messages,
  moveRefusal,
  orderMessages,
  unitsLeft,
} from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { cancellableUnits } from '../shipments/shipments.service.js';
import {
  answerCancelRequest,
  type CancelRequestRow,
  findCancelRequest,
  findVendorLines,
  hasPendingRequest,
  insertCancelRequest,
} from './order-cancel-requests.repository.js';
import { findOrderForCorrection } from './order-corrections.repository.js';
import { cancelOrderInTransaction } from './order-corrections.service.js';
import { getOrder, type OrderDetail } from './orders.service.js';

/**
 * A vendor's request to cancel their lines of an order (issue 24): the vendor asks while
 * the order is not yet on the road; the admins hear of it and see it on the order; one
 * of them accepts it (a cancellation of the vendor's units left, through the same
 * service as any) or declines it with a reason the vendor is told.
 */

/**
 * `POST /api/vendor/orders/{id}/cancel-request`: records the signed-in vendor's request
 * and publishes `order.cancelRequested` (every admin hears of it), in one transaction
 * on the locked order.
 * @returns the request as stored.
 * @throws AppError NOT_FOUND (404) 'Order not found' for no order or one without the
 *   vendor's lines; CONFLICT (409) the order on the road, delivered or cancelled, none of
 *   the vendor's units left, every unit of theirs left already shipped (issue 34), or a
 *   request of theirs already pending.
 */
export async function requestCancellation(
  db: Db,
  events: EventBus,
  actor: Actor,
  orderId: number,
  body: CancelRequestBody,
): Promise<CancelRequestRow> {
  const vendorId = actor.vendorId;
  if (vendorId === null) throw notFound(orderMessages.notFound);
  return runTransaction(db, async (trx) => {
    const order = await findOrderForCorrection(trx, orderId);
    const lines = order ? await findVendorLines(trx, orderId, vendorId) : [];
    if (!order || lines.length === 0) throw notFound(orderMessages.notFound);
    const refusal = moveRefusal(order.status, 'requestCancel');
    if (refusal !== null) throw new AppError('CONFLICT', refusal);
    if (!lines.some((line) => unitsLeft(line) > 0)) throw new AppError('CONFLICT', messages.requestNothingLeft);
    // Only units not yet on the road can be cancelled (issue 34), as `acceptCancellation`
    // takes them: a request over shipped units alone could only be accepted for nothing.
    const cancellable = await cancellableUnits(trx, orderId, vendorId);
    if (!lines.some((line) => Math.min(unitsLeft(line), cancellable.get(line.id) ?? 0) > 0))
      throw new AppError('CONFLICT', messages.requestAllShipped);
    if (await hasPendingRequest(trx, orderId, vendorId)) throw new AppError('CONFLICT', messages.requestPending);
    const at = new Date().toISOString();
    const id = await insertCancelRequest(trx, { orderId, vendorId, reason: body.reason, at });
    const request = (await findCancelRequest(trx, orderId, id)) as CancelRequestRow;
    await events.publish(trx, {
      type: 'order.cancelRequested',
      order: { id: order.id, trackingNumber: order.trackingNumber },
      vendorId,
      vendorName: request.vendor,
      reason: body.reason,
      at,
    });
    return request;
  });
}

/** The pending request `requestId` of order `orderId`. @throws AppError 404, or 409 when answered already. */
async function pendingRequest(trx: Db, orderId: number, requestId: number): Promise<CancelRequestRow> {
  const request = await findCancelRequest(trx, orderId, requestId);
  if (!request) throw notFound(messages.requestNotFound);
  if (request.status !== 'pending') throw new AppError('CONFLICT', messages.requestAnswered);
  return request;
}

/**
 * `POST /api/orders/admin/{id}/cancel-requests/{requestId}/accept`: cancels every unit
 * left of the vendor's lines with the request's reason (`cancelOrderInTransaction`: the
 * stock, figures, coupon, history and `order.cancelled` as for any
 * cancellation) and marks the request accepted, publishing `order.cancelRequestAccepted`
 * (the vendor's mail), in one transaction.
 * @throws AppError NOT_FOUND (404) no such order or request; CONFLICT (409) answered
 *   already, the order on the road, a stale `updatedAt`, or nothing of the vendor's left
 *   to cancel (`acceptNothingLeft`: every unit shipped, delivered or cancelled since the
 *   request; the request stays pending, to be declined).
 */
export async function acceptCancellation(
  db: Db,
  events: EventBus,
  actor: Actor,
  orderId: number,
  requestId: number,
  body: { updatedAt: string },
): Promise<OrderDetail> {
  await runTransaction(db, async (trx) => {
    const order = await findOrderForCorrection(trx, orderId);
    if (!order) throw notFound(orderMessages.notFound);
    const request = await pendingRequest(trx, orderId, requestId);
    // The vendor's units not yet on the road (issue 34): a shipment of theirs already
    // shipped stays as it is. Their cancellation rate counts it.
    const cancellable = await cancellableUnits(trx, orderId, request.vendorId);
    const items = (await findVendorLines(trx, orderId, request.vendorId))
      .map((line) => ({ itemId: line.id, quantity: Math.min(unitsLeft(line), cancellable.get(line.id) ?? 0) }))
      .filter((line) => line.quantity > 0);
    // Accepting would cancel nothing: the request is the admin's to decline (with a reason the vendor reads).
    if (items.length === 0) throw new AppError('CONFLICT', messages.acceptNothingLeft);
    await cancelOrderInTransaction(
      trx,
      events,
      actor,
      orderId,
      {
        reason: `Asked by ${request.vendor}: ${request.reason}`.slice(0, 500),
        items,
        updatedAt: body.updatedAt,
      },
      { sellerVendorId: request.vendorId },
    );
    const at = new Date().toISOString();
    await answerCancelRequest(trx, requestId, {
      status: 'accepted',
      decisionReason: null,
      decidedBy: actor.userId,
      at,
    });
    // The vendor is told (their mail is a subscriber's, issue 36).
    await events.publish(trx, {
      type: 'order.cancelRequestAccepted',
      actor: { userId: actor.userId, role: actor.role, name: actor.name },
      order: { id: order.id, trackingNumber: order.trackingNumber },
      vendorId: request.vendorId,
      requestId,
      requestReason: request.reason,
      at,
    });
  });
  return getOrder(db, orderId);
}

/**
 * `POST /api/orders/admin/{id}/cancel-requests/{requestId}/decline`: marks the request
 * declined with the admin's reason and publishes `order.cancelRequestDeclined` (the
 * vendor is told, the activity log records it).
 * @throws AppError NOT_FOUND (404) no such order or request; CONFLICT (409) answered already.
 */
export async function declineCancellation(
  db: Db,
  events: EventBus,
  actor: Actor,
  orderId: number,
  requestId: number,
  body: { reason: string },
): Promise<OrderDetail> {
  await runTransaction(db, async (trx) => {
    const order = await findOrderForCorrection(trx, orderId);
    if (!order) throw notFound(orderMessages.notFound);
    const request = await pendingRequest(trx, orderId, requestId);
    const at = new Date().toISOString();
    await answerCancelRequest(trx, requestId, {
      status: 'declined',
      decisionReason: body.reason,
      decidedBy: actor.userId,
      at,
    });
    await events.publish(trx, {
      type: 'order.cancelRequestDeclined',
      actor,
      order: { id: order.id, trackingNumber: order.trackingNumber },
      vendorId: request.vendorId,
      requestReason: request.reason,
      reason: body.reason,
      at,
    });
  });
  return getOrder(db, orderId);
}
