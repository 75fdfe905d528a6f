import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { afterKeyset, countUpTo, type Keyset } from '../../platform/db/lists.js';
import type { OrdersTable, ShipmentsTable } from '../../platform/db/schema.js';
import {
  insertShipmentSearchTerms,
  nameWords,
  prefixRange,
  refreshShipmentSearchTerms,
  searchTermOf,
} from '../../platform/db/shipment-search-terms.js';

/**
 * The SQL of shipments (issue 34; decision 0122). Functions take the Kysely handle first
 * so a service's transaction is passed in. Times UTC ISO 8601. Every writer of an
 * order's shipments locks the order's row first (PostgreSQL), so the order's shipments,
 * lines and derived status change one writer at a time.
 */

export type ShipmentStatus = ShipmentsTable['status'];

/** A placed order as its shipments are made from it. */
export interface PlacedOrderForShipments {
  id: number;
  trackingNumber: string;
  billingFullName: string;
  /** Its lines as inserted: id, seller (null: the store's own) and units. */
  lines: ReadonlyArray<{ id: number; vendorId: number | null; quantity: number }>;
}

/**
 * Makes an order's shipments at checkout: one per vendor of its lines (and one for the
 * store's own products), Order Placed, ship-by `shipBy`, holding every unit of their
 * lines, with their search terms. Three statements, nothing read back: the shipments'
 * ids come from their INSERT, matched by vendor (RETURNING's order is not promised).
 */
