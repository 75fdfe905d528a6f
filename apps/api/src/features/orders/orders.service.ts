import { type OrderListFilters, type OrderStatus, orderMessages, orderStates, type Shipment } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { type ListContext, searchedListPieces } from '../../platform/db/list-search.js';
import { type ListAnswer, listOrPage } from '../../platform/db/lists.js';
import { notFound } from '../../platform/errors.js';
import { utcDateOf } from '../coupons/coupon-rules.js';
import { orderShipments } from '../shipments/shipments.service.js';
import { findCancelRequests } from './order-cancel-requests.repository.js';
import {
  findCancellationLines,
  findCancellations,
  findReturnLines,
  findReturns,
} from './order-corrections.repository.js';
import {
  findNewestOrders,
  findOrderById,
  findOrderItems,
  findOrderRows,
  findOrderStatusHistory,
  type OrderListRow,
  type OrderRowWithUser,
  sumOrdersByPeriod,
  sumOrdersByStatus,
} from './orders.repository.js';
import { orderSearch } from './search/order-search.js';

/**
 * Reading orders: the admin list and detail, and the figures the dashboard and
 * `GET /api/orders/admin/stats` show. The store's rules for those figures live
 * here once: revenue is the sum of the discounted totals of Delivered orders;
 * 'today' and months are UTC calendar periods.
 */

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The status whose orders count as revenue ('From all completed orders'). */
export const REVENUE_STATUS: OrderStatus = 'Delivered';

/** `YYYY-MM-DD` of the UTC calendar day `offset` days from the day of `now`. */
export function utcDay(now: Date, offset = 0): string {
  return utcDateOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)));
}

/** Midnight UTC on the first of the month `offset` months from the month of `now`. */
function utcMonthStart(now: Date, offset: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}

/**
 * The `count` calendar months (UTC) ending with the month of `now`, oldest first:
 * each month's `YYYY-MM` key and `Nov 2026` label, and the `count + 1` days bounding
 * them (`YYYY-MM-DD`, each the first of a month; month i is `[boundaries[i], boundaries[i + 1])`).
 */
export function lastMonths(
  now: Date,
  count: number,
): { months: { month: string; label: string }[]; boundaries: string[] } {
  const starts = Array.from({ length: count + 1 }, (_, i) => utcMonthStart(now, i - count + 1));
  const months = starts.slice(0, -1).map((start) => {
    const year = start.getUTCFullYear();
    const month = start.getUTCMonth();
    return { month: `${year}-${String(month + 1).padStart(2, '0')}`, label: `${MONTH_NAMES[month]} ${year}` };
  });
  return { months, boundaries: starts.map(utcDateOf) };
}

/** Order totals over the whole store. */
export interface OrderStats {
  totalOrders: number;
  /** Orders created on the UTC calendar date of `now`. */
  ordersToday: number;
  /** Paise, over Delivered orders. */
  totalRevenuePaise: number;
  /** Every status, zeros included. */
  byStatus: Record<OrderStatus, number>;
}

/**
 * The store's order totals, computed in the database from the per-day totals (spec
 * section 7, `GET /api/orders/admin/stats`; section 2, the dashboard's cards).
 * @param now the instant whose UTC calendar date is 'today'.
 */
export async function getOrderStats(db: Db, now: Date = new Date()): Promise<OrderStats> {
  const [byStatusRows, [today]] = await Promise.all([
    sumOrdersByStatus(db),
    sumOrdersByPeriod(db, [utcDay(now), utcDay(now, 1)], REVENUE_STATUS),
  ]);
  const byStatus = Object.fromEntries(orderStates.map((status) => [status, 0])) as Record<OrderStatus, number>;
  let totalOrders = 0;
  let totalRevenuePaise = 0;
  for (const row of byStatusRows) {
    byStatus[row.status] = row.orders;
    totalOrders += row.orders;
    if (row.status === REVENUE_STATUS) totalRevenuePaise = row.totalPaise;
  }
  return { totalOrders, ordersToday: today?.orders ?? 0, totalRevenuePaise, byStatus };
}

/** One month of `getMonthlyOrderFigures`: revenue in paise. */
export interface MonthlyFigures {
  /** `YYYY-MM`. */
  month: string;
  /** `Nov 2026`. */
  label: string;
  orders: number;
  /** Paise, over Delivered orders. */
  revenuePaise: number;
}

/**
 * Orders and Delivered revenue (paise) per UTC calendar month, for the `count`
 * months ending with the month of `now`, oldest first; months without orders are
 * zeros. Spec section 2, 'Monthly Orders & Revenue' (labelled with the year).
 */
export async function getMonthlyOrderFigures(db: Db, now: Date, count: number): Promise<MonthlyFigures[]> {
  const { months, boundaries } = lastMonths(now, count);
  const rows = await sumOrdersByPeriod(db, boundaries, REVENUE_STATUS);
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  return months.map((month, index) => ({
    ...month,
    orders: byPeriod.get(index)?.orders ?? 0,
    revenuePaise: byPeriod.get(index)?.sumPaise ?? 0,
  }));
}

