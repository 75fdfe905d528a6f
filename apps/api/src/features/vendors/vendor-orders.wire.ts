import {
  orderStates,
  toRupees,
  type VendorDashboard,
  type VendorOrder,
  type VendorOrderListResponse,
  type VendorOrderSummary,
} from '@haat/contract';
import type { ListAnswer } from '../../platform/db/lists.js';
import type { OwnOrderRow } from './vendor-orders.repository.js';
import type { VendorDashboardFigures, VendorOrderDetail } from './vendor-orders.service.js';

/**
 * The vendor's back office as the wire carries it (decision 0005): the one place where
 * its money leaves paise for rupees and ids become strings. The routes call these on
 * what `vendor-orders.service.ts` answered, and build the envelope here.
 */

/** An order of the vendor's list: their lines' units and total (rupees). */
export function toVendorOrderSummary(row: OwnOrderRow): VendorOrderSummary {
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
 * `GET /api/vendor/orders`'s answer: `{ success, orders }`, with `total`, `totalRelation`
 * ('gte' when `total` is the bound, decision 0027) and `nextCursor` for a page.
 */
export function toVendorOrderListResponse(answer: ListAnswer<OwnOrderRow>): VendorOrderListResponse {
  const { items, ...paging } = answer;
  return { success: true, orders: items.map(toVendorOrderSummary), ...paging };
}

/** `GET /api/vendor/dashboard`'s answer: totals, the status distribution, revenue and recent totals in rupees. */
export function toVendorDashboard(figures: VendorDashboardFigures): VendorDashboard {
  const { productsByApproval: products, orders } = figures;
  const byStatus = new Map(orders.map((row) => [row.status, row]));
  return {
    success: true,
    totalProducts: products.approved + products.pending + products.rejected,
    productsByApproval: products,
    totalOrders: orders.reduce((sum, row) => sum + row.count, 0),
    ordersToday: orders.reduce((sum, row) => sum + row.today, 0),
    totalRevenue: toRupees(figures.revenuePaise),
    netEarnings: toRupees(figures.netEarningsPaise),
    statusDistribution: orderStates.map((status) => ({ status, count: byStatus.get(status)?.count ?? 0 })),
    recentOrders: figures.recentOrders.map((row) => ({
      _id: String(row.id),
      trackingNumber: row.trackingNumber,
      status: row.status,
      total: toRupees(Number(row.totalPaise)),
      createdAt: row.createdAt,
    })),
  };
}

/** One order as its vendor sees it: their lines and total in rupees, history, where to ship. */
export function toVendorOrder(detail: VendorOrderDetail): VendorOrder {
  const { order, lines, history, cancelRequests, shipments } = detail;
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
      cancelledQuantity: line.cancelledQuantity,
      returnedQuantity: line.returnedQuantity,
    })),
    total: toRupees(
      lines.reduce(
        (sum, line) => sum + (line.quantity - line.cancelledQuantity - line.returnedQuantity) * line.salePricePaise,
        0,
      ),
    ),
    cancelRequests: cancelRequests.map((request) => ({
      _id: String(request.id),
      reason: request.reason,
      status: request.status,
      decisionReason: request.decisionReason,
      createdAt: request.createdAt,
    })),
    shipTo: {
      fullName: order.billingFullName,
      phone: order.billingPhone,
      note: order.billingNote,
      address: { fullAddress: order.billingAddress, city: order.billingCity, province: order.billingProvince },
    },
    shipments,
    updatedAt: order.updatedAt,
    createdAt: order.createdAt,
  };
}
