import type { OrderStatus } from '@haat/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { afterKeyset, type Keyset } from '../../platform/db/lists.js';
import type { Database } from '../../platform/db/schema.js';
import { copyContains, likeContains } from '../../platform/db/search-text.js';

/**
 * SQL of a vendor's own back office: their products, and the orders holding a line
 * of one of their products ("their lines": order_items whose product is theirs). A
 * line whose product was deleted has lost its link and counts for nobody. Kept apart
 * from the admin's orders and dashboard code, which it only reads the tables of.
 */

type OrdersEb = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>;

/** The lines of order `o` that are `vendorId`'s, as a subquery. */
const ownLinesOf = (eb: OrdersEb, vendorId: number) =>
  eb
    .selectFrom('orderItems as oi')
    .innerJoin('products as p', 'p.id', 'oi.productId')
    .whereRef('oi.orderId', '=', 'o.id')
    .where('p.vendorId', '=', vendorId);

/** Orders holding at least one line of the vendor's. */
const hasOwnLine = (eb: OrdersEb, vendorId: number) => eb.exists(ownLinesOf(eb, vendorId).select('oi.id'));

/** Paise of the vendor's lines of order `o` (quantity × price as sold). */
const ownTotal = (eb: OrdersEb, vendorId: number) =>
  ownLinesOf(eb, vendorId).select(sql<number>`coalesce(sum(oi.quantity * oi.sale_price_paise), 0)`.as('t'));

/** How many of the vendor's products are in each approval state. */
export async function countOwnProducts(db: Db, vendorId: number) {
  const rows = await db
    .selectFrom('products')
    .select(['approvalStatus', (eb) => eb.fn.countAll<number>().as('count')])
    .where('vendorId', '=', vendorId)
    .groupBy('approvalStatus')
    .execute();
  const counts = { approved: 0, pending: 0, rejected: 0 };
  for (const row of rows) counts[row.approvalStatus] = Number(row.count);
  return counts;
}

