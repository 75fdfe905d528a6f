import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import type { OrdersTable } from '../../platform/db/schema.js';

/**
 * Every SQL statement over orders, their lines and their status history, but the order
 * list's search (`search/`, which finds the orders a list answer holds, as a query of
 * `allOrders` narrowed to them). Reads only;
 * writing orders belongs to the checkout and status-update work. Times are UTC ISO
 * 8601 strings compared as ranges, so the same statements serve SQLite (ISO text,
 * which sorts like time) and PostgreSQL (`timestamptz`).
 */

/** An order's status as stored (the contract's `OrderStatus`, held by the check constraints). */
export type OrderStatusValue = OrdersTable['status'];

/** The orders an answer holds, as a query of `orders` (no columns yet): `findOrderRows` reads them. */
export type OrderRows = ReturnType<typeof allOrders>;

/** Every order, as a query of `orders`. */
export function allOrders(db: Db) {
  return db.selectFrom('orders');
}

/** The orders with these ids (a page found by id), or undefined for none. */
export function ordersWithIds(db: Db, ids: number[]): OrderRows | undefined {
  return ids.length === 0 ? undefined : allOrders(db).where('orders.id', 'in', ids);
}

const orderColumns = [
  'orders.id',
  'orders.trackingNumber',
  'orders.userId',
  'users.name as userName',
  'users.email as userEmail',
  'orders.billingFullName',
  'orders.billingEmail',
  'orders.billingPhone',
  'orders.billingNote',
  'orders.billingAddress',
  'orders.billingCity',
  'orders.billingProvince',
  'orders.billingPostalCode',
  'orders.paymentMethod',
  'orders.subtotalPaise',
  'orders.couponCode',
  'orders.discountPaise',
  'orders.couponDiscountPaise',
  'orders.couponFundedBy',
  'orders.discountedTotalPaise',
  'orders.cancelledTotalPaise',
  'orders.refundedTotalPaise',
  'orders.status',
  'orders.createdAt',
  'orders.updatedAt',
] as const;

/**
 * The orders `rows` holds (a list's page or its unpaged answer, as the list's search
 * found it: `search/order-search.ts`) with the list's columns, the customer's account
 * and the number of lines, newest first (`created_at`, then `id`, both descending).
 */
export function findOrderRows(rows: OrderRows) {
  return rows
    .leftJoin('users', 'users.id', 'orders.userId')
    .select(orderColumns)
    .select((eb) =>
      eb
        .selectFrom('orderItems')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('orderItems.orderId', '=', 'orders.id')
        .as('itemCount'),
    )
    .select((eb) =>
      eb
        .selectFrom('orderCancelRequests')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('orderCancelRequests.orderId', '=', 'orders.id')
        .where('orderCancelRequests.status', '=', 'pending')
        .as('pendingCancelRequests'),
    )
    .orderBy('orders.createdAt', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
}

export type OrderListRow = Awaited<ReturnType<typeof findOrderRows>>[number];

/** Orders of the status (or all), from the per-day totals: a few hundred rows whatever the store's size. */
export async function countOrdersInScope(db: Db, status: OrderStatusValue | undefined): Promise<number> {
  const byStatus = await sumOrdersByStatus(db);
  return byStatus
    .filter((row) => status === undefined || row.status === status)
    .reduce((sum, row) => sum + row.orders, 0);
}

/** One order with its customer's account, or undefined. */
export function findOrderById(db: Db, id: number) {
  return db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.userId')
    .select(orderColumns)
    .where('orders.id', '=', id)
    .executeTakeFirst();
}

export type OrderRowWithUser = NonNullable<Awaited<ReturnType<typeof findOrderById>>>;

/** The lines of an order, in the order they were added, each with its seller as placed (issue 27). */
export function findOrderItems(db: Db, orderId: number) {
  return db
    .selectFrom('orderItems as i')
    .leftJoin('vendors as v', 'v.id', 'i.vendorId')
    .leftJoin('orderItemTaxes as t', 't.orderItemId', 'i.id')
    .select([
      'i.id',
      'i.productId',
      'i.productName',
      'i.productImage',
      'i.quantity',
      'i.salePricePaise',
      'i.cancelledQuantity',
      'i.returnedQuantity',
      'i.vendorId',
      'v.businessName as vendorName',
      // Issue 35: the line's GST as frozen at checkout (null before GST was charged).
      't.rateBp as taxRateBp',
      't.taxablePaise as taxTaxablePaise',
      't.cgstPaise as taxCgstPaise',
      't.sgstPaise as taxSgstPaise',
      't.igstPaise as taxIgstPaise',
    ])
    .where('i.orderId', '=', orderId)
    .orderBy('i.id')
    .execute();
}

/**
 * The lines of the orders `orderIds` for the order lines' CSV (issue 26), by order and
 * then order of entry: each with its product's SKU (null once the product is deleted)
 * and its vendor's business name (null for the store's own lines). Money in paise.
 */
export function findExportLines(db: Db, orderIds: number[]) {
  return db
    .selectFrom('orderItems as i')
    .leftJoin('vendors as v', 'v.id', 'i.vendorId')
    .leftJoin('products as p', 'p.id', 'i.productId')
    .select([
      'i.id',
      'i.orderId',
      'i.productId',
      'p.sku',
      'i.productName',
      'i.quantity',
      'i.salePricePaise',
      'i.cancelledQuantity',
      'i.returnedQuantity',
      'i.netPaise',
      'i.commissionRateBp',
      'i.commissionPaise',
      'i.vendorId',
      'v.businessName as vendorName',
    ])
    .where('i.orderId', 'in', orderIds)
    .orderBy('i.orderId')
    .orderBy('i.id')
    .execute();
}

export type ExportLineRow = Awaited<ReturnType<typeof findExportLines>>[number];

/** The status history of an order, oldest first. */
export function findOrderStatusHistory(db: Db, orderId: number) {
  return db
    .selectFrom('orderStatusHistory')
    .select(['id', 'status', 'notes', 'createdAt', 'updatedAt'])
    .where('orderId', '=', orderId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/**
 * Per status, over all time: how many orders and the sum of their discounted totals
 * (paise). Read from `order_daily_totals` (a few rows per day, kept in step with the
 * orders by triggers), so it costs the same on any number of orders. Statuses that
 * never had an order are absent.
 */
export async function sumOrdersByStatus(
  db: Db,
): Promise<{ status: OrderStatusValue; orders: number; totalPaise: number }[]> {
  const rows = await db
    .selectFrom('orderDailyTotals')
    .select((eb) => [
      'status',
      eb.fn.sum<number>('orderCount').as('orders'),
      eb.fn.sum<number>('totalPaise').as('totalPaise'),
    ])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, orders: Number(row.orders), totalPaise: Number(row.totalPaise) }));
}

