import {
  awbNumber,
  carrierName,
  isShipmentLate,
  type OrderStatus,
  orderStatuses,
  type PipelineStatus,
  type Shipment,
  type ShipmentStatusBody,
  shipmentMessages,
  shipmentMoveRefusal,
} from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventActor } from '../../platform/events/domain-events.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { yieldToOthers } from '../../platform/yield.js';
import {
  cancelEmptyShipments,
  countVendorPart,
  findOrderShipments,
  findOrderShipmentsWithItems,
  findShipment,
  findShipmentItems,
  findShipmentStatuses,
  findShipmentStatusesOfOrders,
  findShipmentsByIds,
  findUnshippedUnits,
  insertOrderShipments,
  insertOrderStatusEntries,
  insertOrderStatusEntry,
  insertShipment,
  lockOrderRow,
  lockOrderRows,
  moveShipmentsOfOrder,
  type PlacedOrderForShipments,
  type ShipmentItemRow,
  type ShipmentRow,
  type ShipmentStatus,
  type ShipmentWithVendor,
  setOrderStatusAndVersion,
  setOrderStatusesAndVersion,
  setShipmentItem,
  setShipmentsOnTheRoad,
  updateShipment,
} from './shipments.repository.js';

/**
 * Shipments (issue 34; docs/decisions/0122-shipments.md): each vendor's part of an order
 * moves through the pipeline on its own, and the order's status is derived from them.
 * Every write here runs in a transaction that locks the order's row first, so its
 * shipments, lines, money and status change one writer at a time (PostgreSQL; SQLite
 * has one writer anyway): two vendors and an admin moving one order at once are
 * decided one after the other, and a stale version answers 409.
 */

/**
 * The order's status from its shipments' (issue 34): the least advanced of those not
 * cancelled; Cancelled when every one is (or there is none).
 */
export function deriveOrderStatus(statuses: readonly OrderStatus[]): OrderStatus {
  let least: number | null = null;
  for (const status of statuses) {
    const index = orderStatuses.indexOf(status as PipelineStatus);
    if (index >= 0 && (least === null || index < least)) least = index;
  }
  return least === null ? 'Cancelled' : (orderStatuses[least] as PipelineStatus);
}

/** `at` plus `hours`, UTC ISO. */
export function shipByOf(at: string, hours: number): string {
  return new Date(Date.parse(at) + hours * 3_600_000).toISOString();
}

/**
 * Makes an order's shipments at checkout, in its transaction: one per vendor of its
 * lines and one for the store's own products, each Order Placed with every unit of its
 * lines and ship-by `shipByHours` after `placedAt` (UTC ISO 8601).
 */
export async function makeOrderShipments(
  trx: Db,
  order: PlacedOrderForShipments,
  placedAt: string,
  shipByHours: number,
): Promise<void> {
  await insertOrderShipments(trx, order, placedAt, shipByOf(placedAt, shipByHours));
}

/** An order as its shipments' writers lock it. */
type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrderRow>>>;

/**
 * Locks the order's row (the first lock every writer of its shipments takes).
 * @throws AppError NOT_FOUND (404) with `message`.
 */
export async function lockOrder(trx: Db, orderId: number, message: string): Promise<LockedOrder> {
  const order = await lockOrderRow(trx, orderId);
  if (!order) throw notFound(message);
  return order;
}

/**
 * Publishes `shipment.vendorPartDelivered` when every shipment of the vendor's part of
 * the order that is not cancelled is delivered (and one is): their payout hold starts.
 */
export async function announceVendorPartIfDelivered(
  trx: Db,
  events: EventBus,
  actor: EventActor,
  orderId: number,
  vendorId: number | null,
  at: string,
): Promise<void> {
  if (vendorId === null) return;
  const part = await countVendorPart(trx, orderId, vendorId);
  if (part.open === 0 && part.delivered > 0)
    await events.publish(trx, { type: 'shipment.vendorPartDelivered', actor, orderId, vendorId, at });
}

/**
 * Writes the order's status derived from its shipments and `at` as its version; when
 * the status changed, a history entry (by `actor`, with `notes`) and
 * `order.statusChanged` (and `order.delivered` on Delivered).
 * @returns the derived status.
 */
