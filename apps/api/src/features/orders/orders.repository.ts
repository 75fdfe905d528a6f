import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { getListCountBound, type Keyset } from '../../platform/db/lists.js';
import { findPostgresPageIds, preparePostgresSearch } from './search/postgres.js';
import { afterOrder, filteredOrders, type OrderStatusValue, type PreparedOrderFilters } from './search/shared.js';
import { countSqliteMatches, findSqlitePageIds, prepareSqliteSearch } from './search/sqlite.js';

/**
 * Every SQL statement over orders, their lines and their status history. Reads
 * only; writing orders belongs to the checkout and status-update work. Times are
 * UTC ISO 8601 strings compared as ranges, so the same statements serve SQLite
 * (ISO text, which sorts like time) and PostgreSQL (`timestamptz`).
 */

/** Filters of the order list. `search` is matched as a case-insensitive substring. */
export interface OrderFilters {
  status?: OrderStatusValue;
  search?: string;
}

export type { OrderSearch, OrderStatusValue, PreparedOrderFilters } from './search/shared.js';

/**
 * Resolves the search of `filters` for this database (`search/postgres.ts`,
 * `search/sqlite.ts`): on PostgreSQL, which index serves the text (for 2 characters,
 * after a sample of the orders tells how common they are); on SQLite, a
 * 2-character text first reads the index's trigrams starting with it. A blank or
 * absent search is no search.
 */
export async function prepareOrderFilters(db: Db, filters: OrderFilters): Promise<PreparedOrderFilters> {
  const { status } = filters;
  const text = filters.search;
  if (!text) return { status };
  if (text.includes('\u0000')) return { status, search: { via: 'none', text } };
  const search = isPostgres(db) ? await preparePostgresSearch(db, text) : await prepareSqliteSearch(db, text);
  return { status, search };
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

/** The list's columns, the customer's account and the number of lines, newest first. */
function selectListRows(query: ReturnType<typeof filteredOrders>) {
  return query
    .leftJoin('users', 'users.id', 'orders.userId')
    .select(orderColumns)
    .select((eb) =>
      eb
        .selectFrom('orderItems')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('orderItems.orderId', '=', 'orders.id')
        .as('itemCount'),
    )
    .orderBy('orders.createdAt', 'desc')
    .orderBy('orders.id', 'desc');
}

/**
 * A searched list's count as the page plans read it: `matches` orders, exact when
 * `exact`, else a lower bound (the count stopped past `LIST_COUNT_BOUND`, decision 0027:
 * at least that many match, maybe far more).
 */
export interface MatchCount {
  matches: number;
  exact: boolean;
}

/**
 * Orders matching the filters, newest first (`created_at`, then `id`, both
 * descending), with the customer's account and the number of lines.
 * @param page `limit` rows after `after`; without `limit`, every matching row.
 *   `count` is what `countOrders` answered for the same filters, exact or a lower bound
 *   (`MatchCount`): a searched page is found by a plan chosen from it
 *   (`search/sqlite.ts`, `search/postgres.ts`); without it, the orders are counted
 *   first, up to `LIST_COUNT_BOUND`.
 */
export async function findOrders(
  db: Db,
  filters: PreparedOrderFilters,
  page: { limit?: number; after?: Keyset; count?: MatchCount } = {},
) {
  const { limit, after } = page;
  const { search } = filters;
  const postgres = isPostgres(db);
  // Unpaged, unsearched, or SQLite matching with LIKE (it can only walk the list): one statement.
  if (limit === undefined || search === undefined || (search.via === 'like' && !postgres)) {
    return selectListRows(filteredOrders(db, filters))
      .$if(after !== undefined, (qb) => qb.where((eb) => afterOrder(eb, after as Keyset)))
      .$if(limit !== undefined, (qb) => qb.limit(limit as number))
      .execute();
  }
  if (search.via === 'none' || (search.via === 'fts' && search.query === null)) return [];
  const count = page.count ?? (await countUpToListBound(db, filters));
  if (count.matches === 0) return [];
  const rows = await countOrdersInScope(db, filters.status);
  const plan = { limit, after, total: count.matches, exact: count.exact, rows };
  const ids =
    search.via === 'fts'
      ? await findSqlitePageIds(db, filters.status, { ...search, query: search.query as string }, plan)
      : await findPostgresPageIds(db, filters, plan);
  if (ids.length === 0) return [];
  // Joins for the page's rows only.
  return selectListRows(db.selectFrom('orders')).where('orders.id', 'in', ids).execute();
}

/** The filters' matches counted up to the process's list count bound (`getListCountBound`). */
async function countUpToListBound(db: Db, filters: PreparedOrderFilters): Promise<MatchCount> {
  const bound = getListCountBound();
  const matches = await countOrders(db, filters, bound);
  return { matches, exact: matches <= bound };
}

export type OrderListRow = Awaited<ReturnType<typeof findOrders>>[number];

/** Orders of the status (or all), from the per-day totals: a few hundred rows whatever the store's size. */
export async function countOrdersInScope(db: Db, status: OrderStatusValue | undefined): Promise<number> {
  const byStatus = await sumOrdersByStatus(db);
  return byStatus
    .filter((row) => status === undefined || row.status === status)
    .reduce((sum, row) => sum + row.orders, 0);
}

/**
 * How many orders match the filters, exact up to `bound` and `bound + 1` for any more
 * (decision 0027): the database stops reading at the match after the bound. On SQLite
 * an `fts` search (its query includes the status) is counted in `orders_search` alone,
 * without reading the orders; the other searches (LIKE, PostgreSQL's trigram and ILIKE
 * matches) count `select 1 ... limit bound + 1` over the orders.
 * @param bound how far to count exactly, rows (`LIST_COUNT_BOUND`, or the unpaged
 *   list's `UNPAGED_LIST_LIMIT`).
 */
export async function countOrders(db: Db, filters: PreparedOrderFilters, bound: number): Promise<number> {
  const { search, status } = filters;
  if (search?.via === 'fts') return search.query === null ? 0 : countSqliteMatches(db, search.query, status, bound);
  const row = await db
    .selectFrom(
      filteredOrders(db, filters)
        .select(sql<number>`1`.as('one'))
        .limit(bound + 1)
        .as('bounded'),
    )
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
