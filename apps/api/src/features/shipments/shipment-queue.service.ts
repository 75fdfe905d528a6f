import {
  type BulkResponse,
  bulkMessages,
  type OrderStatus,
  type PerformanceResponse,
  type PerformanceWindow,
  performanceThresholds,
  type Shipment,
  type ShipmentBulkBody,
  type ShipmentDetail,
  type ShipmentListFilters,
  type ShipmentListResponse,
  type ShipmentQueueSummary,
  type ShipmentSummary,
  type shipmentBulkBody,
  shipmentMessages,
  shipmentMoveRefusal,
  toRupees,
  type VendorCancelBody,
  vendorPortalMessages,
} from '@haat/contract';
import type { z } from 'zod';
import { type BulkOutcome, bulkSummary, distinctIds, eachRecord, versionsById } from '../../platform/bulk.js';
import type { Db } from '../../platform/db/create-db.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { isStaleVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventActor } from '../../platform/events/domain-events.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { cancelOrderInTransaction } from '../orders/order-corrections.service.js';
import {
  countQueue,
  countQueueSummary,
  findLineVendors,
  findShipment,
  findShipmentItems,
  findShipmentLines,
  findShipmentWithOrder,
  listQueue,
  type QueueFilters,
  type QueueRow,
  sumPerformance,
} from './shipments.repository.js';
import {
  type Dispatch,
  derivedStatusOf,
  moveShipmentInTransaction,
  orderShipments,
  shipManyInTransaction,
  toShipment,
} from './shipments.service.js';

/**
 * A vendor's shipments (issue 34): their queue, one shipment, what needs them today,
 * bulk moves, their own cancellation of unshipped units, and seller performance.
 * Money in paise inside, rupees on the wire; times UTC.
 */

/** The queue's cursors name their order: urgent (ship-by ascending) or newest. */
const sortOf = (filters: QueueFilters) =>
  filters.lateBefore !== undefined ? 'late' : `status:${filters.status ?? 'all'}`;

/**
 * `GET /api/vendor/shipments`: a keyset page of the vendor's shipments (`limit`,
 * `cursor`), `status`, `late` (not on the road past ship-by at `now`), `search` (order
 * tracking number, AWB or customer name, whole or its beginning, any case, through the
 * vendor's term index: decision 0150), with the exact total.
 * @throws AppError BAD_REQUEST (400) for a cursor not made for these filters.
 */
export async function listShipments(
  db: Db,
  bounds: ListBounds,
  vendorId: number,
  query: ShipmentListFilters,
  now: Date = new Date(),
): Promise<Omit<ShipmentListResponse, 'success'>> {
  const filters: QueueFilters = {
    vendorId,
    ...(query.status === 'all' ? {} : { status: query.status }),
    ...(query.late ? { lateBefore: now.toISOString() } : {}),
    ...(query.search ? { search: query.search } : {}),
  };
  const { items, total, nextCursor } = await listOrPage(
    { limit: query.limit, cursor: query.cursor, sort: sortOf(filters) },
    {
      keyType: 'instant',
      fetchAll: () => listQueue(db, filters, { limit: bounds.unpagedLimit }),
      fetchPage: (page) => listQueue(db, filters, page),
      count: (bound) => countQueue(db, filters, bound),
      keyOf: (row) => ({ key: row.shipBy, id: row.id }),
      toItems: async (rows) => {
        const units = await findShipmentItems(
          db,
          rows.map((row) => row.id),
        );
        return rows.map((row) => toSummary(row, units, now));
      },
    },
    bounds,
  );
  return { shipments: items, total, nextCursor };
}

function toSummary(row: QueueRow, units: Awaited<ReturnType<typeof findShipmentItems>>, now: Date): ShipmentSummary {
  const shipment = toShipment(row, units, now);
  return {
    ...shipment,
    order: { _id: String(row.orderId), trackingNumber: row.trackingNumber, createdAt: row.orderCreatedAt },
    customerName: row.billingFullName,
    units: shipment.items.reduce((sum, item) => sum + item.quantity, 0),
  };
}

/**
 * `GET /api/vendor/shipments/{id}`: one of the vendor's shipments with its lines (SKU,
 * price as sold) and where it goes.
 * @throws AppError NOT_FOUND (404), also for another vendor's.
 */
