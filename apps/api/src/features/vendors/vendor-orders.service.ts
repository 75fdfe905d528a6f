import {
  orderStatuses,
  toRupees,
  type VendorDashboard,
  type VendorOrder,
  type VendorOrderSummary,
  type vendorOrderListQuery,
  vendorPortalMessages,
} from '@haat/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/create-db.js';
import { decodeCursor, toPage } from '../../platform/db/lists.js';
import { notFound } from '../../platform/errors.js';
import {
  countOwnOrders,
  countOwnOrdersOf,
  countOwnProducts,
  findOwnLines,
  findOwnOrder,
  findStatusHistory,
  listOwnOrders,
  sumOwnLines,
} from './vendor-orders.repository.js';

/**
 * A vendor's own back office (issue 8): their figures and the orders holding their
 * products, narrowed to their own lines. Read-only. Money leaves in rupees, times UTC.
 */

const RECENT_ORDERS = 5;
const LIST_SORT = 'vendor-newest';

/** The start of the current UTC calendar day, ISO 8601. */
function startOfTodayUtc(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
}

/**
 * `GET /api/vendor/dashboard`: the vendor's products by approval state, the orders
 * holding their products (all, today by UTC date, per status), revenue from their own
 * lines in Delivered orders (rupees) and the 5 newest such orders with their lines' total.
 */
export async function getVendorDashboard(db: Db, vendorId: number): Promise<Omit<VendorDashboard, 'success'>> {
  const [products, orders, revenuePaise, recent] = await Promise.all([
    countOwnProducts(db, vendorId),
    countOwnOrders(db, vendorId, startOfTodayUtc()),
    sumOwnLines(db, vendorId, 'Delivered'),
    listOwnOrders(db, vendorId, undefined, { limit: RECENT_ORDERS }),
  ]);
  const byStatus = new Map(orders.map((row) => [row.status, row]));
  return {
    totalProducts: products.approved + products.pending + products.rejected,
    productsByApproval: products,
    totalOrders: orders.reduce((sum, row) => sum + row.count, 0),
    ordersToday: orders.reduce((sum, row) => sum + row.today, 0),
    totalRevenue: toRupees(revenuePaise),
    statusDistribution: orderStatuses.map((status) => ({ status, count: byStatus.get(status)?.count ?? 0 })),
    recentOrders: recent.slice(0, RECENT_ORDERS).map((row) => ({
      _id: String(row.id),
      trackingNumber: row.trackingNumber,
      status: row.status,
      total: toRupees(Number(row.totalPaise)),
      createdAt: row.createdAt,
    })),
  };
}

type Row = Awaited<ReturnType<typeof listOwnOrders>>[number];

function toSummary(row: Row): VendorOrderSummary {
  return {
    _id: String(row.id),
    trackingNumber: row.trackingNumber,
    customerName: row.billingFullName,
    status: row.status,
    itemCount: Number(row.itemCount),
    total: toRupees(Number(row.totalPaise)),
    createdAt: row.createdAt,
  };
}

/**
 * `GET /api/vendor/orders`: orders holding the vendor's lines, newest first; each with
 * the units and total (rupees) of their own lines. Without `limit` every one; with it a
 * page plus `total` and `nextCursor`.
 * @throws AppError BAD_REQUEST (400) for a cursor this list did not make.
 */
export async function listVendorOrders(
  db: Db,
  vendorId: number,
  query: z.output<typeof vendorOrderListQuery>,
): Promise<{ orders: VendorOrderSummary[]; total?: number; nextCursor?: string | null }> {
  const status = query.status === 'all' ? undefined : query.status;
  if (query.limit === undefined) return { orders: (await listOwnOrders(db, vendorId, status)).map(toSummary) };
  const after = query.cursor ? decodeCursor(query.cursor, LIST_SORT, 'instant') : undefined;
  const [rows, total] = await Promise.all([
    listOwnOrders(db, vendorId, status, { limit: query.limit, after }),
    countOwnOrdersOf(db, vendorId, status),
  ]);
  const page = toPage(rows, query.limit, LIST_SORT, (row) => ({ key: row.createdAt, id: row.id }));
  return { orders: page.rows.map(toSummary), total, nextCursor: page.nextCursor };
}

/**
 * `GET /api/vendor/orders/:id`: the order as its vendor sees it: their own lines and
 * total (rupees), status and history, and where to ship it.
 * @throws AppError NOT_FOUND (404) 'Order not found' when it holds none of their lines
 *   (another vendor's order is not confirmed to exist).
 */
export async function getVendorOrder(db: Db, vendorId: number, orderId: number): Promise<VendorOrder> {
  const order = await findOwnOrder(db, vendorId, orderId);
  if (!order) throw notFound(vendorPortalMessages.orderNotFound);
  const [lines, history] = await Promise.all([findOwnLines(db, vendorId, orderId), findStatusHistory(db, orderId)]);
  return {
    _id: String(order.id),
    trackingNumber: order.trackingNumber,
    status: order.status,
    statusHistory: history.map((entry) => ({ status: entry.status, updatedAt: entry.createdAt })),
    products: lines.map((line) => ({
      _id: String(line.id),
      product: {
        _id: line.productId === null ? null : String(line.productId),
        name: line.productName,
        images: line.productImage ? [line.productImage] : [],
      },
      quantity: line.quantity,
      salePrice: toRupees(line.salePricePaise),
    })),
    total: toRupees(lines.reduce((sum, line) => sum + line.quantity * line.salePricePaise, 0)),
    shipTo: {
      fullName: order.billingFullName,
      phone: order.billingPhone,
      note: order.billingNote,
      address: { fullAddress: order.billingAddress, city: order.billingCity, province: order.billingProvince },
    },
    createdAt: order.createdAt,
  };
}