export async function syncOrderStatus(
  trx: Db,
  events: EventBus,
  actor: EventActor,
  order: LockedOrder,
  at: string,
  notes: string | null = null,
): Promise<OrderStatus> {
  const status = deriveOrderStatus(await findShipmentStatuses(trx, order.id));
  await setOrderStatusAndVersion(trx, order.id, status, at);
  if (status !== order.status) {
    await insertOrderStatusEntry(trx, { orderId: order.id, status, notes, changedBy: actor.userId, at });
    const ref = { id: order.id, trackingNumber: order.trackingNumber };
    await events.publish(trx, { type: 'order.statusChanged', actor, order: ref, from: order.status, to: status, at });
    if (status === 'Delivered') await events.publish(trx, { type: 'order.delivered', orderId: order.id, at });
  }
  return status;
}

/** Who may move a shipment: an admin any, a vendor their own (`vendorId`). */
export interface ShipmentScope {
  vendorId?: number;
}

/** What a move did: the shipment, the new shipment of the units left behind (or null), the order's status. */
export interface ShipmentMove {
  shipmentId: number;
  remainderId: number | null;
  orderStatus: OrderStatus;
}

/**
 * The units to dispatch per line, checked against what the shipment holds, and what
 * stays behind (issue 34 'Partial dispatch').
 * @throws AppError BAD_REQUEST (400) a line not in the shipment, or more units than it holds.
 */
function splitUnits(held: readonly ShipmentItemRow[], asked: ShipmentStatusBody['items']) {
  if (asked === undefined) return { sent: held.map((row) => ({ ...row })), left: [] as ShipmentItemRow[] };
  const byLine = new Map(held.map((row) => [row.orderItemId, row]));
  const sentByLine = new Map<number, number>();
  for (const { itemId, quantity } of asked) {
    const row = byLine.get(itemId);
    if (!row) throw new AppError('BAD_REQUEST', shipmentMessages.notALine, { items: shipmentMessages.notALine });
    if (quantity > row.quantity) {
      const message = shipmentMessages.tooMany(row.quantity);
      throw new AppError('BAD_REQUEST', message, { items: message });
    }
    sentByLine.set(itemId, quantity);
  }
  const sent = held.map((row) => ({ ...row, quantity: sentByLine.get(row.orderItemId) ?? 0 }));
  const left = held
    .map((row) => ({ ...row, quantity: row.quantity - (sentByLine.get(row.orderItemId) ?? 0) }))
    .filter((row) => row.quantity > 0);
  return { sent, left };
}

/**
 * Moves one shipment forward inside a transaction the caller opened (the route's, a
 * bulk step's, the manifest import's, the seeder's): checks who may (a vendor only their
 * own: another's answers 404), the version and the move (`shipmentMoveRefusal`); On The
 * Road records carrier, AWB, shipped time and whether it is late, and with `items`
 * leaves the units not named in a new Packaging shipment of the same vendor (same
 * ship-by); Delivered records the delivery time. Then the order's derived status and
 * version, and the events: `shipment.shipped`, `shipment.delivered`,
 * `shipment.vendorPartDelivered` (the vendor's hold), `order.statusChanged`.
 * @throws AppError NOT_FOUND (404) 'Shipment not found'; CONFLICT (409) stale
 *   `updatedAt` or a move the process does not allow; BAD_REQUEST (400) bad `items`.
 */
