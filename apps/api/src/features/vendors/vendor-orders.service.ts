import { type OrderStatus, type Shipment, type vendorOrderListQuery, vendorPortalMessages } from '@haat/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/create-db.js';
import { type ListAnswer, type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { notFound } from '../../platform/errors.js';
import { vendorNetEarnings } from '../payouts/ledger.service.js';
import { orderShipments } from '../shipments/shipments.service.js';
import {
  countOwnOrders,
  countOwnOrdersOf,
  countOwnProducts,
  findOwnCancelRequests,
  findOwnLines,
  findOwnOrder,
  findStatusHistory,
  listOwnOrders,
  type OwnOrderRow,
  sumOwnLines,
} from './vendor-orders.repository.js';

/**
 * A vendor's own back office (issue 8): their figures and the orders holding their
 * products, narrowed to their own lines. Read-only. Money in paise, times UTC;
 * `vendor-orders.wire.ts` makes the wire's shapes (rupees) at the route.
 */

const RECENT_ORDERS = 5;
/** The order list's one sort, named in its cursors. */
const LIST_SORT = 'vendor-newest';

/** The start of the current UTC calendar day, ISO 8601. */
function startOfTodayUtc(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
}

/** A vendor's figures, as `getVendorDashboard` answers them: money in paise, times UTC. */
export interface VendorDashboardFigures {
  productsByApproval: { approved: number; pending: number; rejected: number };
  /** Orders holding the vendor's lines, per status, and how many of each were placed today (UTC). */
  orders: { status: OrderStatus; count: number; today: number }[];
  /** Paise of the vendor's lines in Delivered orders. */
  revenuePaise: number;
  /** The newest orders holding their lines, newest first, each with their lines' paise. */
  recentOrders: OwnOrderRow[];
  /** Paise they earned all time, net of commission, cancellations and refunds (issue 25). */
  netEarningsPaise: number;
}

/**
 * `GET /api/vendor/dashboard`: the vendor's products by approval state, the orders
 * holding their products (per status, with today's by UTC date), revenue from their
 * own lines in Delivered orders (paise) and the 5 newest such orders with their lines' total.
 */
export async function getVendorDashboard(db: Db, vendorId: number): Promise<VendorDashboardFigures> {
  const [productsByApproval, orders, revenuePaise, recent, netEarningsPaise] = await Promise.all([
    countOwnProducts(db, vendorId),
    countOwnOrders(db, vendorId, startOfTodayUtc()),
    sumOwnLines(db, vendorId, 'Delivered'),
    listOwnOrders(db, vendorId, {}, { limit: RECENT_ORDERS }),
    vendorNetEarnings(db, vendorId),
  ]);
  return {
    netEarningsPaise,
    productsByApproval,
    orders,
    revenuePaise,
    recentOrders: recent.slice(0, RECENT_ORDERS),
  };
}

/**
 * `GET /api/vendor/orders`: orders holding the vendor's lines, newest first, optionally
 * of one status and whose tracking number contains `search` (any case, every character
 * literally); each row with the units and paise of their own lines. Without `limit`
 * every one (a cursor is ignored; refused past `bounds.unpagedLimit`); with it a keyset
 * page plus `total` (exact up to `bounds.countBound`, then the bound with
 * `totalRelation: 'gte'`: decision 0027) and `nextCursor`.
 * @throws AppError BAD_REQUEST (400) for a cursor this list did not make, and for an
 *   unpaged list of more orders than `bounds.unpagedLimit` (`errors.limit`).
 */
export async function listVendorOrders(
  db: Db,
  bounds: ListBounds,
  vendorId: number,
  query: z.output<typeof vendorOrderListQuery>,
): Promise<ListAnswer<OwnOrderRow>> {
  const filters = { status: query.status === 'all' ? undefined : query.status, search: query.search };
  return listOrPage(
    { limit: query.limit, cursor: query.cursor, sort: LIST_SORT },
    {
      // A UTC instant: PostgreSQL would fail on other text compared with a timestamp.
      keyType: 'instant',
      fetchAll: () => listOwnOrders(db, vendorId, filters),
      fetchPage: ({ limit, after }) => listOwnOrders(db, vendorId, filters, { limit, after }),
      count: (bound) => countOwnOrdersOf(db, vendorId, filters, bound),
      boundedCount: true,
      keyOf: (row) => ({ key: row.createdAt, id: row.id }),
      toItems: (rows) => rows,
    },
    bounds,
  );
}

/** An order as its vendor sees it, as `getVendorOrder` reads it: money in paise, times UTC. */
export interface VendorOrderDetail {
  order: NonNullable<Awaited<ReturnType<typeof findOwnOrder>>>;
  /** The vendor's own lines, in order of entry. */
  lines: Awaited<ReturnType<typeof findOwnLines>>;
  /** The status history, oldest first. */
  history: Awaited<ReturnType<typeof findStatusHistory>>;
  /** The vendor's requests to cancel their lines, oldest first. */
  cancelRequests: Awaited<ReturnType<typeof findOwnCancelRequests>>;
  /** Their own shipments of the order, as the wire carries them (issue 34). */
  shipments: Shipment[];
}

/**
 * `GET /api/vendor/orders/:id`: the order as its vendor sees it: their own lines,
 * status and history, and where to ship it. Money in paise.
 * @throws AppError NOT_FOUND (404) 'Order not found' when it holds none of their lines
 *   (another vendor's order is not confirmed to exist).
 */
export async function getVendorOrder(db: Db, vendorId: number, orderId: number): Promise<VendorOrderDetail> {
  const order = await findOwnOrder(db, vendorId, orderId);
  if (!order) throw notFound(vendorPortalMessages.orderNotFound);
  const [lines, history, cancelRequests, shipments] = await Promise.all([
    findOwnLines(db, vendorId, orderId),
    findStatusHistory(db, orderId),
    findOwnCancelRequests(db, vendorId, orderId),
    orderShipments(db, orderId, vendorId),
  ]);
  return { order, lines, history, cancelRequests, shipments };
}
