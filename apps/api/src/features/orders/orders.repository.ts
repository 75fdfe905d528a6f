import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { afterKeyset, type Keyset, likeContains } from '../../platform/db/lists.js';
import { isPostgres } from '../../platform/db/migrations/helpers.js';
import type { Database, OrdersTable } from '../../platform/db/schema.js';

/**
 * Every SQL statement over orders, their lines and their status history. Reads
 * only; writing orders belongs to the checkout and status-update work. Times are
 * UTC ISO 8601 strings compared as ranges, so the same statements serve SQLite
 * (ISO text, which sorts like time) and PostgreSQL (`timestamptz`).
 */

export type OrderStatusValue = OrdersTable['status'];

/** Filters of the order list. `search` is matched as a case-insensitive substring. */
export interface OrderFilters {
  status?: OrderStatusValue;
  search?: string;
}

/**
 * Tracking number, billing e-mail or the account's e-mail contains the text, in any
 * case. The account's e-mail is looked up in users first (a far smaller table), so
 * neither the list nor its count needs to join users to filter.
 */
function matchesSearch(eb: ExpressionBuilder<Database, 'orders'>, postgres: boolean, search: string) {
  return eb.or([
    likeContains(postgres, eb.ref('orders.trackingNumber'), search),
    likeContains(postgres, eb.ref('orders.billingEmail'), search),
    eb(
      'orders.userId',
      'in',
      eb
        .selectFrom('users')
        .select('users.id')
        .where((ueb) => likeContains(postgres, ueb.ref('users.email'), search)),
    ),
  ]);
}

function filteredOrders(db: Db, filters: OrderFilters) {
  const postgres = isPostgres(db);
  return db
    .selectFrom('orders')
    .$if(filters.status !== undefined, (qb) => qb.where('orders.status', '=', filters.status as OrderStatusValue))
    .$if(Boolean(filters.search), (qb) => qb.where((eb) => matchesSearch(eb, postgres, filters.search as string)));
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
  'orders.paymentMethod',
  'orders.subtotalPaise',
  'orders.couponCode',
  'orders.discountPaise',
  'orders.discountedTotalPaise',
  'orders.status',
  'orders.createdAt',
  'orders.updatedAt',
] as const;

/**
 * Orders matching the filters, newest first (`created_at`, then `id`, both
 * descending), with the customer's account and the number of lines.
 * @param page `limit` rows after `after`; without `limit`, every matching row.
 */
export function findOrders(db: Db, filters: OrderFilters, page: { limit?: number; after?: Keyset } = {}) {
  const { limit, after } = page;
  return filteredOrders(db, filters)
    .leftJoin('users', 'users.id', 'orders.userId')
    .select(orderColumns)
    .select((eb) =>
      eb
        .selectFrom('orderItems')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('orderItems.orderId', '=', 'orders.id')
        .as('itemCount'),
    )
    .$if(after !== undefined, (qb) =>
      qb.where((eb) => afterKeyset(eb.ref('orders.createdAt'), eb.ref('orders.id'), 'desc', after as Keyset)),
    )
    .orderBy('orders.createdAt', 'desc')
    .orderBy('orders.id', 'desc')
    .$if(limit !== undefined, (qb) => qb.limit(limit as number))
    .execute();
}

export type OrderListRow = Awaited<ReturnType<typeof findOrders>>[number];

/** How many orders match the filters. */
export async function countOrders(db: Db, filters: OrderFilters): Promise<number> {
  const row = await filteredOrders(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
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

/** The lines of an order, in the order they were added. */
export function findOrderItems(db: Db, orderId: number) {
  return db
    .selectFrom('orderItems')
    .select(['id', 'productId', 'productName', 'productImage', 'quantity', 'salePricePaise'])
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
}

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