export async function moveShipmentInTransaction(
  trx: Db,
  events: EventBus,
  actor: EventActor,
  shipmentId: number,
  body: ShipmentStatusBody,
  scope: ShipmentScope,
  now: Date = new Date(),
): Promise<ShipmentMove> {
  const found = await findShipment(trx, shipmentId);
  if (!found || (scope.vendorId !== undefined && found.vendorId !== scope.vendorId))
    throw notFound(shipmentMessages.notFound);
  const order = await lockOrder(trx, found.orderId, shipmentMessages.notFound);
  const shipment = (await findShipment(trx, shipmentId)) ?? found;
  if (isStaleVersion(body.updatedAt, shipment.updatedAt))
    throw new AppError('CONFLICT', shipmentMessages.changedMeanwhile);
  const refusal = shipmentMoveRefusal(shipment.status, body.status);
  if (refusal !== null) throw new AppError('CONFLICT', refusal);

  const later = Date.parse(order.updatedAt) > Date.parse(shipment.updatedAt) ? order.updatedAt : shipment.updatedAt;
  const at = nextVersion(later, now.toISOString());
  const ref = { id: order.id, trackingNumber: order.trackingNumber };
  let remainderId: number | null = null;
  if (body.status === 'On The Road') {
    const held = await findShipmentItems(trx, [shipment.id]);
    const { sent, left } = splitUnits(held, body.items);
    if (sent.every((row) => row.quantity === 0))
      throw new AppError('BAD_REQUEST', orderItemsRequired, { items: orderItemsRequired });
    if (left.length > 0) {
      remainderId = await insertShipment(trx, {
        orderId: order.id,
        vendorId: shipment.vendorId,
        status: 'Packaging',
        shipBy: shipment.shipBy,
        at,
      });
      for (const row of left) await setShipmentItem(trx, remainderId, row.orderItemId, row.quantity);
      for (const row of sent) await setShipmentItem(trx, shipment.id, row.orderItemId, row.quantity);
    }
    const late = at > shipment.shipBy;
    await updateShipment(trx, shipment.id, {
      status: 'On The Road',
      carrier: body.carrier ?? null,
      awb: body.awb ?? null,
      shippedAt: at,
      isShippedLate: late,
      updatedAt: at,
    });
    await events.publish(trx, {
      type: 'shipment.shipped',
      actor,
      order: ref,
      shipmentId: shipment.id,
      vendorId: shipment.vendorId,
      carrier: body.carrier ?? null,
      awb: body.awb ?? null,
      units: sent.reduce((sum, row) => sum + row.quantity, 0),
      remainderId,
      late,
      at,
    });
  } else if (body.status === 'Delivered') {
    await updateShipment(trx, shipment.id, { status: 'Delivered', deliveredAt: at, updatedAt: at });
    await events.publish(trx, {
      type: 'shipment.delivered',
      actor,
      order: ref,
      shipmentId: shipment.id,
      vendorId: shipment.vendorId,
      at,
    });
    await announceVendorPartIfDelivered(trx, events, actor, order.id, shipment.vendorId, at);
  } else {
    await updateShipment(trx, shipment.id, { status: body.status, updatedAt: at });
  }
  const orderStatus = await syncOrderStatus(trx, events, actor, order, at);
  return { shipmentId: shipment.id, remainderId, orderStatus };
}

const orderItemsRequired = 'Choose at least one item';

/** One shipment to put on the road with `shipManyInTransaction`. */
export interface Dispatch {
  shipmentId: number;
  /** As the status form takes it (`carrierName`). */
  carrier: string;
  /** As the status form takes it (`awbNumber`: stored upper case). */
  awb: string;
  /** The version the caller read it at: a shipment saved since is refused (decision 0018); none: not checked. */
  updatedAt?: string;
}

/** Shipments `shipManyInTransaction` moves in one round of statements (each binds one value per shipment, or three). */
export const SHIP_MANY_AT_ONCE = 500;

/**
 * Puts many shipments on the road at once inside a transaction the caller opened (a
 * courier manifest's batch; decision 0143), in a few statements per `SHIP_MANY_AT_ONCE`
 * whatever their number, with the rules of `moveShipmentInTransaction` to On The Road
 * for each, whole (no partial dispatch): another vendor's or an unknown shipment is
 * refused as not found; a bad carrier or AWB as the status form refuses it; a version
 * saved since `updatedAt` as changed meanwhile; a move the process does not allow
 * (`shipmentMoveRefusal`: already on the road, delivered, cancelled; the same shipment
 * twice, the second is refused as a second form would be); a shipment with no units left.
 * The others are written together: locks on their orders (id order), the shipments (one
 * statement: carrier, AWB, shipped time, late, version), their search terms, each order's
 * derived status and version, history entries where it changed, then the events:
 * `shipment.shipped` for each (one `publishAll`: the invoices and the activity log take
 * them in a few statements) and `order.statusChanged` for each order whose status moved.
 * A refused shipment changes nothing and does not stop the others; anything thrown (the
 * database, a subscriber) leaves the caller's transaction to roll back whole. All moved
 * get one version `at` (now, or just after the latest version among them and their orders).
 * @returns per dispatch, in order: null when shipped, else the refusal's message.
 */
export async function shipManyInTransaction(
  trx: Db,
  events: EventBus,
  actor: EventActor,
  dispatches: readonly Dispatch[],
  scope: ShipmentScope,
  now: Date = new Date(),
): Promise<(string | null)[]> {
  const outcomes: (string | null)[] = [];
  for (let start = 0; start < dispatches.length; start += SHIP_MANY_AT_ONCE)
    outcomes.push(
      ...(await shipSome(trx, events, actor, dispatches.slice(start, start + SHIP_MANY_AT_ONCE), scope, now)),
    );
  return outcomes;
}

