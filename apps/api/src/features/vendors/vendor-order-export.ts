import type { vendorOrderExportQuery } from '@haat/contract';
import type { z } from 'zod';
import { type CsvColumn, csvRupees, csvText, csvTime } from '../../platform/csv/csv-export.js';
import { groupedBy, keysetBatches } from '../../platform/csv/export-batches.js';
import type { Exporter } from '../../platform/csv/exporter.js';
import type { Db } from '../../platform/db/create-db.js';
import { findOwnExportLines, listOwnOrders, type OwnExportLineRow } from './vendor-orders.repository.js';

/**
 * A vendor's order lines as CSV (issue 26 'Exports', `GET /api/vendor/orders/export`):
 * one row per line of theirs in the orders their list's filters select, with only the
 * shipping details they need to send it. Another vendor's lines and the customer's
 * e-mail never appear. Orders are read in keyset batches, so memory stays flat.
 */

/**
 * Every line of `vendorId`'s in the orders `query` selects (status, tracking number
 * search), newest order first and then in order of entry. Money in paise, times UTC.
 */
export async function* vendorOrderLineExportBatches(
  db: Db,
  vendorId: number,
  query: z.output<typeof vendorOrderExportQuery>,
): AsyncGenerator<OwnExportLineRow[]> {
  const filters = { status: query.status === 'all' ? undefined : query.status, search: query.search };
  const orders = keysetBatches(
    (page) => listOwnOrders(db, vendorId, filters, page),
    (row) => ({ key: row.createdAt, id: row.id }),
  );
  for await (const batch of orders) {
    const linesOf = groupedBy(
      await findOwnExportLines(
        db,
        vendorId,
        batch.map((order) => order.id),
      ),
      (line) => line.orderId,
    );
    yield batch.flatMap((order) => linesOf.get(order.id) ?? []);
  }
}

/** The vendor's order lines' CSV columns: amounts in rupees with two decimals, times in `timeZone` (the store's). */
export function vendorOrderLineCsvColumns(timeZone: string): CsvColumn<OwnExportLineRow>[] {
  return [
    { header: 'Order ID', cell: (row) => String(row.orderId) },
    { header: 'Tracking Number', cell: (row) => csvText(row.trackingNumber) },
    { header: 'Placed', cell: (row) => csvTime(row.createdAt, timeZone) },
    { header: 'Status', cell: (row) => csvText(row.status) },
    { header: 'Ship To', cell: (row) => csvText(row.billingFullName) },
    { header: 'Phone', cell: (row) => csvText(row.billingPhone) },
    { header: 'Address', cell: (row) => csvText(row.billingAddress) },
    { header: 'City', cell: (row) => csvText(row.billingCity) },
    { header: 'Province', cell: (row) => csvText(row.billingProvince) },
    { header: 'Note', cell: (row) => csvText(row.billingNote) },
    { header: 'Line ID', cell: (row) => String(row.id) },
    { header: 'Product ID', cell: (row) => (row.productId === null ? '' : String(row.productId)) },
    { header: 'SKU', cell: (row) => csvText(row.sku) },
    { header: 'Product', cell: (row) => csvText(row.productName) },
    { header: 'Quantity', cell: (row) => String(row.quantity) },
    { header: 'Cancelled Quantity', cell: (row) => String(row.cancelledQuantity) },
    { header: 'Returned Quantity', cell: (row) => String(row.returnedQuantity) },
    { header: 'Sale Price', cell: (row) => csvRupees(row.salePricePaise) },
    { header: 'Line Subtotal', cell: (row) => csvRupees(row.quantity * row.salePricePaise) },
    { header: 'Line Discounted Total', cell: (row) => csvRupees(row.netPaise) },
    { header: 'Commission', cell: (row) => csvRupees(row.commissionPaise) },
  ];
}

/** A vendor's own order lines' export (`GET /api/vendor/orders/export`). */
export const vendorOrderLineExporter: Exporter<OwnExportLineRow, z.output<typeof vendorOrderExportQuery>> = {
  name: 'my-order-lines',
  fileName: 'my-order-lines',
  columns: vendorOrderLineCsvColumns,
  // A vendor's route: the caller is a vendor with a profile (-1 matches no line otherwise).
  batches: ({ db }, actor, query) => vendorOrderLineExportBatches(db, actor.vendorId ?? -1, query),
};
