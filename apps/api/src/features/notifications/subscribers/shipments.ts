import { findStaffUserIds } from '../../../platform/auth/staff-recipients.js';
import { findVendorRecipientsOf } from '../../../platform/auth/vendor-recipients.js';
import type { Db } from '../../../platform/db/create-db.js';
import type { EventActor, LateShipment } from '../../../platform/events/domain-events.js';
import { type AnySubscriber, subscribe } from '../../../platform/events/event-bus.js';
import { deliver, deliverAll, links, notificationTitles, plural } from '../notices.js';
import {
  countOpenVendorShipments,
  findNewestNoticeTimes,
  findOrderForNotice,
  type NewNotification,
} from '../notifications.repository.js';

/**
 * What the bell says of shipments (issue 34; docs/decisions/0154-who-hears-of-a-shipment.md):
 * a vendor's team (decision 0158: every member) hears of their shipment moved by the store
 * (an admin's move on their behalf: shipped, delivered) and of their part of an order
 * wholly delivered, never of their own moves. The order staff hear of a vendor's shipment gone late, once. The store's own
 * shipments (no vendor) tell no one.
 */

/** How far back a late notice looks at most: a staff member's first, or one after a pause of the hourly look. */
export const LATE_NOTICE_LOOKBACK_MS = 24 * 60 * 60_000;

/** `Alpha Traders`, `Alpha Traders and Beta Crafts`, `A, B and C`. */
const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * The late notices of one look (`shipments.late`): to each staff member who may change
 * orders, one per order with a vendor's shipment gone late since their newest late notice
 * (at most `LATE_NOTICE_LOOKBACK_MS` back), naming the vendors and the earliest ship-by,
 * with the order as its link. A shipment is told once: those late at an earlier notice had
 * their ship-by before it.
 */
async function notifyLate(trx: Db, shipments: readonly LateShipment[], at: string): Promise<void> {
  const staff = await findStaffUserIds(trx, 'orders:write');
  if (staff.length === 0 || shipments.length === 0) return;
  const newest = await findNewestNoticeTimes(trx, staff, 'shipment_late');
  const floor = new Date(Date.parse(at) - LATE_NOTICE_LOOKBACK_MS).toISOString();
  const rows: NewNotification[] = [];
  for (const userId of staff) {
    const told = newest.get(userId);
    const since = told !== undefined && told > floor ? told : floor;
    const byOrder = new Map<number, LateShipment[]>();
    for (const shipment of shipments)
      if (shipment.shipBy > since)
        byOrder.set(shipment.order.id, [...(byOrder.get(shipment.order.id) ?? []), shipment]);
    for (const [orderId, late] of byOrder) {
      const vendors = [...new Set(late.map((shipment) => shipment.vendorName))];
      const due = late.map((shipment) => shipment.shipBy).sort()[0] ?? at;
      rows.push({
        userId,
        kind: 'shipment_late',
        title: notificationTitles.shipment_late,
        message: `Order ${late[0]?.order.trackingNumber} is late: ${listed(vendors)} ${
          vendors.length === 1 ? 'has' : 'have'
        } not shipped, due by ${due.slice(0, 16).replace('T', ' ')} UTC.`,
        subjectType: 'order',
        subjectId: orderId,
        link: links.order(orderId),
        createdAt: at,
      });
    }
  }
  await deliverAll(trx, rows);
}

/** True when the change was the vendor's own: a vendor account moves only its own vendor's shipments. */
const byTheVendor = (actor: EventActor) => actor.role === 'vendor';

/**
 * Tells the vendor's team who handle shipments (`vendorId`; decision 0158: every member)
 * of their order `orderId` with `message`, its link their order page.
 */
async function tellVendor(
  trx: Db,
  vendorId: number,
  orderId: number,
  kind: 'shipment_shipped' | 'shipment_delivered',
  message: string,
  at: string,
): Promise<void> {
  await deliver(trx, await findVendorRecipientsOf(trx, vendorId, 'shipments'), {
    kind,
    title: notificationTitles[kind],
    message,
    subjectType: 'order',
    subjectId: orderId,
    link: links.vendorOrder(orderId),
    createdAt: at,
  });
}

/** The bell's subscribers to shipment events. */
export const shipmentNotifications: readonly AnySubscriber[] = [
  // The store put a vendor's shipment on the road (the admin's move or the order-status
  // call): the vendor hears how many units, with the courier and AWB when given.
  subscribe('shipment.shipped', 'tell the vendor the store shipped their shipment', async (trx, event) => {
    if (event.vendorId === null || byTheVendor(event.actor)) return;
    const courier = [event.carrier, event.awb === null ? null : `AWB ${event.awb}`].filter(Boolean).join(', ');
    await tellVendor(
      trx,
      event.vendorId,
      event.order.id,
      'shipment_shipped',
      `Order ${event.order.trackingNumber}: the store marked ${plural(event.units, 'unit')} of your products shipped${
        courier === '' ? '' : ` (${courier})`
      }.`,
      event.at,
    );
  }),
  // The store marked a vendor's shipment delivered while others of theirs in the order are
  // still open; the last one is told by `shipment.vendorPartDelivered` below, once.
  subscribe('shipment.delivered', 'tell the vendor the store delivered their shipment', async (trx, event) => {
    if (event.vendorId === null || byTheVendor(event.actor)) return;
    if ((await countOpenVendorShipments(trx, event.order.id, event.vendorId)) === 0) return;
    await tellVendor(
      trx,
      event.vendorId,
      event.order.id,
      'shipment_delivered',
      `Order ${event.order.trackingNumber}: the store marked a shipment of your products delivered.`,
      event.at,
    );
  }),
  // Every item of the vendor's part of an order is delivered (their payout hold starts),
  // by a change not their own: the store's delivery, or its cancellation of what was left.
  subscribe('shipment.vendorPartDelivered', 'tell the vendor their part is delivered', async (trx, event) => {
    if (byTheVendor(event.actor)) return;
    const order = await findOrderForNotice(trx, event.orderId);
    await tellVendor(
      trx,
      event.vendorId,
      event.orderId,
      'shipment_delivered',
      `Order ${order.trackingNumber}: all your items are delivered.`,
      event.at,
    );
  }),
  subscribe('shipments.late', 'tell the order staff of shipments gone late', (trx, event) =>
    notifyLate(trx, event.shipments, event.at),
  ),
];
