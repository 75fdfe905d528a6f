import { chunked } from '../../platform/db/chunks.js';
import type { Db } from '../../platform/db/create-db.js';
import { yieldToOthers } from '../../platform/yield.js';

/**
 * What the packing slips and the manifest import read (issue 34; decisions 0142, 0143):
 * many shipments at once, a few statements for hundreds or thousands of them (set-based,
 * in batches under both databases' bind limits, the server answering others between).
 */

/** Ids per statement: a batch's rows are read in a few ms. */
const BATCH = 500;

/** A shipment as its slip shows it: with its order's tracking number and ship-to, and its seller. */
export interface SlipShipmentRow {
  id: number;
  vendorId: number | null;
  vendorName: string | null;
  status: string;
  shipBy: string;
  carrier: string | null;
  awb: string | null;
  trackingNumber: string;
  orderCreatedAt: string;
  billingFullName: string;
  billingPhone: string;
  billingNote: string | null;
  billingAddress: string;
  billingCity: string;
  billingProvince: string;
}

/** The shipments of `ids` with their orders' ship-to and sellers, by id (ids not found are absent). */
export async function findSlipShipments(db: Db, ids: readonly number[]): Promise<Map<number, SlipShipmentRow>> {
  const found = new Map<number, SlipShipmentRow>();
  for (const batch of chunked([...new Set(ids)], 1, BATCH)) {
    await yieldToOthers();
    const rows = await db
      .selectFrom('shipments as s')
      .innerJoin('orders as o', 'o.id', 's.orderId')
      .leftJoin('vendors as v', 'v.id', 's.vendorId')
      .select([
        's.id',
        's.vendorId',
        'v.businessName as vendorName',
        's.status',
        's.shipBy',
        's.carrier',
        's.awb',
        'o.trackingNumber',
        'o.createdAt as orderCreatedAt',
        'o.billingFullName',
        'o.billingPhone',
        'o.billingNote',
        'o.billingAddress',
        'o.billingCity',
        'o.billingProvince',
      ])
      .where('s.id', 'in', batch)
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** A line of a slip: the units of an order line the shipment holds, with the product's SKU. */
export interface SlipLineRow {
  shipmentId: number;
  productName: string;
  sku: string | null;
  quantity: number;
}

/** The lines of the shipments of `ids` (units cancelled left out), by shipment, each in order-line order. */
export async function findSlipLines(db: Db, ids: readonly number[]): Promise<Map<number, SlipLineRow[]>> {
  const lines = new Map<number, SlipLineRow[]>();
  for (const batch of chunked([...new Set(ids)], 1, BATCH)) {
    await yieldToOthers();
    const rows = await db
      .selectFrom('shipmentItems as x')
      .innerJoin('orderItems as i', 'i.id', 'x.orderItemId')
      .leftJoin('products as p', 'p.id', 'i.productId')
      .select(['x.shipmentId', 'i.productName', 'p.sku', 'x.quantity'])
      .where('x.shipmentId', 'in', batch)
      .where('x.quantity', '>', 0)
      .orderBy('x.shipmentId')
      .orderBy('i.id')
      .execute();
    for (const row of rows) {
      const list = lines.get(row.shipmentId) ?? [];
      list.push({ ...row, sku: row.sku ?? null });
      lines.set(row.shipmentId, list);
    }
  }
  return lines;
}

/** A shipment of the vendor's as a manifest row finds it. */
export interface ManifestShipmentRow {
  id: number;
  orderId: number;
  trackingNumber: string;
  status: string;
  awb: string | null;
  updatedAt: string;
}

function manifestShipments(db: Db, vendorId: number) {
  return db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.orderId')
    .select(['s.id', 's.orderId', 'o.trackingNumber', 's.status', 's.awb', 's.updatedAt'])
    .where('s.vendorId', '=', vendorId);
}

/**
 * The vendor's shipments a manifest names: those of `ids` (over the primary key) and
 * those of the orders whose tracking numbers are in `trackingNumbers` (over
 * `orders_tracking_number_key`, each as given and upper-cased). Another vendor's are
 * not read: to the manifest they do not exist.
 */
export async function findManifestShipments(
  db: Db,
  vendorId: number,
  ids: readonly number[],
  trackingNumbers: readonly string[],
): Promise<{ byId: Map<number, ManifestShipmentRow>; byTracking: Map<string, ManifestShipmentRow[]> }> {
  const byId = new Map<number, ManifestShipmentRow>();
  const byTracking = new Map<string, ManifestShipmentRow[]>();
  for (const batch of chunked([...new Set(ids)], 1, BATCH)) {
    await yieldToOthers();
    for (const row of await manifestShipments(db, vendorId).where('s.id', 'in', batch).execute()) byId.set(row.id, row);
  }
  const numbers = [...new Set(trackingNumbers.flatMap((number) => [number, number.toUpperCase()]))];
  for (const batch of chunked(numbers, 1, BATCH)) {
    await yieldToOthers();
    const rows = await manifestShipments(db, vendorId).where('o.trackingNumber', 'in', batch).orderBy('s.id').execute();
    for (const row of rows) {
      const key = row.trackingNumber.toUpperCase();
      const list = byTracking.get(key) ?? [];
      if (!list.some((known) => known.id === row.id)) list.push(row);
      byTracking.set(key, list);
    }
  }
  return { byId, byTracking };
}
