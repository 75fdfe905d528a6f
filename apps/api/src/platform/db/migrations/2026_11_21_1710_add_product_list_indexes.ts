import { sql } from 'kysely';
import type { MigrationDb } from './helpers.js';

/**
 * Indexes for the product list's filters, sorts and counts (issue 3: every list pages,
 * filters and counts in SQL; measured on 100,000 products, docs/performance.md).
 * - Counts and totals of the screen's filters (status, stock, approval, and a vendor's
 *   own catalog) are read from these indexes alone, never from the wide table rows:
 *   the range filter (stock > 0) comes last so each is one index range.
 * - The name and price sorts page through (key, id) indexes like the newest-first
 *   list does through products_created_at_idx.
 * `products_status_idx` (status) is a prefix of the new (status, stock_quantity)
 * index, so it goes.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('products_status_idx').execute();
  await db.schema
    .createIndex('products_status_stock_idx')
    .on('products')
    .columns(['status', 'stock_quantity'])
    .execute();
  await db.schema
    .createIndex('products_approval_filters_idx')
    .on('products')
    .columns(['approval_status', 'status', 'stock_quantity'])
    .execute();
  await db.schema
    .createIndex('products_vendor_filters_idx')
    .on('products')
    .columns(['vendor_id', 'approval_status', 'status', 'stock_quantity'])
    .execute();
  await db.schema.createIndex('products_lower_name_id_idx').on('products').expression(sql`lower(name), id`).execute();
  await db.schema
    .createIndex('products_sale_price_paise_id_idx')
    .on('products')
    .columns(['sale_price_paise', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('products_sale_price_paise_id_idx').execute();
  await db.schema.dropIndex('products_lower_name_id_idx').execute();
  await db.schema.dropIndex('products_vendor_filters_idx').execute();
  await db.schema.dropIndex('products_approval_filters_idx').execute();
  await db.schema.dropIndex('products_status_stock_idx').execute();
  await db.schema.createIndex('products_status_idx').on('products').column('status').execute();
}
