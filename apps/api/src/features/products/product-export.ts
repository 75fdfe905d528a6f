import { basisPointsToPercent, type productExportQuery } from '@haat/contract';
import type { z } from 'zod';
import { type CsvColumn, csvRupees, csvText, csvTime } from '../../platform/csv/csv-export.js';
import { listBatches } from '../../platform/csv/export-batches.js';
import type { Exporter } from '../../platform/csv/exporter.js';
import type { Db } from '../../platform/db/create-db.js';
import type { ListContext } from '../../platform/db/list-search.js';
import type { ProductConditions } from './product-list.js';
import type { ProductRecord } from './product-record.js';
import { listProducts, readCatalogVersion, scopeOf } from './products.service.js';

/**
 * The back office's product list as CSV (issue 26 'Exports',
 * `GET /api/products/admin/all/export`): every product the list's filters, search and
 * sort select within the caller's scope (all for an admin, their own for a vendor),
 * read a page at a time through the list's own service, so memory stays flat.
 */

/**
 * Every product `query` selects within `scope` (`scopeOf` the caller), in the list's
 * sort order, with its images. Money in paise, times UTC.
 * @throws AppError BAD_REQUEST (400) as the list would.
 */
export async function* productExportBatches(
  db: Db,
  lists: ListContext,
  scope: ProductConditions,
  query: z.output<typeof productExportQuery>,
): AsyncGenerator<ProductRecord[]> {
  const catalogVersion = await readCatalogVersion(db);
  yield* listBatches((paging) => listProducts(db, lists, scope, { ...query, ...paging }, { catalogVersion }));
}

/** The products' CSV columns: prices in rupees with two decimals, times in `timeZone` (the store's). */
export function productCsvColumns(timeZone: string): CsvColumn<ProductRecord>[] {
  return [
    { header: 'ID', cell: ({ row }) => String(row.id) },
    { header: 'SKU', cell: ({ row }) => csvText(row.sku) },
    { header: 'Product Name', cell: ({ row }) => csvText(row.name) },
    { header: 'Brand', cell: ({ row }) => csvText(row.brand) },
    { header: 'Category', cell: ({ row }) => csvText(row.categoryName) },
    { header: 'Subcategory', cell: ({ row }) => csvText(row.subcategoryName) },
    { header: 'Vendor ID', cell: ({ row }) => (row.vendorId === null ? '' : String(row.vendorId)) },
    { header: 'Vendor', cell: ({ row }) => csvText(row.vendorBusinessName) },
    { header: 'Sale Price', cell: ({ row }) => csvRupees(row.salePricePaise) },
    { header: 'Actual Price', cell: ({ row }) => csvRupees(row.actualPricePaise) },
    { header: 'Stock Quantity', cell: ({ row }) => String(row.stockQuantity) },
    { header: 'HSN Code', cell: ({ row }) => csvText(row.hsnCode) },
    { header: 'GST Rate', cell: ({ row }) => String(basisPointsToPercent(Number(row.gstRateBp))) },
    { header: 'Status', cell: ({ row }) => csvText(row.status) },
    { header: 'Approval', cell: ({ row }) => csvText(row.approvalStatus) },
    { header: 'Rejection Reason', cell: ({ row }) => csvText(row.rejectionReason) },
    { header: 'Color', cell: ({ row }) => csvText(row.color) },
    { header: 'Model', cell: ({ row }) => csvText(row.model) },
    { header: 'Manufacturer', cell: ({ row }) => csvText(row.manufacturer) },
    { header: 'Warranty Period', cell: ({ row }) => csvText(row.warrantyPeriod) },
    { header: 'Product Details', cell: ({ row }) => csvText(row.productDetails) },
    { header: 'Image URLs', cell: ({ images }) => csvText(images.join(' ')) },
    { header: 'Created', cell: ({ row }) => csvTime(row.createdAt, timeZone) },
    { header: 'Updated', cell: ({ row }) => csvTime(row.updatedAt, timeZone) },
  ];
}

/** The products' export (`GET /api/products/admin/all/export`): all for an admin, their own for a vendor. */
export const productExporter: Exporter<ProductRecord, z.output<typeof productExportQuery>> = {
  name: 'products',
  fileName: 'products',
  columns: productCsvColumns,
  batches: ({ db, lists }, actor, query) => productExportBatches(db, lists, scopeOf(actor), query),
};