export async function insertOrderShipments(
  trx: Db,
  order: PlacedOrderForShipments,
  at: string,
  shipBy: string,
): Promise<void> {
  const vendorIds = [...new Set(order.lines.map((line) => line.vendorId))];
  if (vendorIds.length === 0) return;
  const shipments = await trx
    .insertInto('shipments')
    .values(
      vendorIds.map((vendorId) => ({
        orderId: order.id,
        vendorId,
        status: 'Order Placed' as const,
        shipBy,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .returning(['id', 'vendorId'])
    .execute();
  const shipmentOf = new Map(shipments.map((shipment) => [shipment.vendorId, shipment.id]));
  await trx
    .insertInto('shipmentItems')
    .values(
      order.lines.map((line) => ({
        shipmentId: shipmentOf.get(line.vendorId) as number,
        orderItemId: line.id,
        quantity: line.quantity,
      })),
    )
    .execute();
  await insertShipmentSearchTerms(
    trx,
    shipments.map((shipment) => ({
      id: shipment.id,
      vendorId: shipment.vendorId,
      awb: null,
      trackingNumber: order.trackingNumber,
      billingFullName: order.billingFullName,
    })),
  );
}

/** The columns a shipment is read with. */
const SHIPMENT_COLUMNS = [
  's.id',
  's.orderId',
  's.vendorId',
  's.status',
  's.shipBy',
  's.carrier',
  's.awb',
  's.shippedAt',
  's.deliveredAt',
  's.isShippedLate',
  's.createdAt',
  's.updatedAt',
] as const;

/** One shipment; undefined if none. */
export function findShipment(db: Db, id: number) {
  return db.selectFrom('shipments as s').select(SHIPMENT_COLUMNS).where('s.id', '=', id).executeTakeFirst();
}

export type ShipmentRow = NonNullable<Awaited<ReturnType<typeof findShipment>>>;

/** An order's shipments, oldest first, with their vendor's business name (null: the store's, or a vendor gone). */
export function findOrderShipments(db: Db, orderId: number, vendorId?: number) {
  return orderShipmentsQuery(db, orderId, vendorId).execute();
}

/** `findOrderShipments`'s query, for its reader and `findOrderShipmentsWithItems` to run or extend. */
function orderShipmentsQuery(db: Db, orderId: number, vendorId: number | undefined) {
  return db
    .selectFrom('shipments as s')
    .leftJoin('vendors as v', 'v.id', 's.vendorId')
    .select([...SHIPMENT_COLUMNS, 'v.businessName as vendorName'])
    .where('s.orderId', '=', orderId)
    .$if(vendorId !== undefined, (q) => q.where('s.vendorId', '=', vendorId as number))
    .orderBy('s.id');
}

export type ShipmentWithVendor = Awaited<ReturnType<typeof findOrderShipments>>[number];

/**
 * An order's shipments (`findOrderShipments`'s rows) with the units each holds by order
 * line (lines with no unit left out), oldest shipment first, lines in line order: one
 * read for both, as the order's detail and the checkout's answer show them.
 */
export async function findOrderShipmentsWithItems(
  db: Db,
  orderId: number,
  vendorId?: number,
): Promise<{ shipments: ShipmentWithVendor[]; items: ShipmentItemRow[] }> {
  const rows = await orderShipmentsQuery(db, orderId, vendorId)
    .leftJoin('shipmentItems as si', (join) => join.onRef('si.shipmentId', '=', 's.id').on('si.quantity', '>', 0))
    .select(['si.orderItemId', 'si.quantity'])
    .orderBy('si.orderItemId')
    .execute();
  const shipments: ShipmentWithVendor[] = [];
  const items: ShipmentItemRow[] = [];
  for (const { orderItemId, quantity, ...shipment } of rows) {
    if (shipments.at(-1)?.id !== shipment.id) shipments.push(shipment);
    if (orderItemId !== null && quantity !== null) items.push({ shipmentId: shipment.id, orderItemId, quantity });
  }
  return { shipments, items };
}

/** The units each of `shipmentIds` holds, by order line, in line order (lines with no unit left out). */
export async function findShipmentItems(db: Db, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return [];
  return db
    .selectFrom('shipmentItems')
    .select(['shipmentId', 'orderItemId', 'quantity'])
    .where('shipmentId', 'in', [...shipmentIds])
    .where('quantity', '>', 0)
    .orderBy('orderItemId')
    .execute();
}

export type ShipmentItemRow = Awaited<ReturnType<typeof findShipmentItems>>[number];

/** The statuses of an order's shipments (the derived status reads them). */
export async function findShipmentStatuses(db: Db, orderId: number): Promise<ShipmentStatus[]> {
  const rows = await db.selectFrom('shipments').select('status').where('orderId', '=', orderId).execute();
  return rows.map((row) => row.status);
}

/** Writes a shipment's fields (a new AWB rewrites its search terms, decision 0150). */
export async function updateShipment(
  db: Db,
  id: number,
  values: Partial<Omit<ShipmentsTable, 'id' | 'orderId' | 'vendorId' | 'createdAt' | 'isShippedLate'>> & {
    isShippedLate?: boolean;
  },
): Promise<void> {
  await db.updateTable('shipments').set(values).where('id', '=', id).execute();
  if (values.awb !== undefined) await refreshShipmentSearchTerms(db, (q) => q.where('s.id', '=', id));
}

/**
 * Moves the order's shipments in `from` to `to` at `at` (the spec's order-status call):
 * on the road (or delivered) for the first time, their shipped time and whether it was
 * late; delivered, their delivery time.
 */
export async function moveShipmentsOfOrder(
  db: Db,
  orderId: number,
  from: readonly ShipmentStatus[],
  to: ShipmentStatus,
  at: string,
): Promise<void> {
  const shipped = to === 'On The Road' || to === 'Delivered';
  await db
    .updateTable('shipments')
    .set((eb) => ({
      status: to,
      updatedAt: at,
      ...(shipped
        ? {
            shippedAt: eb.fn.coalesce('shippedAt', eb.val(at)),
            isShippedLate: sql<boolean>`case when shipped_at is null then ship_by < ${at} else is_shipped_late end`,
          }
        : {}),
      ...(to === 'Delivered' ? { deliveredAt: at } : {}),
    }))
    .where('orderId', '=', orderId)
    .where('status', 'in', [...from])
    .execute();
}

/** Inserts a shipment with its search terms (decision 0150); answers its id. */
export async function insertShipment(
  db: Db,
  values: { orderId: number; vendorId: number | null; status: ShipmentStatus; shipBy: string; at: string },
): Promise<number> {
  const { at, ...rest } = values;
  const row = await db
    .insertInto('shipments')
    .values({ ...rest, createdAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshShipmentSearchTerms(db, (q) => q.where('s.id', '=', row.id), { fresh: true });
  return row.id;
}

/** Sets the units of a line a shipment holds (inserting the pair when new). */
export async function setShipmentItem(db: Db, shipmentId: number, orderItemId: number, quantity: number) {
  await db
    .insertInto('shipmentItems')
    .values({ shipmentId, orderItemId, quantity })
    .onConflict((oc) => oc.columns(['shipmentId', 'orderItemId']).doUpdateSet({ quantity }))
    .execute();
}

/**
 * The units not yet on the road of an order's lines, per line and shipment: those of
 * its Order Placed and Packaging shipments (what a cancellation may take), oldest
 * shipment first.
 */
export function findUnshippedUnits(db: Db, orderId: number) {
  return db
    .selectFrom('shipmentItems as x')
    .innerJoin('shipments as s', 's.id', 'x.shipmentId')
    .select(['x.shipmentId', 'x.orderItemId', 'x.quantity', 's.vendorId'])
    .where('s.orderId', '=', orderId)
    .where('s.status', 'in', ['Order Placed', 'Packaging'])
    .where('x.quantity', '>', 0)
    .orderBy('s.id')
    .execute();
}

/** Shipments of the order whose every unit was cancelled, not yet marked so: marks them Cancelled; answers their ids. */
export async function cancelEmptyShipments(db: Db, orderId: number, at: string): Promise<number[]> {
  const rows = await db
    .updateTable('shipments')
    .set({ status: 'Cancelled', updatedAt: at })
    .where('orderId', '=', orderId)
    .where('status', 'in', ['Order Placed', 'Packaging'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('shipmentItems as x')
            .select('x.shipmentId')
            .whereRef('x.shipmentId', '=', 'shipments.id')
            .where('x.quantity', '>', 0),
        ),
      ),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** How many of a vendor's shipments of an order are delivered, and how many are neither delivered nor cancelled. */
export async function countVendorPart(db: Db, orderId: number, vendorId: number) {
  const row = await db
    .selectFrom('shipments')
    .select([
      sql<number>`sum(case when status = 'Delivered' then 1 else 0 end)`.as('delivered'),
      sql<number>`sum(case when status in ('Delivered', 'Cancelled') then 0 else 1 end)`.as('open'),
    ])
    .where('orderId', '=', orderId)
    .where('vendorId', '=', vendorId)
    .executeTakeFirst();
  return { delivered: Number(row?.delivered ?? 0), open: Number(row?.open ?? 0) };
}

/** An order's row, locked on PostgreSQL inside a transaction: the lock every writer of its shipments takes first. */
export function lockOrderRow(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'trackingNumber', 'status', 'updatedAt'])
    .where('id', '=', orderId)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** Writes an order's derived status and version. */
export async function setOrderStatusAndVersion(db: Db, orderId: number, status: OrdersTable['status'], at: string) {
  await db.updateTable('orders').set({ status, updatedAt: at }).where('id', '=', orderId).execute();
}

/** A vendor's queue filters, resolved: statuses, the late cut-off (`now`), and a search text. */
export interface QueueFilters {
  vendorId: number;
  status?: ShipmentStatus;
  /** Only shipments not yet on the road whose ship-by is before `lateBefore`. */
  lateBefore?: string;
  search?: string;
}

/** Whether the queue is read most urgent first (ship-by ascending) or newest first. */
export function queueDirection(filters: QueueFilters): 'asc' | 'desc' {
  return filters.lateBefore !== undefined || filters.status === 'Order Placed' || filters.status === 'Packaging'
    ? 'asc'
    : 'desc';
}

/** The vendor's shipments the filters select (shipments alone: no order is read to choose them). */
function queueOf(db: Db, filters: QueueFilters) {
  return db
    .selectFrom('shipments as s')
    .where('s.vendorId', '=', filters.vendorId)
    .$if(filters.status !== undefined, (q) => q.where('s.status', '=', filters.status as ShipmentStatus))
    .$if(filters.lateBefore !== undefined, (q) =>
      q.where('s.status', 'in', ['Order Placed', 'Packaging']).where('s.shipBy', '<', filters.lateBefore as string),
    )
    .$if(filters.search !== undefined, (q) => q.where(matchesSearch(db, filters.vendorId, filters.search as string)));
}

/**
 * The vendor's shipments a search text matches (decision 0150), as ranges of
 * `shipment_search_terms_vendor_kind_idx` within the vendor (its kind tested in the
 * index, decision 0155): the text, lower-cased, is a prefix of one of a shipment's terms
 * (the order's tracking number, the AWB, a word of the customer's name: whole or its
 * beginning); or, a text of several words (or with punctuation), each word a prefix of a
 * word of the customer's name.
 */
function matchesSearch(db: Db, vendorId: number, text: string) {
  const termsFrom = (prefix: string, kind?: 'n') => {
    const { from, to } = prefixRange(prefix);
    return db
      .selectFrom('shipmentSearchTerms as t')
      .select('t.shipmentId')
      .where('t.vendorId', '=', vendorId)
      .where('t.term', '>=', from)
      .where('t.term', '<', to)
      .$if(kind !== undefined, (q) => q.where('t.kind', '=', kind as 'n'));
  };
  // The route refuses U+0000 (400); a direct caller's text with it matches nothing (PostgreSQL text cannot hold it).
  if (text.includes('\u0000')) return sql<SqlBool>`1 = 0`;
  const whole = searchTermOf(text);
  const words = nameWords(text);
  if (words.length === 0 || (words.length === 1 && words[0] === whole))
    return sql<SqlBool>`s.id in (${termsFrom(whole)})`;
  const [first, ...rest] = words.map((word) => termsFrom(word, 'n'));
  const byWords = rest.reduce((all, next) => all.intersect(next), first as NonNullable<typeof first>);
  // One IN of one compound, `w1 intersect w2 ... union whole`: SQLite applies compound
  // operators left to right and PostgreSQL INTERSECT before UNION, so both read it as
  // (w1 ∩ w2 ...) ∪ whole. Two INs joined by OR made PostgreSQL walk the vendor's whole
  // ship-by index and test each shipment against both (36 ms for the busiest vendor's
  // 152,345 shipments at 1,000,000 orders, 4 ms as one IN; decision 0155).
  return sql<SqlBool>`s.id in (${byWords.union(termsFrom(whole))})`;
}

/** A shipment's place in the queue's order. */
type QueueKey = { id: number; shipBy: string | Date };

/** `shipBy` as a comparable text (ISO on SQLite; a Date from some PostgreSQL drivers). */
const keyText = (value: string | Date) => (value instanceof Date ? value.toISOString() : String(value));

/**
 * A page of a vendor's queue (`limit + 1` rows after `after`), with the order's tracking
 * number and the customer's name. The page's shipments are chosen from `shipments` alone
 * (an index range in queue order; a search's term range, decision 0150), then read with
 * their order and vendor: only the page's rows touch `orders`. The Late tab is two
 * ordered ranges of `shipments_vendor_queue_idx` (Order Placed, Packaging), each cut at
 * the page's size and merged, so no sort of every late shipment of the vendor.
 */
export async function listQueue(db: Db, filters: QueueFilters, page: { limit: number; after?: Keyset | undefined }) {
  const direction = queueDirection(filters);
  const size = page.limit + 1;
  const keysOf = (scope: QueueFilters) =>
    queueOf(db, scope)
      .select(['s.id', 's.shipBy'])
      .$if(page.after !== undefined, (q) =>
        q.where(afterKeyset(sql.ref('s.ship_by'), sql.ref('s.id'), direction, page.after as Keyset)),
      )
      .orderBy('s.shipBy', direction)
      .orderBy('s.id', direction)
      .limit(size)
      .execute();
  const ranges: QueueKey[][] =
    filters.lateBefore !== undefined && filters.status === undefined
      ? [await keysOf({ ...filters, status: 'Order Placed' }), await keysOf({ ...filters, status: 'Packaging' })]
      : [await keysOf(filters)];
  const sign = direction === 'asc' ? 1 : -1;
  const ids = ranges
    .flat()
    .sort((a, b) => {
      const [x, y] = [keyText(a.shipBy), keyText(b.shipBy)];
      return sign * (x === y ? a.id - b.id : x < y ? -1 : 1);
    })
    .slice(0, size)
    .map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.orderId')
    .leftJoin('vendors as v', 'v.id', 's.vendorId')
    .select([
      ...SHIPMENT_COLUMNS,
      'v.businessName as vendorName',
      'o.trackingNumber',
      'o.billingFullName',
      'o.createdAt as orderCreatedAt',
    ])
    .where('s.id', 'in', ids)
    .orderBy('s.shipBy', direction)
    .orderBy('s.id', direction)
    .execute();
}

export type QueueRow = Awaited<ReturnType<typeof listQueue>>[number];

/**
 * How many shipments the queue's filters select, exact up to `bound`, from the vendor's
 * shipments alone (an index range of `shipments_vendor_queue_idx` or
 * `shipments_vendor_ship_by_idx`; searched, the term range of decision 0150), without
 * the orders.
 */
export function countQueue(db: Db, filters: QueueFilters, bound: number): Promise<number> {
  return countUpTo(db, queueOf(db, filters).select(sql<number>`1`.as('one')), bound);
}

/** One of a vendor's shipments with its order's tracking number, placement and ship-to. */
export function findShipmentWithOrder(db: Db, id: number) {
  return db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.orderId')
    .leftJoin('vendors as v', 'v.id', 's.vendorId')
    .select([
      ...SHIPMENT_COLUMNS,
      'v.businessName as vendorName',
      'o.trackingNumber',
      'o.createdAt as orderCreatedAt',
      'o.billingFullName',
      'o.billingPhone',
      'o.billingNote',
      'o.billingAddress',
      'o.billingCity',
      'o.billingProvince',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** The order lines of a shipment's units, with their product's SKU. */
export function findShipmentLines(db: Db, shipmentId: number) {
  return db
    .selectFrom('shipmentItems as x')
    .innerJoin('orderItems as i', 'i.id', 'x.orderItemId')
    .leftJoin('products as p', 'p.id', 'i.productId')
    .select(['i.id', 'i.productId', 'i.productName', 'i.productImage', 'i.salePricePaise', 'x.quantity', 'p.sku'])
    .where('x.shipmentId', '=', shipmentId)
    .where('x.quantity', '>', 0)
    .orderBy('i.id')
    .execute();
}

/** The vendor's counts of what needs them today: to pack, to ship, due before `endOfDay`, late (before `now`). */
export async function countQueueSummary(db: Db, vendorId: number, now: string, endOfDay: string) {
  const row = await db
    .selectFrom('shipments')
    .select([
      sql<number>`sum(case when status = 'Order Placed' then 1 else 0 end)`.as('toPack'),
      sql<number>`sum(case when status = 'Packaging' then 1 else 0 end)`.as('toShip'),
      sql<number>`sum(case when ship_by >= ${now} and ship_by < ${endOfDay} then 1 else 0 end)`.as('dueToday'),
      sql<number>`sum(case when ship_by < ${now} then 1 else 0 end)`.as('late'),
    ])
    .where('vendorId', '=', vendorId)
    .where('status', 'in', ['Order Placed', 'Packaging'])
    .executeTakeFirst();
  return {
    toPack: Number(row?.toPack ?? 0),
    toShip: Number(row?.toShip ?? 0),
    dueToday: Number(row?.dueToday ?? 0),
    late: Number(row?.late ?? 0),
  };
}

/**
 * A vendor's figures since `from` (UTC), each from its own index: shipments put on the
 * road and of those the late ones (`shipments_vendor_shipped_idx`), units ordered (their
 * lines of orders placed since; `order_items_vendor_idx` and the orders' key), units
 * they cancelled themselves (`order_cancellations_seller_idx`), units delivered
 * (`shipments_vendor_delivered_idx`) and units returned of their lines since.
 */
export async function sumPerformance(db: Db, vendorId: number, from: string) {
  const [dispatch, ordered, cancelled, delivered, returned] = await Promise.all([
    db
      .selectFrom('shipments')
      .select([
        sql<number>`count(*)`.as('dispatched'),
        sql<number>`sum(case when is_shipped_late then 1 else 0 end)`.as('late'),
      ])
      .where('vendorId', '=', vendorId)
      // Said outright, so both databases see the partial index applies.
      .where('shippedAt', 'is not', null)
      .where('shippedAt', '>=', from)
      .executeTakeFirst(),
    db
      .selectFrom('orderItems as i')
      .innerJoin('orders as o', 'o.id', 'i.orderId')
      .select(sql<number>`coalesce(sum(i.quantity), 0)`.as('units'))
      .where('i.vendorId', '=', vendorId)
      .where('o.createdAt', '>=', from)
      .executeTakeFirst(),
    db
      .selectFrom('orderCancellations as c')
      .innerJoin('orderCancellationItems as l', 'l.cancellationId', 'c.id')
      .select(sql<number>`coalesce(sum(l.quantity), 0)`.as('units'))
      .where('c.sellerVendorId', '=', vendorId)
      .where('c.createdAt', '>=', from)
      .executeTakeFirst(),
    db
      .selectFrom('shipments as s')
      .innerJoin('shipmentItems as x', 'x.shipmentId', 's.id')
      .select(sql<number>`coalesce(sum(x.quantity), 0)`.as('units'))
      .where('s.vendorId', '=', vendorId)
      .where('s.deliveredAt', 'is not', null)
      .where('s.deliveredAt', '>=', from)
      .executeTakeFirst(),
    db
      .selectFrom('orderReturns as r')
      .innerJoin('orderReturnItems as l', 'l.returnId', 'r.id')
      .innerJoin('orderItems as i', 'i.id', 'l.orderItemId')
      .select(sql<number>`coalesce(sum(l.quantity), 0)`.as('units'))
      .where('i.vendorId', '=', vendorId)
      .where('r.createdAt', '>=', from)
      .executeTakeFirst(),
  ]);
  return {
    dispatched: Number(dispatch?.dispatched ?? 0),
    late: Number(dispatch?.late ?? 0),
    orderedUnits: Number(ordered?.units ?? 0),
    sellerCancelledUnits: Number(cancelled?.units ?? 0),
    deliveredUnits: Number(delivered?.units ?? 0),
    returnedUnits: Number(returned?.units ?? 0),
  };
}

/** A vendor's shipment by the tracking number of its order, when the vendor has exactly one not yet on the road there. */
export function findShipmentsByTracking(db: Db, vendorId: number, trackingNumber: string) {
  return db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.orderId')
    .select(['s.id', 's.status', 's.updatedAt'])
    .where('o.trackingNumber', '=', trackingNumber)
    .where('s.vendorId', '=', vendorId)
    .execute();
}

/** Appends an entry to the order's status history (the derived status changed; issue 34). */
export async function insertOrderStatusEntry(
  db: Db,
  entry: { orderId: number; status: OrdersTable['status']; notes: string | null; changedBy: number | null; at: string },
): Promise<void> {
  await db
    .insertInto('orderStatusHistory')
    .values({
      orderId: entry.orderId,
      status: entry.status,
      notes: entry.notes,
      changedBy: entry.changedBy,
      createdAt: entry.at,
      updatedAt: entry.at,
    })
    .execute();
}

/** The vendor of each line of an order (null: the store's own product). */
export function findLineVendors(db: Db, orderId: number) {
  return db.selectFrom('orderItems').select(['id', 'vendorId']).where('orderId', '=', orderId).execute();
}

/** The shipments of `ids` (at most a few hundred), by id; ids not found are absent. */
export async function findShipmentsByIds(db: Db, ids: readonly number[]): Promise<Map<number, ShipmentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('shipments as s')
    .select(SHIPMENT_COLUMNS)
    .where('s.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The rows of the orders of `ids` (at most a few hundred), locked on PostgreSQL inside a
 * transaction in id order (so two writers locking several never wait on each other in a
 * circle), by id: the lock `lockOrderRow` takes, for many orders at once.
 */
export async function lockOrderRows(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, LockedOrderRow>();
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'trackingNumber', 'status', 'updatedAt'])
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export type LockedOrderRow = NonNullable<Awaited<ReturnType<typeof lockOrderRow>>>;

/** The statuses of the shipments of the orders of `orderIds`, by order. */
export async function findShipmentStatusesOfOrders(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, ShipmentStatus[]>> {
  const statuses = new Map<number, ShipmentStatus[]>();
  if (orderIds.length === 0) return statuses;
  const rows = await db
    .selectFrom('shipments')
    .select(['orderId', 'status'])
    .where('orderId', 'in', [...new Set(orderIds)])
    .execute();
  for (const row of rows) statuses.set(row.orderId, [...(statuses.get(row.orderId) ?? []), row.status]);
  return statuses;
}

/**
 * Puts the shipments `dispatches` name on the road at `at` in one statement (those still
 * Order Placed or Packaging): each its carrier and AWB, the shipped time, whether it was
 * late (ship-by before `at`), `at` as its version; then their search terms (the AWB).
 */
export async function setShipmentsOnTheRoad(
  db: Db,
  dispatches: readonly { shipmentId: number; carrier: string; awb: string }[],
  at: string,
): Promise<void> {
  if (dispatches.length === 0) return;
  const ids = dispatches.map((row) => row.shipmentId);
  const byId = (column: 'carrier' | 'awb') =>
    sql<string>`case id ${sql.join(
      dispatches.map((row) => sql`when ${row.shipmentId} then ${row[column]}`),
      sql` `,
    )} end`;
  await db
    .updateTable('shipments')
    .set({
      status: 'On The Road',
      carrier: byId('carrier'),
      awb: byId('awb'),
      shippedAt: at,
      isShippedLate: sql<boolean>`ship_by < ${at}`,
      updatedAt: at,
    })
    .where('id', 'in', ids)
    .where('status', 'in', ['Order Placed', 'Packaging'])
    .execute();
  await refreshShipmentSearchTerms(db, (q) => q.where('s.id', 'in', ids));
}

/** Writes the derived status of each order of `statuses` (in one statement), `at` as their version. */
export async function setOrderStatusesAndVersion(
  db: Db,
  statuses: ReadonlyMap<number, OrdersTable['status']>,
  at: string,
): Promise<void> {
  if (statuses.size === 0) return;
  const status = sql<OrdersTable['status']>`case id ${sql.join(
    [...statuses].map(([id, value]) => sql`when ${id} then ${value}`),
    sql` `,
  )} end`;
  await db
    .updateTable('orders')
    .set({ status, updatedAt: at })
    .where('id', 'in', [...statuses.keys()])
    .execute();
}

/** Appends many entries to orders' status histories in one statement. */
export async function insertOrderStatusEntries(
  db: Db,
  entries: readonly {
    orderId: number;
    status: OrdersTable['status'];
    notes: string | null;
    changedBy: number | null;
    at: string;
  }[],
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('orderStatusHistory')
    .values(
      entries.map((entry) => ({
        orderId: entry.orderId,
        status: entry.status,
        notes: entry.notes,
        changedBy: entry.changedBy,
        createdAt: entry.at,
        updatedAt: entry.at,
      })),
    )
    .execute();
}
