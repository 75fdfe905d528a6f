import { type AnySubscriber, subscribe } from '../../platform/events/event-bus.js';
import { holdDeliveredPart, postOrderCorrection, postOrderPlaced, releaseDeliveredPart } from './ledger.service.js';

/**
 * The vendors' ledger hears of the orders' money (issue 25; decisions 0106 and 0114):
 * each sale, cancellation and refund is posted, and each delivery starts its hold, in
 * the transaction of the order's event, so a balance never misses nor doubles an order.
 * The demo seeder's bus carries these alone: its history is booked but tells no one.
 */
export const ledgerSubscribers: readonly AnySubscriber[] = [
  subscribe('order.placed', "post the sale's entries", (trx, event) => postOrderPlaced(trx, event)),
  subscribe('order.cancelled', 'take the cancelled units back', (trx, event) =>
    postOrderCorrection(trx, event.order.id, 'cancellation', event.lines, event.at, event.actor.userId),
  ),
  subscribe('order.returned', 'take the refund back', (trx, event) =>
    postOrderCorrection(trx, event.order.id, 'refund', event.lines, event.at, event.actor.userId),
  ),
  // A vendor's earnings on the order wait `PAYOUT_HOLD_DAYS` from the delivery of their own part (issue 34).
  subscribe('shipment.vendorPartDelivered', 'start the hold', (trx, event) =>
    holdDeliveredPart(trx, event.orderId, event.vendorId, event.at),
  ),
];

/**
 * For a store without a hold (`PAYOUT_HOLD_DAYS` 0): a delivered order's earnings are
 * available at delivery, not at the next scheduled release round. Runs after the hold starts.
 */
export const releaseWithoutHold: readonly AnySubscriber[] = [
  subscribe('shipment.vendorPartDelivered', 'release at once: no hold', (trx, event) =>
    releaseDeliveredPart(trx, event.orderId, event.vendorId, event.at),
  ),
];