/**
 * Orders, and the sum of the discounted totals (paise) of those in `sumStatus`, per
 * period, for consecutive periods of UTC calendar days bounded by `boundaries`
 * (`YYYY-MM-DD`, ascending; n + 1 boundaries make n periods, period i being
 * `[boundaries[i], boundaries[i + 1])`). Every period answers a row, zeros included,
 * in order. Read from `order_daily_totals` with range predicates on the day (its
 * primary key's first column), one aggregate per period joined with UNION ALL, so
 * one statement serves both databases without date functions.
 */
export async function sumOrdersByPeriod(
  db: Db,
  boundaries: readonly string[],
  sumStatus: OrderStatusValue,
): Promise<{ period: number; orders: number; sumPaise: number }[]> {
  const periods = boundaries.slice(0, -1).map((from, index) =>
    db
      .selectFrom('orderDailyTotals')
      .select((eb) => [
        // A literal: as a parameter, PostgreSQL would type it text.
        sql.lit(index).as('period'),
        eb.fn.coalesce(eb.fn.sum<number>('orderCount'), eb.lit(0)).as('orders'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb.case().when('status', '=', sumStatus).then(eb.ref('totalPaise')).else(eb.lit(0)).end(),
            ),
            eb.lit(0),
          )
          .as('sumPaise'),
      ])
      .where('day', '>=', from)
      .where('day', '<', boundaries[index + 1] as string),
  );
  const [first, ...rest] = periods;
  if (!first) return [];
  const rows = await rest.reduce((query, next) => query.unionAll(next), first).execute();
  return rows
    .map((row) => ({ period: Number(row.period), orders: Number(row.orders), sumPaise: Number(row.sumPaise) }))
    .sort((a, b) => a.period - b.period);
}

/** The `limit` newest orders with the customer's name (the account's, else the billing name). */
export function findNewestOrders(db: Db, limit: number) {
  return db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.userId')
    .select((eb) => [
      'orders.id',
      'orders.trackingNumber',
      eb.fn
        .coalesce('users.name', sql<string | null>`nullif(${eb.ref('orders.billingFullName')}, '')`)
        .as('customerName'),
      'orders.discountedTotalPaise',
      'orders.status',
      'orders.createdAt',
    ])
    .orderBy('orders.createdAt', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
}
