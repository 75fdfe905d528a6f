import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.js';

/**
 * SQLite: the product list's indexes carry every column a page's filters and search
 * read, so a list is checked from its indexes instead of the wide product rows (a
 * product's row holds its description: a lookup costs about 1.8 µs on a store of
 * 1,000,000 products, an index entry checked with LIKE about 0.15 µs; decision 0027,
 * docs/performance.md "A million products").
 * - The three sort indexes (newest, name, price) gain the filters' columns and name,
 *   SKU and brand: walking a sort order checks each product from the index alone. On
 *   1,000,000 products a walk of `status=inactive` and "men" newest first took 29 ms
 *   through the old index and 1.1 ms through this one; "car" by name 216 ms and 21 ms.
 * - The filter indexes (status, approval, vendor, stock, category) gain the same
 *   columns: counting a search among the rows of a filter reads that index alone.
 * - A new index by id carries the filters' columns and the sort keys, through which a
 *   search's matches are checked against the filters, and sorted, as they stream from
 *   the FTS5 index (10,001 matches of "men" among active products: 13 ms through the
 *   rows, 4 ms through it; the first page of "doo" by price, 8,033 matches, 8 ms).
 * Index names stay, so every other query keeps its index.
 *
 * PostgreSQL: the three sort indexes INCLUDE the same columns, so a walk of a sort
 * order (decision 0017) is an index-only scan, and its filters' indexes stay as they
 * are (its counts and gathers go through the trigram indexes and bitmaps).
 */

/** Every column a list's filters and search read. */
const listColumns = ['status', 'approval_status', 'stock_quantity', 'category_id', 'vendor_id', 'name', 'sku', 'brand'];

/** `(leading…, then the rest of listColumns)`. */
const columns = (...leading: string[]) =>
  sql.raw([...leading, ...listColumns.filter((column) => !leading.includes(column))].join(', '));

const replaced: Array<[name: string, definition: ReturnType<typeof columns>]> = [
  ['products_created_at_idx', columns('created_at', 'id')],
  ['products_lower_name_id_idx', columns('lower(name)', 'id')],
  ['products_sale_price_paise_id_idx', columns('sale_price_paise', 'id')],
  ['products_status_stock_idx', columns('status', 'stock_quantity')],
  ['products_approval_filters_idx', columns('approval_status', 'status', 'stock_quantity')],
  ['products_vendor_filters_idx', columns('vendor_id', 'approval_status', 'status', 'stock_quantity')],
  ['products_stock_quantity_idx', columns('stock_quantity')],
  ['products_category_id_idx', columns('category_id')],
];

const sortIndexes: Array<[name: string, key: string]> = [
  ['products_created_at_idx', 'created_at, id'],
  ['products_lower_name_id_idx', 'lower(name), id'],
  ['products_sale_price_paise_id_idx', 'sale_price_paise, id'],
];

export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    const included = sql.raw(listColumns.join(', '));
    for (const [name, key] of sortIndexes) {
      await db.schema.dropIndex(name).execute();
      await sql`create index ${sql.raw(name)} on products (${sql.raw(key)}) include (${included})`.execute(db);
    }
    return;
  }
  for (const [name, definition] of replaced) {
    await db.schema.dropIndex(name).execute();
    await sql`create index ${sql.raw(name)} on products (${definition})`.execute(db);
  }
  const filters = sql.raw(listColumns.slice(0, 5).join(', '));
  await sql`create index products_id_filters_idx on products (id, ${filters}, created_at, sale_price_paise, lower(name))`.execute(
    db,
  );
}

/** The definitions before this migration (2026_11_21_1610 and 1710). */
const previous: Record<string, string> = {
  products_created_at_idx: 'created_at, id',
  products_lower_name_id_idx: 'lower(name), id',
  products_sale_price_paise_id_idx: 'sale_price_paise, id',
  products_status_stock_idx: 'status, stock_quantity',
  products_approval_filters_idx: 'approval_status, status, stock_quantity',
  products_vendor_filters_idx: 'vendor_id, approval_status, status, stock_quantity',
  products_stock_quantity_idx: 'stock_quantity',
  products_category_id_idx: 'category_id',
};

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    for (const [name, key] of sortIndexes) {
      await db.schema.dropIndex(name).execute();
      await sql`create index ${sql.raw(name)} on products (${sql.raw(key)})`.execute(db);
    }
    return;
  }
  await db.schema.dropIndex('products_id_filters_idx').execute();
  for (const [name, definition] of Object.entries(previous)) {
    await db.schema.dropIndex(name).execute();
    await sql`create index ${sql.raw(name)} on products (${sql.raw(definition)})`.execute(db);
  }
}