export async function getShipment(
  db: Db,
  vendorId: number | undefined,
  id: number,
  now: Date = new Date(),
): Promise<ShipmentDetail> {
  const row = await findShipmentWithOrder(db, id);
  if (!row || (vendorId !== undefined && row.vendorId !== vendorId)) throw notFound(shipmentMessages.notFound);
  const [units, lines] = await Promise.all([findShipmentItems(db, [id]), findShipmentLines(db, id)]);
  const shipment = toShipment(row, units, now);
  return {
    ...shipment,
    order: { _id: String(row.orderId), trackingNumber: row.trackingNumber, createdAt: row.orderCreatedAt },
    customerName: row.billingFullName,
    units: shipment.items.reduce((sum, item) => sum + item.quantity, 0),
    lines: lines.map((line) => ({
      itemId: String(line.id),
      productId: line.productId === null ? null : String(line.productId),
      productName: line.productName,
      sku: line.sku ?? null,
      image: line.productImage,
      quantity: line.quantity,
      salePrice: toRupees(line.salePricePaise),
    })),
    shipTo: {
      fullName: row.billingFullName,
      phone: row.billingPhone,
      note: row.billingNote,
      address: { fullAddress: row.billingAddress, city: row.billingCity, province: row.billingProvince },
    },
  };
}

/** `GET /api/vendor/shipments/summary`: to pack, to ship, due before the end of today (UTC), late. */
export async function queueSummary(
  db: Db,
  vendorId: number,
  now: Date = new Date(),
): Promise<Omit<ShipmentQueueSummary, 'success'>> {
  const endOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
  return countQueueSummary(db, vendorId, now.toISOString(), endOfDay);
}

/** The status each bulk action moves a shipment to. */
const bulkTargets = { pack: 'Packaging', ship: 'On The Road', deliver: 'Delivered' } as const;
/** Each bulk action's past tense in the summary. */
const bulkWords = { pack: 'packing', ship: 'shipped', deliver: 'delivered' } as const;

/**
 * `POST /api/vendor/shipments/bulk`: Start packing, Mark shipped (one carrier, each
 * shipment its own AWB: `awbs[i]` for `ids[i]`) or Mark delivered on each selected
 * shipment of the vendor's; one not theirs, not movable so, or changed since shown is
 * refused with why. Mark shipped puts the set on the road in one transaction with
 * `shipManyInTransaction` (decision 0143: a few statements whatever their number, the
 * invoices and activity in batches); the other actions move each through the single
 * move (its own transaction and events).
 * @returns `{ message, done, refused }`: '3 shipped, 1 skipped', each refusal by id.
 */
export async function bulkMoveShipments(
  db: Db,
  events: EventBus,
  actor: EventActor,
  vendorId: number,
  body: z.output<typeof shipmentBulkBody>,
): Promise<Omit<BulkResponse, 'success'>> {
  const shown = versionsById(body.ids, body.versions);
  const awbs = new Map(body.ids.map((id, index) => [id, body.awbs?.[index]]));
  const to = bulkTargets[body.action];
  if (to === 'On The Road') {
    const outcome = await shipAll(db, events, actor, vendorId, {
      ids: distinctIds(body.ids),
      carrier: body.carrier ?? '',
      awbs,
      shown,
    });
    return { message: bulkSummary(outcome, bulkWords[body.action]), ...outcome };
  }
  const outcome = await eachRecord(distinctIds(body.ids), async (id) => {
    const current = await findShipment(db, id);
    if (!current || current.vendorId !== vendorId) return bulkMessages.notFound;
    if (isStaleVersion(shown.get(id), current.updatedAt)) return bulkMessages.changedSince;
    const refusal = shipmentMoveRefusal(current.status, to);
    if (refusal !== null) return refusal;
    await runTransaction(db, (trx) =>
      moveShipmentInTransaction(trx, events, actor, id, { status: to, updatedAt: current.updatedAt }, { vendorId }),
    );
    return null;
  });
  return { message: bulkSummary(outcome, bulkWords[body.action]), ...outcome };
}

/**
 * Mark shipped over the vendor's selected shipments in one transaction
 * (`shipManyInTransaction`), its refusals worded as every bulk action's: not found
 * (another vendor's, unknown), changed since selected, or the move's own refusal.
 */
