import { toRupees } from '@haat/contract';
import { type AnySubscriber, subscribe } from '../../platform/events/event-bus.js';
import { recordActivity } from './activity.service.js';

/**
 * What the activity log records of the store's events (decisions 0070 and 0114): staff
 * moving, cancelling and returning orders and declining vendors' requests, each in the
 * event's transaction. The demo seeder's bus leaves these out: its back-dated history
 * is no staff activity.
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
];