/** `shipManyInTransaction` for at most `SHIP_MANY_AT_ONCE` dispatches. */
async function shipSome(
  trx: Db,
  events: EventBus,
  actor: EventActor,
  dispatches: readonly Dispatch[],
  scope: ShipmentScope,
  now: Date,
): Promise<(string | null)[]> {
  const ids = dispatches.map((dispatch) => dispatch.shipmentId);
  const mine = (row: { vendorId: number | null } | undefined) =>
    row !== undefined && (scope.vendorId === undefined || row.vendorId === scope.vendorId);
  const first = await findShipmentsByIds(trx, ids);
  // The orders' locks first (as every writer of their shipments), then the shipments as they are now.
  const orders = await lockOrderRows(
    trx,
    [...first.values()].filter(mine).map((row) => row.orderId),
  );
  const current = await findShipmentsByIds(trx, ids);
  // Between its steps others get a turn: SQLite's statements hold the event loop while they run (decision 0121).
  await yieldToOthers();
  const units = new Map<number, number>();
  for (const row of await findShipmentItems(trx, [...current.keys()]))
    units.set(row.shipmentId, (units.get(row.shipmentId) ?? 0) + row.quantity);

  const moving = new Set<number>();
  const accepted: { dispatch: Dispatch; shipment: ShipmentRow }[] = [];
  const outcomes = dispatches.map((dispatch): string | null => {
    const shipment = current.get(dispatch.shipmentId);
    if (!shipment || !mine(shipment) || !orders.has(shipment.orderId)) return shipmentMessages.notFound;
    const carrier = carrierName.safeParse(dispatch.carrier);
    if (!carrier.success) return carrier.error.issues[0]?.message ?? shipmentMessages.carrierRequired;
    const awb = awbNumber.safeParse(dispatch.awb);
    if (!awb.success) return awb.error.issues[0]?.message ?? shipmentMessages.awbRequired;
    // Named again after an earlier dispatch of this call moved it: as a second form would be refused.
    if (moving.has(shipment.id))
      return dispatch.updatedAt === undefined
        ? (shipmentMoveRefusal('On The Road', 'On The Road') ?? shipmentMessages.onlyForward)
        : shipmentMessages.changedMeanwhile;
    if (isStaleVersion(dispatch.updatedAt, shipment.updatedAt)) return shipmentMessages.changedMeanwhile;
    const refusal = shipmentMoveRefusal(shipment.status, 'On The Road');
    if (refusal !== null) return refusal;
    if ((units.get(shipment.id) ?? 0) === 0) return orderItemsRequired;
    moving.add(shipment.id);
    accepted.push({ dispatch: { ...dispatch, carrier: carrier.data, awb: awb.data }, shipment });
    return null;
  });
  if (accepted.length === 0) return outcomes;

  // One version for the set: now, or just after the latest of its shipments' and orders' own.
  let latest: string | null = null;
  for (const { shipment } of accepted)
    for (const previous of [shipment.updatedAt, (orders.get(shipment.orderId) as LockedOrder).updatedAt])
      if (latest === null || Date.parse(previous) > Date.parse(latest)) latest = previous;
  const at = nextVersion(latest, now.toISOString());
  await setShipmentsOnTheRoad(
    trx,
    accepted.map(({ dispatch }) => dispatch),
    at,
  );
  await yieldToOthers();

  // Each order's derived status, its version, and a history entry where the status moved.
  const orderIds = [...new Set(accepted.map(({ shipment }) => shipment.orderId))];
  const statuses = await findShipmentStatusesOfOrders(trx, orderIds);
  const derived = new Map(orderIds.map((id) => [id, deriveOrderStatus(statuses.get(id) ?? [])]));
  await setOrderStatusesAndVersion(trx, derived, at);
  const moved = orderIds.flatMap((id) => {
    const order = orders.get(id) as LockedOrder;
    const to = derived.get(id) as OrderStatus;
    return to === order.status ? [] : [{ order, to }];
  });
  await insertOrderStatusEntries(
    trx,
    moved.map(({ order, to }) => ({ orderId: order.id, status: to, notes: null, changedBy: actor.userId, at })),
  );

  await yieldToOthers();
  const refOf = (orderId: number) => {
    const order = orders.get(orderId) as LockedOrder;
    return { id: order.id, trackingNumber: order.trackingNumber };
  };
  await events.publishAll(
    trx,
    'shipment.shipped',
    accepted.map(({ dispatch, shipment }) => ({
      type: 'shipment.shipped' as const,
      actor,
      order: refOf(shipment.orderId),
      shipmentId: shipment.id,
      vendorId: shipment.vendorId,
      carrier: dispatch.carrier,
      awb: dispatch.awb,
      units: units.get(shipment.id) ?? 0,
      remainderId: null,
      late: at > shipment.shipBy,
      at,
    })),
  );
  await yieldToOthers();
  await events.publishAll(
    trx,
    'order.statusChanged',
    moved.map(({ order, to }) => ({
      type: 'order.statusChanged' as const,
      actor,
      order: refOf(order.id),
      from: order.status,
      to,
      at,
    })),
  );
  const delivered = moved.filter(({ to }) => to === 'Delivered');
  if (delivered.length > 0)
    await events.publishAll(
      trx,
      'order.delivered',
      delivered.map(({ order }) => ({ type: 'order.delivered' as const, orderId: order.id, at })),
    );
  return outcomes;
}

