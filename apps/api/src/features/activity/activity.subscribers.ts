import { type ActivityAction, toRupees } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import type { EventActor, OrderRef } from '../../platform/events/domain-events.js';
import { type AnySubscriber, subscribe, subscribeAll } from '../../platform/events/event-bus.js';
import { type ActivityChanges, type ActivityRecord, recordActivities, recordActivity } from './activity.service.js';

/**
 * What the activity log records of the store's events (decisions 0070 and 0114): staff
 * moving, cancelling and returning orders, declining vendors' requests, making and
 * marking payouts and adjusting a vendor's ledger, each in the event's transaction. The
 * demo seeder's bus leaves these out: its back-dated history is no staff activity.
 */

/** The entry of what `event.actor` did to an order, labelled by its tracking number. */
const orderEntry = (
  event: { actor: EventActor; order: OrderRef },
  action: ActivityAction,
  changes: ActivityChanges,
): ActivityRecord => ({
  actor: event.actor,
  action,
  kind: 'order',
  recordId: event.order.id,
  label: event.order.trackingNumber,
  changes,
});

/** Logs what `event.actor` did to an order, labelled by its tracking number. */
const logOrder = (
  trx: Db,
  event: { actor: EventActor; order: OrderRef },
  action: ActivityAction,
  changes: ActivityChanges,
) => recordActivity(trx, orderEntry(event, action, changes));

/** Logs a payout marked Paid or Failed. */
const logPayoutMarked = (trx: Db, event: { actor: EventActor; payout: { id: number } }, status: 'Paid' | 'Failed') =>
  recordActivity(trx, {
    actor: event.actor,
    action: 'status_change',
    kind: 'payout',
    recordId: event.payout.id,
    label: `Payout ${event.payout.id}`,
    changes: { status: { before: 'Pending', after: status } },
  });

export const activitySubscribers: readonly AnySubscriber[] = [
  // Both may come many at once (a courier manifest, decision 0143): one insert for them all.
  subscribeAll('order.statusChanged', 'log the status change', (trx, events) =>
    recordActivities(
      trx,
      events.map((event) => orderEntry(event, 'status_change', { status: { before: event.from, after: event.to } })),
    ),
  ),
  // A partial cancellation keeps the order's status: the entry says how many units went
  // instead of 'Order Placed → Order Placed' (issue 33); a whole one records the move.
  subscribe('order.cancelled', 'log the cancellation', (trx, event) =>
    logOrder(trx, event, 'cancel', {
      ...(event.statusBefore === event.statusAfter
        ? {}
        : { status: { before: event.statusBefore, after: event.statusAfter } }),
      unitsCancelled: { before: null, after: event.lines.reduce((units, line) => units + line.quantity, 0) },
      discountedTotal: { before: toRupees(event.totalBeforePaise), after: toRupees(event.totalAfterPaise) },
      reason: { before: null, after: event.reason },
    }),
  ),
  // A shipment moved by its vendor or an admin (issue 34), labelled by the order.
  subscribeAll('shipment.shipped', 'log the dispatch', (trx, events) =>
    recordActivities(
      trx,
      events.map((event) =>
        orderEntry(event, 'status_change', {
          shipment: { before: null, after: event.shipmentId },
          shipmentStatus: { before: null, after: 'On The Road' },
          units: { before: null, after: event.units },
          ...(event.carrier ? { carrier: { before: null, after: event.carrier } } : {}),
          ...(event.awb ? { awb: { before: null, after: event.awb } } : {}),
          ...(event.remainderId === null ? {} : { remainderShipment: { before: null, after: event.remainderId } }),
        }),
      ),
    ),
  ),
  subscribe('shipment.delivered', 'log the delivery', (trx, event) =>
    logOrder(trx, event, 'status_change', {
      shipment: { before: null, after: event.shipmentId },
      shipmentStatus: { before: 'On The Road', after: 'Delivered' },
    }),
  ),
  subscribe('order.returned', 'log the return', (trx, event) =>
    logOrder(trx, event, 'return', {
      refundedTotal: {
        before: toRupees(event.refundedBeforePaise),
        after: toRupees(event.refundedBeforePaise + event.refundPaise),
      },
      reason: { before: null, after: event.reason },
    }),
  ),
  subscribe('order.cancelRequestDeclined', 'log the declined request', (trx, event) =>
    logOrder(trx, event, 'reject', {
      cancelRequest: { before: event.requestReason, after: `Declined: ${event.reason}` },
    }),
  ),
  subscribe('payout.created', 'log the payouts made', (trx, { actor, payoutIds }) =>
    recordActivity(trx, {
      actor,
      action: 'create',
      kind: 'payout',
      recordId: payoutIds[0] as number,
      label: payoutIds.length === 1 ? `Payout ${payoutIds[0]}` : `${payoutIds.length} payouts`,
      changes: { payouts: { before: null, after: payoutIds.length } },
    }),
  ),
  subscribe('payout.paid', 'log the payout marked Paid', (trx, event) => logPayoutMarked(trx, event, 'Paid')),
  subscribe('payout.failed', 'log the payout marked Failed', (trx, event) => logPayoutMarked(trx, event, 'Failed')),
  subscribe('ledger.adjusted', 'log the adjustment', (trx, { actor, vendor, amountPaise, reason }) =>
    recordActivity(trx, {
      actor,
      action: 'update',
      kind: 'vendor',
      recordId: vendor.id,
      label: vendor.businessName,
      changes: { adjustment: { before: null, after: toRupees(amountPaise) }, reason: { before: null, after: reason } },
    }),
  ),
  // Seller KYC (issue 35): the fields named, never their values (a PAN, a GSTIN are personal).
  subscribe('kyc.submitted', 'log the KYC sent for review', (trx, event) =>
    recordActivity(trx, {
      actor: event.actor,
      action: 'update',
      kind: 'kyc',
      recordId: event.vendor.id,
      label: event.vendor.businessName,
      changes: {
        status: { before: null, after: 'submitted' },
        ...(event.changedFields.length > 0
          ? { fieldsChanged: { before: null, after: event.changedFields.join(', ') } }
          : {}),
        ...(event.identityChanged ? { backToReview: { before: null, after: 'PAN or GSTIN changed' } } : {}),
      },
    }),
  ),
  subscribe('kyc.decided', 'log the KYC review', (trx, event) =>
    recordActivity(trx, {
      actor: event.actor,
      action: event.status === 'approved' ? 'approve' : event.status === 'rejected' ? 'reject' : 'status_change',
      kind: 'kyc',
      recordId: event.vendor.id,
      label: event.vendor.businessName,
      changes: {
        status: { before: 'submitted', after: event.status },
        ...(event.reasonFields.length > 0
          ? { reasonsFor: { before: null, after: event.reasonFields.join(', ') } }
          : {}),
      },
    }),
  ),
];
