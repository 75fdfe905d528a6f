import { toRupees } from '@haat/contract';
import { type AnySubscriber, subscribe } from '../../platform/events/event-bus.js';
import { recordActivity } from './activity.service.js';

/**
 * What the activity log records of the store's events (decisions 0070 and 0114): staff
 * moving, cancelling and returning orders, declining vendors' requests, making and
 * marking payouts and adjusting a vendor's ledger, each in the event's transaction. The
 * demo seeder's bus leaves these out: its back-dated history is no staff activity.
 */
export const activitySubscribers: readonly AnySubscriber[] = [
  subscribe('order.statusChanged', 'log the status change', (trx, event) =>
    recordActivity(trx, {
      actor: event.actor,
      action: 'status_change',
      kind: 'order',
      recordId: event.order.id,
      label: event.order.trackingNumber,
      changes: { status: { before: event.from, after: event.to } },
    }),
  ),
  subscribe('order.cancelled', 'log the cancellation', (trx, event) =>
    recordActivity(trx, {
      actor: event.actor,
      action: 'cancel',
      kind: 'order',
      recordId: event.order.id,
      label: event.order.trackingNumber,
      changes: {
        status: { before: event.statusBefore, after: event.statusAfter },
        discountedTotal: { before: toRupees(event.totalBeforePaise), after: toRupees(event.totalAfterPaise) },
        reason: { before: null, after: event.reason },
      },
    }),
  ),
  subscribe('order.returned', 'log the return', (trx, event) =>
    recordActivity(trx, {
      actor: event.actor,
      action: 'return',
      kind: 'order',
      recordId: event.order.id,
      label: event.order.trackingNumber,
      changes: {
        refundedTotal: {
          before: toRupees(event.refundedBeforePaise),
          after: toRupees(event.refundedBeforePaise + event.refundPaise),
        },
        reason: { before: null, after: event.reason },
      },
    }),
  ),
  subscribe('order.cancelRequestDeclined', 'log the declined request', (trx, event) =>
    recordActivity(trx, {
      actor: event.actor,
      action: 'reject',
      kind: 'order',
      recordId: event.order.id,
      label: event.order.trackingNumber,
      changes: { cancelRequest: { before: event.requestReason, after: `Declined: ${event.reason}` } },
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
  subscribe('payout.paid', 'log the payout marked Paid', (trx, { actor, payout }) =>
    recordActivity(trx, {
      actor,
      action: 'status_change',
      kind: 'payout',
      recordId: payout.id,
      label: `Payout ${payout.id}`,
      changes: { status: { before: 'Pending', after: 'Paid' } },
    }),
  ),
  subscribe('payout.failed', 'log the payout marked Failed', (trx, { actor, payout }) =>
    recordActivity(trx, {
      actor,
      action: 'status_change',
      kind: 'payout',
      recordId: payout.id,
      label: `Payout ${payout.id}`,
      changes: { status: { before: 'Pending', after: 'Failed' } },
    }),
  ),
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
];