/**
 * The `limit` newest orders as 'Recent Orders' shows them (spec section 2), newest
 * first, with the customer's name (the account's, else the billing name, else null).
 * Money in paise.
 */
export async function listRecentOrders(db: Db, limit: number): Promise<RecentOrderRow[]> {
  return findNewestOrders(db, limit);
}

/** An order of 'Recent Orders': money in paise, time UTC. */
export type RecentOrderRow = Awaited<ReturnType<typeof findNewestOrders>>[number];

/** The order list's one sort, named in its cursors. */
const LIST_SORT = 'newest';

/**
 * The admin order list (spec sections 2 and 7, `GET /orders/admin/orders`), newest
 * first. `search` matches part of the tracking number, the billing e-mail or the
 * customer account's e-mail, in any case, every character literally. Without `limit`:
 * every matching order, the spec's unpaged list (refused past `lists.unpagedLimit`).
 * With `limit`: a keyset page plus `total` (matching orders over all pages, exact up
 * to `lists.countBound`, then the bound with `totalRelation: 'gte'`: decision 0027) and
 * `nextCursor` (null on the last page). The orders come from the order search of
 * `db`'s database (`search/order-search.ts`: the count first, exact from the per-day
 * totals when unsearched, then the page by the plan the count chose).
 * Rows in paise, times UTC; `orders.wire.ts` makes them the wire's orders.
 * @throws AppError BAD_REQUEST (400) for a cursor this list did not make, and for an
 *   unpaged list of more orders than `lists.unpagedLimit` (`errors.limit`).
 */
export async function listOrders(
  db: Db,
  lists: ListContext,
  query: OrderListFilters,
): Promise<ListAnswer<OrderListRow>> {
  const filters = {
    status: query.status === 'all' ? undefined : query.status,
    search: query.search,
    corrected: query.corrected,
    ...(query.lateShipments ? { lateShipments: { now: new Date().toISOString() } } : {}),
  };
  return listOrPage(
    { limit: query.limit, cursor: query.cursor, sort: LIST_SORT },
    {
      // A UTC instant: PostgreSQL would fail on other text compared with a timestamp.
      keyType: 'instant',
      unpagedFromCursor: true,
      ...searchedListPieces(orderSearch(db), filters, findOrderRows),
      keyOf: (row) => ({ key: row.createdAt, id: row.id }),
      toItems: (rows) => rows,
    },
    lists,
  );
}

type CorrectionLines = Awaited<ReturnType<typeof findCancellationLines>>;

/**
 * An order with its lines, status history, cancellations and returns (each with its
 * lines), as `getOrder` reads it: money in paise, times UTC.
 */
export interface OrderDetail {
  order: OrderRowWithUser;
  items: Awaited<ReturnType<typeof findOrderItems>>;
  history: Awaited<ReturnType<typeof findOrderStatusHistory>>;
  cancellations: (Awaited<ReturnType<typeof findCancellations>>[number] & { lines: CorrectionLines })[];
  returns: (Awaited<ReturnType<typeof findReturns>>[number] & { lines: CorrectionLines })[];
  cancelRequests: Awaited<ReturnType<typeof findCancelRequests>>;
  /** Its shipments as the wire carries them (issue 34), oldest first. */
  shipments: Shipment[];
}

/** Each record with the lines whose `parentId` is its id. */
function withLines<T extends { id: number }>(records: readonly T[], lines: CorrectionLines) {
  return records.map((record) => ({ ...record, lines: lines.filter((line) => line.parentId === record.id) }));
}

/**
 * One order with its lines and status history, oldest entry first (spec sections 3
 * and 7, `GET /orders/admin/orders/:id`), and its cancellations and returns, oldest
 * first (issue 24). Money in paise, times UTC.
 * @param options.justPlaced the checkout's answer for the order it has just committed:
 *   a placed order has no cancellation, return or cancel request yet, so those five reads
 *   are skipped (decision 0151); one made in the instant after shows on the next read.
 * @param options.history the order's history as its transaction wrote it (the checkout's
 *   one entry), not read again.
 * @throws AppError NOT_FOUND (404) 'Order not found'.
 */
export async function getOrder(
  db: Db,
  id: number,
  options: { justPlaced?: boolean; history?: OrderDetail['history'] } = {},
): Promise<OrderDetail> {
  const row = await findOrderById(db, id);
  if (!row) throw notFound(orderMessages.notFound);
  const none = async () => [];
  const corrections = !options.justPlaced;
  const [items, history, cancellations, cancellationLines, returns, returnLines, cancelRequests, shipments] =
    await Promise.all([
      findOrderItems(db, id),
      options.history ?? findOrderStatusHistory(db, id),
      corrections ? findCancellations(db, id) : none(),
      corrections ? findCancellationLines(db, id) : none(),
      corrections ? findReturns(db, id) : none(),
      corrections ? findReturnLines(db, id) : none(),
      corrections ? findCancelRequests(db, id) : none(),
      orderShipments(db, id),
    ]);
  return {
    order: row,
    items,
    history,
    cancellations: withLines(cancellations, cancellationLines),
    returns: withLines(returns, returnLines),
    cancelRequests,
    shipments,
  };
}