/** Orders holding the vendor's lines, per status, and how many of them were placed since `todayStart` (UTC). */
export async function countOwnOrders(db: Db, vendorId: number, todayStart: string) {
  const rows = await db
    .selectFrom('orders as o')
    .select([
      'o.status',
      (eb) => eb.fn.countAll<number>().as('count'),
      (eb) => eb.fn.sum<number>(eb.case().when('o.createdAt', '>=', todayStart).then(1).else(0).end()).as('today'),
    ])
    .where((eb) => hasOwnLine(eb, vendorId))
    .groupBy('o.status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count), today: Number(row.today ?? 0) }));
}

/**
 * Paise of the vendor's lines in orders of `status`, at their sale price, counting the
 * units still sold: less those cancelled and those returned (issue 24).
 */
export async function sumOwnLines(db: Db, vendorId: number, status: OrderStatus): Promise<number> {
  const row = await db
    .selectFrom('orderItems as oi')
    .innerJoin('products as p', 'p.id', 'oi.productId')
    .innerJoin('orders as o', 'o.id', 'oi.orderId')
    .select(
      sql<number>`coalesce(sum((oi.quantity - oi.cancelled_quantity - oi.returned_quantity) * oi.sale_price_paise), 0)`.as(
        'total',
      ),
    )
    .where('p.vendorId', '=', vendorId)
    .where('o.status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Filters of the vendor's order list: one status, and a text the tracking number contains. */
export interface OwnOrderFilters {
  status?: OrderStatus | undefined;
  /** Matched anywhere in the tracking number, in any case, every character literally. */
  search?: string | undefined;
}

/**
 * Orders holding the vendor's lines that meet `filters`. The search is the order
 * search's LIKE (ILIKE on PostgreSQL, with LIKE on the orders' lower-cased
 * `search_text`, whose pg_trgm index can serve it: decision 0029) on orders already
 * narrowed to the vendor's. A NUL character never gets
 * here: the request guard of every route refuses it (decision 0021).
 */
function ownOrders(db: Db, vendorId: number, filters: OwnOrderFilters) {
  const { status, search } = filters;
  return db
    .selectFrom('orders as o')
    .where((eb) => hasOwnLine(eb, vendorId))
    .$if(status !== undefined, (q) => q.where('o.status', '=', status as OrderStatus))
    .$if(Boolean(search), (q) =>
      q.where((eb) => {
        const postgres = isPostgres(db);
        const tracking = likeContains(postgres, eb.ref('o.trackingNumber'), search as string);
        if (!postgres) return tracking;
        // The copy's trigram index finds the candidates; ILIKE keeps those of the tracking number.
        const candidates = copyContains(sql`o.search_text`, [eb.ref('o.trackingNumber')], search as string);
        return eb.and([candidates, tracking]);
      }),
    );
}

/**
 * Orders holding the vendor's lines that meet `filters`, newest first (then by id);
 * with `page`, `limit + 1` rows after the cursor (key: `createdAt`, UTC). Each row
 * carries the units and paise of the vendor's own lines.
 */
export function listOwnOrders(
  db: Db,
  vendorId: number,
  filters: OwnOrderFilters,
  page?: { limit: number; after?: Keyset | undefined },
) {
  let query = ownOrders(db, vendorId, filters).select((eb) => [
    'o.id',
    'o.trackingNumber',
    'o.billingFullName',
    'o.status',
    'o.createdAt',
    ownLinesOf(eb, vendorId).select(sql<number>`coalesce(sum(oi.quantity), 0)`.as('n')).as('itemCount'),
    ownTotal(eb, vendorId).as('totalPaise'),
  ]);
  if (page?.after)
    query = query.where((eb) => afterKeyset(eb.ref('o.createdAt'), eb.ref('o.id'), 'desc', page.after as Keyset));
  query = query.orderBy('o.createdAt', 'desc').orderBy('o.id', 'desc');
  if (page) query = query.limit(page.limit + 1);
  return query.execute();
}

/** An order of the vendor's list: money in paise (their own lines), times UTC. */
export type OwnOrderRow = Awaited<ReturnType<typeof listOwnOrders>>[number];

/**
 * How many orders hold the vendor's lines and meet `filters`, exact up to `bound` and
 * `bound + 1` for any more (decision 0027): the database stops reading at the order
 * after the bound, so a vendor with a great many orders, or a search matching most of
 * them, costs at most `bound + 1` orders.
 * @param bound how far to count exactly, rows (`LIST_COUNT_BOUND`, or the unpaged
 *   list's `UNPAGED_LIST_LIMIT`).
 */
export async function countOwnOrdersOf(
  db: Db,
  vendorId: number,
  filters: OwnOrderFilters,
  bound: number,
): Promise<number> {
  const row = await db
    .selectFrom(
      ownOrders(db, vendorId, filters)
        .select(sql<number>`1`.as('one'))
        .limit(bound + 1)
        .as('bounded'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The shipping side of an order holding the vendor's lines, or undefined (none, or not theirs). */
export function findOwnOrder(db: Db, vendorId: number, orderId: number) {
  return db
    .selectFrom('orders as o')
    .select([
      'o.id',
      'o.trackingNumber',
      'o.status',
      'o.createdAt',
      'o.updatedAt',
      'o.billingFullName',
      'o.billingPhone',
      'o.billingNote',
      'o.billingAddress',
      'o.billingCity',
      'o.billingProvince',
    ])
    .where('o.id', '=', orderId)
    .where((eb) => hasOwnLine(eb, vendorId))
    .executeTakeFirst();
}

/** The vendor's lines of an order, in order of entry. */
export function findOwnLines(db: Db, vendorId: number, orderId: number) {
  return db
    .selectFrom('orderItems as oi')
    .innerJoin('products as p', 'p.id', 'oi.productId')
    .select([
      'oi.id',
      'oi.productId',
      'oi.productName',
      'oi.productImage',
      'oi.quantity',
      'oi.salePricePaise',
      'oi.cancelledQuantity',
      'oi.returnedQuantity',
    ])
    .where('oi.orderId', '=', orderId)
    .where('p.vendorId', '=', vendorId)
    .orderBy('oi.id')
    .execute();
}

/**
 * The vendor's own lines of the orders `orderIds` for their order lines' CSV (issue 26),
 * by order and then order of entry, each with the order's shipping details (no e-mail:
 * a vendor ships, the store keeps the customer). Money in paise, times UTC.
 */
export function findOwnExportLines(db: Db, vendorId: number, orderIds: number[]) {
  return db
    .selectFrom('orderItems as oi')
    .innerJoin('products as p', 'p.id', 'oi.productId')
    .innerJoin('orders as o', 'o.id', 'oi.orderId')
    .select([
      'o.id as orderId',
      'o.trackingNumber',
      'o.status',
      'o.createdAt',
      'o.billingFullName',
      'o.billingPhone',
      'o.billingAddress',
      'o.billingCity',
      'o.billingProvince',
      'o.billingNote',
      'oi.id',
      'oi.productId',
      'p.sku',
      'oi.productName',
      'oi.quantity',
      'oi.salePricePaise',
      'oi.cancelledQuantity',
      'oi.returnedQuantity',
      'oi.netPaise',
      'oi.commissionPaise',
    ])
    .where('oi.orderId', 'in', orderIds)
    .where('p.vendorId', '=', vendorId)
    .orderBy('oi.orderId')
    .orderBy('oi.id')
    .execute();
}

export type OwnExportLineRow = Awaited<ReturnType<typeof findOwnExportLines>>[number];

/** The status history of an order, oldest first (times UTC). */
export function findStatusHistory(db: Db, orderId: number) {
  return db
    .selectFrom('orderStatusHistory')
    .select(['status', 'createdAt'])
    .where('orderId', '=', orderId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** The vendor's requests to cancel their lines of the order, oldest first (issue 24). */
export function findOwnCancelRequests(db: Db, vendorId: number, orderId: number) {
  return db
    .selectFrom('orderCancelRequests')
    .select(['id', 'reason', 'status', 'decisionReason', 'createdAt'])
    .where('orderId', '=', orderId)
    .where('vendorId', '=', vendorId)
    .orderBy('id')
    .execute();
}