async function shipAll(
  db: Db,
  events: EventBus,
  actor: EventActor,
  vendorId: number,
  selection: {
    ids: readonly number[];
    carrier: string;
    awbs: ReadonlyMap<number, string | undefined>;
    shown: ReadonlyMap<number | undefined, string>;
  },
): Promise<BulkOutcome> {
  const dispatches: Dispatch[] = selection.ids.map((id) => {
    const updatedAt = selection.shown.get(id);
    return {
      shipmentId: id,
      carrier: selection.carrier,
      awb: selection.awbs.get(id) ?? '',
      ...(updatedAt === undefined ? {} : { updatedAt }),
    };
  });
  const outcomes = await runTransaction(db, (trx) =>
    shipManyInTransaction(trx, events, actor, dispatches, { vendorId }),
  );
  const refused = outcomes.flatMap((message, index) =>
    message === null
      ? []
      : [
          {
            _id: String(selection.ids[index]),
            message:
              message === shipmentMessages.notFound
                ? bulkMessages.notFound
                : message === shipmentMessages.changedMeanwhile
                  ? bulkMessages.changedSince
                  : message,
          },
        ],
  );
  return { done: outcomes.length - refused.length, refused };
}

/** `ShipmentBulkBody` as the route's schema parsed it. */
export type ParsedShipmentBulkBody = z.output<typeof shipmentBulkBody>;
export type { ShipmentBulkBody };

/**
 * `POST /api/vendor/orders/{id}/cancel` (issue 34): the vendor cancels some of their own
 * units not yet on the road, with a reason, through the admin's cancellation
 * (`cancelOrderInTransaction`: stock, totals, coupon, ledger, events alike), recorded as
 * theirs so their cancellation rate counts it.
 * @throws AppError NOT_FOUND (404) an order without their lines; BAD_REQUEST (400) a line
 *   not theirs or more units than are unshipped; CONFLICT (409) stale `updatedAt` or an
 *   order past cancelling.
 */
export async function cancelOwnUnits(
  db: Db,
  events: EventBus,
  actor: EventActor,
  vendorId: number,
  orderId: number,
  body: VendorCancelBody,
): Promise<{ orderStatus: OrderStatus; shipments: Shipment[] }> {
  await runTransaction(db, async (trx) => {
    const lines = await findLineVendors(trx, orderId);
    if (!lines.some((line) => line.vendorId === vendorId)) throw notFound(vendorPortalMessages.orderNotFound);
    const mine = new Set(lines.filter((line) => line.vendorId === vendorId).map((line) => line.id));
    if (body.items.some((item) => !mine.has(item.itemId)))
      throw new AppError('BAD_REQUEST', shipmentMessages.cancelNotYours, { items: shipmentMessages.cancelNotYours });
    await cancelOrderInTransaction(
      trx,
      events,
      actor,
      orderId,
      { reason: body.reason, items: body.items, updatedAt: body.updatedAt },
      { sellerVendorId: vendorId },
    );
  });
  const [orderStatus, shipments] = await Promise.all([
    derivedStatusOf(db, orderId),
    orderShipments(db, orderId, vendorId),
  ]);
  return { orderStatus, shipments };
}

/** A rate as a fraction rounded to 4 places; 0 without a denominator. */
const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

async function windowOf(db: Db, vendorId: number, now: Date, days: number): Promise<PerformanceWindow> {
  const from = new Date(now.getTime() - days * 86_400_000).toISOString();
  const figures = await sumPerformance(db, vendorId, from);
  return {
    ...figures,
    lateDispatchRate: rate(figures.late, figures.dispatched),
    cancellationRate: rate(figures.sellerCancelledUnits, figures.orderedUnits),
    returnRate: rate(figures.returnedUnits, figures.deliveredUnits),
  };
}

/**
 * `GET /api/vendors/{id}/performance` and `GET /api/vendor/performance` (issue 34): the
 * vendor's figures over the 30 and 90 days before `now`, computed in SQL (each figure
 * from its own index), with the store's thresholds.
 * @throws AppError NOT_FOUND (404) 'Vendor not found' for a vendor that does not exist.
 */
export async function vendorPerformance(
  db: Db,
  vendorId: number,
  now: Date = new Date(),
): Promise<Omit<PerformanceResponse, 'success'>> {
  const vendor = await db.selectFrom('vendors').select('id').where('id', '=', vendorId).executeTakeFirst();
  if (!vendor) throw notFound(shipmentMessages.performanceNotFound);
  const [days30, days90] = await Promise.all([windowOf(db, vendorId, now, 30), windowOf(db, vendorId, now, 90)]);
  return { days30, days90, thresholds: { ...performanceThresholds } };
}
