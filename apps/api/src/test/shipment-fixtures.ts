import { chunked } from '../platform/db/chunks.js';
import type { Db } from '../platform/db/create-db.js';
import type { ShipmentsTable } from '../platform/db/schema.js';
import { refreshShipmentSearchTerms } from '../platform/db/shipment-search-terms.js';
import { createOrder } from './order-fixtures.js';

/**
 * Shipments written straight to the database (issue 34): one order of a vendor's
 * product with its shipment as checkout makes it, or thousands at once for the manifest
 * import's job test and bench. Times UTC.
 */

/**
 * An order holding one line of product `productId` (its seller's, as checkout freezes
 * it), and that line's one shipment, as the order fixture makes them.
 */
export async function orderWithShipment(
  db: Db,
  options: { productId: number; productName?: string; quantity?: number; billingFullName?: string },
): Promise<{ orderId: number; trackingNumber: string; shipmentId: number }> {
  const order = await createOrder(db, {
    ...(options.billingFullName ? { billingFullName: options.billingFullName } : {}),
    lines: [
      {
        productId: options.productId,
        ...(options.productName ? { productName: options.productName } : {}),
        quantity: options.quantity ?? 1,
      },
    ],
  });
  const shipment = await db
    .selectFrom('shipments')
    .select('id')
    .where('orderId', '=', order.id)
    .executeTakeFirstOrThrow();
  return { orderId: order.id, trackingNumber: order.trackingNumber, shipmentId: shipment.id };
}

/**
 * `count` orders of one line each, every one with a shipment of `vendorId` in `status`,
 * inserted a few hundred rows per statement. Tracking numbers `<prefix>-<n>`. `taxed`:
 * each line carries GST as checkout freezes it (Rs.1,000 net at 18% IGST, Karnataka to
 * West Bengal), so shipping it issues a tax invoice (the manifest bench at scale).
 * @returns each shipment's id and its order's tracking number, in order.
 */
export async function insertManyShipments(
  db: Db,
  vendorId: number | null,
  count: number,
  {
    prefix = `BULK${Date.now() % 1_000_000}`,
    status = 'Packaging',
    taxed = false,
  }: { prefix?: string; status?: ShipmentsTable['status']; taxed?: boolean } = {},
): Promise<{ shipmentId: number; trackingNumber: string }[]> {
  const at = new Date().toISOString();
  const shipBy = new Date(Date.now() + 48 * 3_600_000).toISOString();
  const numbers = Array.from({ length: count }, (_, index) => `${prefix}-${index + 1}`);
  const made: { shipmentId: number; trackingNumber: string }[] = [];
  for (const batch of chunked(numbers, 20, 500)) {
    const orders = await db
      .insertInto('orders')
      .values(
        batch.map((trackingNumber) => ({
          trackingNumber,
          userId: null,
          billingFullName: 'Manifest Customer',
          billingEmail: 'manifest@example.test',
          billingPhone: '+91 98765 43210',
          billingNote: null,
          billingAddress: '1 Park Street',
          billingCity: 'Kolkata',
          billingProvince: 'West Bengal',
          paymentMethod: 'Cash on Delivery',
          subtotalPaise: 100_000,
          couponId: null,
          couponCode: null,
          discountPaise: 0,
          couponDiscountPaise: 0,
          discountedTotalPaise: 100_000,
          status: status === 'Cancelled' ? 'Cancelled' : status,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning(['id', 'trackingNumber'])
      .execute();
    const items = await db
      .insertInto('orderItems')
      .values(
        orders.map((order) => ({
          orderId: order.id,
          productId: null,
          productName: `Parcel of ${order.trackingNumber}`,
          productImage: null,
          quantity: 1,
          salePricePaise: 100_000,
          vendorId,
          commissionRateBp: null,
          ...(taxed ? { netPaise: 100_000 } : {}),
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning(['id', 'orderId'])
      .execute();
    if (taxed)
      await db
        .insertInto('orderItemTaxes')
        .values(
          items.map((item) => ({
            orderItemId: item.id,
            orderId: item.orderId,
            hsnCode: '6109',
            rateBp: 1800,
            taxablePaise: 84_746,
            cgstPaise: 0,
            sgstPaise: 0,
            igstPaise: 15_254,
            sellerStateCode: '29',
            placeOfSupplyCode: '19',
            createdAt: at,
            updatedAt: at,
          })),
        )
        .execute();
    const shipments = await db
      .insertInto('shipments')
      .values(
        orders.map((order) => ({
          orderId: order.id,
          vendorId,
          status,
          shipBy,
          carrier: null,
          awb: null,
          shippedAt: null,
          deliveredAt: null,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning(['id', 'orderId'])
      .execute();
    const itemOf = new Map(items.map((item) => [item.orderId, item.id]));
    await db
      .insertInto('shipmentItems')
      .values(
        shipments.map((shipment) => ({
          shipmentId: shipment.id,
          orderItemId: itemOf.get(shipment.orderId) as number,
          quantity: 1,
        })),
      )
      .execute();
    await refreshShipmentSearchTerms(
      db,
      (q) =>
        q.where(
          's.id',
          'in',
          shipments.map((shipment) => shipment.id),
        ),
      { fresh: true },
    );
    const numberOf = new Map(orders.map((order) => [order.id, order.trackingNumber]));
    for (const shipment of shipments)
      made.push({ shipmentId: shipment.id, trackingNumber: numberOf.get(shipment.orderId) as string });
  }
  made.sort((a, b) => a.shipmentId - b.shipmentId);
  return made;
}
