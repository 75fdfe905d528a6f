import type { orderExportQuery } from '@haat/contract';
import type { z } from 'zod';
import { type CsvColumn, csvRupees, csvText, csvTime } from '../../platform/csv/csv-export.js';
import { groupedBy, listBatches } from '../../platform/csv/export-batches.js';
import type { Exporter } from '../../platform/csv/exporter.js';
import type { Db } from '../../platform/db/create-db.js';
import type { ListContext } from '../../platform/db/list-search.js';
import { type ExportLineRow, findExportLines, type OrderListRow } from './orders.repository.js';
import { listOrders } from './orders.service.js';

/**
 * The order lines' CSV (issue 26 'Exports', `GET /api/orders/admin/orders/export`): one
 * row per order line with its order's fields repeated, so a spreadsheet sums by vendor,
 * product or day. The orders are the list's own (`listOrders`: same filters, search,
 * order and plans), read a page at a time with their lines, so memory stays flat.
 */

/** One CSV row: an order line with its order. Money in paise, times UTC. */
export interface OrderLineExportRow {
  order: OrderListRow;
  line: ExportLineRow;
}

/** Basis points as a percentage with two decimals (`1250` → `12.50`); empty for none. */
function csvPercent(basisPoints: number | null): string {
  return basisPoints === null ? '' : csvRupees(basisPoints);
}

/**
 * Every line of every order `query` selects (the admin list's filters), newest order
 * first and then in order of entry, in batches of up to `EXPORT_BATCH_ROWS` orders.
 * @throws AppError BAD_REQUEST (400) as the list would (a search it refuses).
 */
export async function* orderLineExportBatches(
  db: Db,
  lists: ListContext,
  query: z.output<typeof orderExportQuery>,
): AsyncGenerator<OrderLineExportRow[]> {
  const orders = listBatches((paging) => listOrders(db, lists, { ...query, ...paging }));
  for await (const batch of orders) {
    const lines = await findExportLines(
      db,
      batch.map((order) => order.id),
    );
    const linesOf = groupedBy(lines, (line) => line.orderId);
    yield batch.flatMap((order) => (linesOf.get(order.id) ?? []).map((line) => ({ order, line })));
  }
}

/** The order lines' CSV columns: amounts in rupees with two decimals, times in `timeZone` (the store's). */
export function orderLineCsvColumns(timeZone: string): CsvColumn<OrderLineExportRow>[] {
  return [
    { header: 'Order ID', cell: ({ order }) => String(order.id) },
    { header: 'Tracking Number', cell: ({ order }) => csvText(order.trackingNumber) },
    { header: 'Placed', cell: ({ order }) => csvTime(order.createdAt, timeZone) },
    { header: 'Status', cell: ({ order }) => csvText(order.status) },
    { header: 'Customer', cell: ({ order }) => csvText(order.billingFullName) },
    { header: 'Email', cell: ({ order }) => csvText(order.billingEmail) },
    { header: 'Phone', cell: ({ order }) => csvText(order.billingPhone) },
    { header: 'Address', cell: ({ order }) => csvText(order.billingAddress) },
    { header: 'City', cell: ({ order }) => csvText(order.billingCity) },
    { header: 'Province', cell: ({ order }) => csvText(order.billingProvince) },
    { header: 'Payment Method', cell: ({ order }) => csvText(order.paymentMethod) },
    { header: 'Coupon Code', cell: ({ order }) => csvText(order.couponCode) },
    { header: 'Order Subtotal', cell: ({ order }) => csvRupees(order.subtotalPaise) },
    { header: 'Order Discount', cell: ({ order }) => csvRupees(order.discountPaise) },
    { header: 'Order Discounted Total', cell: ({ order }) => csvRupees(order.discountedTotalPaise) },
    { header: 'Order Cancelled', cell: ({ order }) => csvRupees(order.cancelledTotalPaise) },
    { header: 'Order Refunded', cell: ({ order }) => csvRupees(order.refundedTotalPaise) },
    { header: 'Line ID', cell: ({ line }) => String(line.id) },
    { header: 'Product ID', cell: ({ line }) => (line.productId === null ? '' : String(line.productId)) },
    { header: 'SKU', cell: ({ line }) => csvText(line.sku) },
    { header: 'Product', cell: ({ line }) => csvText(line.productName) },
    { header: 'Vendor ID', cell: ({ line }) => (line.vendorId === null ? '' : String(line.vendorId)) },
    { header: 'Vendor', cell: ({ line }) => csvText(line.vendorName) },
    { header: 'Quantity', cell: ({ line }) => String(line.quantity) },
    { header: 'Cancelled Quantity', cell: ({ line }) => String(line.cancelledQuantity) },
    { header: 'Returned Quantity', cell: ({ line }) => String(line.returnedQuantity) },
    { header: 'Sale Price', cell: ({ line }) => csvRupees(line.salePricePaise) },
    { header: 'Line Subtotal', cell: ({ line }) => csvRupees(line.quantity * line.salePricePaise) },
    { header: 'Line Discounted Total', cell: ({ line }) => csvRupees(line.netPaise) },
    { header: 'Commission Rate (%)', cell: ({ line }) => csvPercent(line.commissionRateBp) },
    { header: 'Commission', cell: ({ line }) => csvRupees(line.commissionPaise) },
  ];
}

/** The order lines' export (`GET /api/orders/admin/orders/export`), admins only. */
export const orderLineExporter: Exporter<OrderLineExportRow, z.output<typeof orderExportQuery>> = {
  name: 'order-lines',
  fileName: 'order-lines',
  columns: orderLineCsvColumns,
  batches: ({ db, lists }, _actor, query) => orderLineExportBatches(db, lists, query),
};