/**
 * `PUT /api/vendor/shipments/{id}/status` and `PUT /api/shipments/admin/{id}/status`:
 * `moveShipmentInTransaction` in its own transaction, answering the shipment, the
 * remainder and the order's status as stored.
 * @throws AppError as `moveShipmentInTransaction`.
 */
export async function moveShipment(
  db: Db,
  events: EventBus,
  actor: EventActor,
  shipmentId: number,
  body: ShipmentStatusBody,
  scope: ShipmentScope,
): Promise<{ shipment: Shipment; remainder: Shipment | null; orderStatus: OrderStatus; partial: boolean }> {
  const move = await runTransaction(db, (trx) =>
    moveShipmentInTransaction(trx, events, actor, shipmentId, body, scope),
  );
  const found = await findShipment(db, move.shipmentId);
  const shipments = await findOrderShipments(db, found?.orderId ?? 0);
  const wire = await toShipments(db, shipments);
  const byId = new Map(wire.map((shipment) => [shipment._id, shipment]));
  return {
    shipment: byId.get(String(move.shipmentId)) as Shipment,
    remainder: move.remainderId === null ? null : (byId.get(String(move.remainderId)) ?? null),
    orderStatus: move.orderStatus,
    partial: move.remainderId !== null,
  };
}

/**
 * The spec's `PUT /api/orders/admin/order-status` moving an order to `to` (issue 34):
 * every shipment not cancelled that is behind `to` moves to it, as if each were moved
 * (shipped and delivered times, events, the vendors' holds), with no carrier or AWB.
 * The caller writes the order's status, history entry and events.
 */
export async function advanceShipmentsBehind(
  trx: Db,
  events: EventBus,
  actor: EventActor,
  order: { id: number; trackingNumber: string },
  to: PipelineStatus,
  at: string,
): Promise<void> {
  const target = orderStatuses.indexOf(to);
  const behind = orderStatuses.slice(0, target);
  const shipments = (await findOrderShipments(trx, order.id)).filter((shipment) =>
    behind.includes(shipment.status as PipelineStatus),
  );
  if (shipments.length === 0) return;
  // One statement for them all (the demo seeder walks thousands of orders through here).
  await moveShipmentsOfOrder(trx, order.id, behind, to, at);
  const shipping = shipments.filter((shipment) => shipment.shippedAt === null && target >= 2);
  const units =
    shipping.length > 0
      ? await findShipmentItems(
          trx,
          shipping.map((shipment) => shipment.id),
        )
      : [];
  for (const shipment of shipments) {
    const base = { actor, order, shipmentId: shipment.id, vendorId: shipment.vendorId, at };
    if (shipping.includes(shipment))
      await events.publish(trx, {
        type: 'shipment.shipped',
        ...base,
        carrier: null,
        awb: null,
        units: units.filter((row) => row.shipmentId === shipment.id).reduce((sum, row) => sum + row.quantity, 0),
        remainderId: null,
        late: at > shipment.shipBy,
      });
    if (to === 'Delivered') await events.publish(trx, { type: 'shipment.delivered', ...base });
  }
  // Delivered: every shipment not cancelled is now delivered, so each vendor's part is.
  if (to === 'Delivered')
    for (const vendorId of new Set(shipments.map((shipment) => shipment.vendorId)))
      if (vendorId !== null)
        await events.publish(trx, { type: 'shipment.vendorPartDelivered', actor, orderId: order.id, vendorId, at });
}

