import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.js';

/**
 * SQLite: the two "newest first within one value" indexes of the product list, by
 * approval status (the pending queue, `approval=…`) and by vendor (a vendor's own
 * list, `vendor=…`), carry every column a list's filters and search read, as the sort
 * and filter indexes do since migration 2026_11_24_1600. SQLite prefers them for a
 * filtered list newest first, since they give the order without a sort; without
 * those columns it looked up each product's row: a search for "bag" among 16,000
 * pending products of 1,000,000 took 72 ms, and 3 ms through the covering index.
 * `id` follows `created_at` in the key, so the order is the list's (newest, then id).
 * PostgreSQL is unchanged: its filter indexes cover these lists (2026_11_25_0900).
 */

const replaced: Array<[name: string, before: string, after: string]> = [
  [
    'products_approval_status_created_at_idx',
    'approval_status, created_at',
    'approval_status, created_at, id, status, stock_quantity, category_id, vendor_id, name, sku, brand',
  ],
  [
    'products_vendor_id_created_at_idx',
    'vendor_id, created_at',
    'vendor_id, created_at, id, status, approval_status, stock_quantity, category_id, name, sku, brand',
  ],
];

async function recreate(db: MigrationDb, name: string, columns: string): Promise<void> {
  await db.schema.dropIndex(name).execute();
  await sql`create index ${sql.raw(name)} on products (${sql.raw(columns)})`.execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const [name, , after] of replaced) await recreate(db, name, after);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const [name, before] of replaced) await recreate(db, name, before);
}
