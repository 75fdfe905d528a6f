import { z } from 'zod';
import { idString, isoDateTime } from './common.js';
import { type OrderStatus, orderStates } from './order-process.js';

/**
 * A shipment's shape on the wire (issue 34; docs/decisions/0122-shipments.md), apart
 * from the rest of `shipments.ts` so that the order's answers (`orders.ts`,
 * `vendor-portal.ts`) can carry their shipments without an import cycle.
 */

/** A shipment's status: the pipeline's four, or Cancelled once every unit in it was cancelled. */
export const shipmentStatusSchema = z.enum(orderStates) satisfies z.ZodType<OrderStatus>;

/**
 * True when a shipment is late: not yet on the road past its ship-by time (`now`), or
 * shipped after it.
 */
export function isShipmentLate(
  shipment: { status: OrderStatus; shipBy: string; shippedAt: string | null },
  now: Date,
): boolean {
  if (shipment.shippedAt !== null) return shipment.shippedAt > shipment.shipBy;
  if (shipment.status === 'Order Placed' || shipment.status === 'Packaging') return now.toISOString() > shipment.shipBy;
  return false;
}

/** A shipment's units of one order line (`itemId` is the line's `_id` in the order's `products`). */
export const shipmentItem = z.object({ itemId: idString, quantity: z.number().int().nonnegative() });
export type ShipmentItem = z.infer<typeof shipmentItem>;

/**
 * One shipment on the wire (issue 34 'On the wire'). `vendor` is null for the store's
 * own products. `items` are the units it holds (less those cancelled); `shipBy`,
 * `shippedAt`, `deliveredAt`, `updatedAt` UTC; `carrier` and `awb` set once On The Road;
 * `late` as `isShipmentLate` at the time of the answer.
 */
export const shipment = z.object({
  _id: idString,
  vendor: z.object({ _id: idString, businessName: z.string() }).nullable(),
  status: shipmentStatusSchema,
  items: z.array(shipmentItem),
  shipBy: isoDateTime,
  carrier: z.string().nullable(),
  awb: z.string().nullable(),
  shippedAt: isoDateTime.nullable(),
  deliveredAt: isoDateTime.nullable(),
  late: z.boolean(),
  updatedAt: isoDateTime,
});
export type Shipment = z.infer<typeof shipment>;