/**
 * Per order line, the units a cancellation may take: those of its shipments not yet on
 * the road (Order Placed, Packaging), optionally of one vendor's shipments only.
 */
export async function cancellableUnits(trx: Db, orderId: number, vendorId?: number): Promise<Map<number, number>> {
  const units = new Map<number, number>();
  for (const row of await findUnshippedUnits(trx, orderId))
    if (vendorId === undefined || row.vendorId === vendorId)
      units.set(row.orderItemId, (units.get(row.orderItemId) ?? 0) + row.quantity);
  return units;
}

/**
 * Takes cancelled units out of the order's shipments not yet on the road (the newest
 * first: a partial dispatch's remainder before the original), marks a shipment left with
 * none Cancelled, and tells of a vendor's part now wholly delivered (its hold starts).
 * @param actor who cancelled (the event of a part delivered names them).
 * @param lines per order line, the units cancelled (at most `cancellableUnits`).
 */
export async function takeCancelledUnits(
  trx: Db,
  events: EventBus,
  actor: EventActor,
  orderId: number,
  lines: readonly { orderItemId: number; quantity: number }[],
  at: string,
): Promise<void> {
  const unshipped = (await findUnshippedUnits(trx, orderId)).reverse();
  const vendors = new Set<number | null>();
  for (const line of lines) {
    let left = line.quantity;
    for (const row of unshipped) {
      if (left === 0) break;
      if (row.orderItemId !== line.orderItemId || row.quantity === 0) continue;
      const taken = Math.min(left, row.quantity);
      row.quantity -= taken;
      left -= taken;
      vendors.add(row.vendorId);
      await setShipmentItem(trx, row.shipmentId, row.orderItemId, row.quantity);
    }
    if (left > 0) throw new Error(`takeCancelledUnits: ${left} units of line ${line.orderItemId} are not unshipped`);
  }
  const emptied = await cancelEmptyShipments(trx, orderId, at);
  if (emptied.length > 0)
    for (const vendorId of vendors) await announceVendorPartIfDelivered(trx, events, actor, orderId, vendorId, at);
}

/** The order's status derived from its shipments as they are now in `trx`. */
export async function derivedStatusOf(trx: Db, orderId: number): Promise<OrderStatus> {
  return deriveOrderStatus(await findShipmentStatuses(trx, orderId));
}

/** Shipments with their units as the wire carries them (`late` judged at `now`). */
export async function toShipments(
  db: Db,
  rows: readonly ShipmentWithVendor[],
  now: Date = new Date(),
): Promise<Shipment[]> {
  const items = await findShipmentItems(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toShipment(row, items, now));
}

/** One shipment on the wire, with the units of `items` that are its own. */
export function toShipment(
  row: Pick<
    ShipmentWithVendor,
    'id' | 'vendorId' | 'status' | 'shipBy' | 'carrier' | 'awb' | 'shippedAt' | 'deliveredAt' | 'updatedAt'
  > & { vendorName: string | null },
  items: readonly ShipmentItemRow[],
  now: Date,
): Shipment {
  return {
    _id: String(row.id),
    vendor:
      row.vendorId === null ? null : { _id: String(row.vendorId), businessName: row.vendorName ?? 'Former vendor' },
    status: row.status,
    items: items
      .filter((item) => item.shipmentId === row.id)
      .map((item) => ({ itemId: String(item.orderItemId), quantity: item.quantity })),
    shipBy: row.shipBy,
    carrier: row.carrier,
    awb: row.awb,
    shippedAt: row.shippedAt,
    deliveredAt: row.deliveredAt,
    late: isShipmentLate(row, now),
    updatedAt: row.updatedAt,
  };
}

/** An order's shipments as the wire carries them (a vendor's own with `vendorId`), oldest first. */
export async function orderShipments(db: Db, orderId: number, vendorId?: number): Promise<Shipment[]> {
  const { shipments, items } = await findOrderShipmentsWithItems(db, orderId, vendorId);
  const now = new Date();
  return shipments.map((row) => toShipment(row, items, now));
}

export type { ShipmentStatus };
