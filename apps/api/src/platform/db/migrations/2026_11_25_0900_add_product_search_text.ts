import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.js';

/**
 * PostgreSQL only (decision 0029): the product search reads one stored, lower-cased
 * copy of name, SKU and brand, `search_text`, with `LIKE` instead of three `ILIKE`s,
 * and the list's indexes carry that copy, so most counts and walks never read a
 * product's row. Figures from the 1,000,000-product store (docs/performance.md).
 * - PostgreSQL's ILIKE lower-cases each value for each row (UTF-8), about 1.5 µs a row
 *   over the three columns: a bounded count of "printe" scanned 133,000 rows in 140 ms,
 *   and in 17 ms with LIKE on this column.
 * - `search_text` is `lower(name ‖ U+001F ‖ sku ‖ U+001F ‖ brand)`, generated and stored:
 *   every write keeps it, no trigger. The unit separator between the fields keeps a
 *   search from matching across two of them (a search containing it is also checked
 *   on each field: `search/shared.ts`).
 * - One pg_trgm GIN index on it replaces the three on name, SKU and brand.
 * - The three sort indexes INCLUDE it instead of name, SKU and brand (the name index
 *   keeps name), so a walk of a sort order checks each product from the index alone
 *   with one LIKE: 102,000 entries by price in 21 ms instead of 110.
 * - The five filter indexes INCLUDE it with the other filters' columns, the id and the
 *   newest and price sort keys, so a search among a filter's rows is counted, and
 *   gathered for a page, from that index alone: "men'" among inactive products in 7 ms
 *   instead of 80 (a bitmap scan of the trigram index visited each match's row).
 * SQLite is unchanged: its FTS5 trigram index and covering indexes (migration
 * 2026_11_24_1600) serve the search.
 */

const FILTERS = ['status', 'approval_status', 'stock_quantity', 'category_id', 'vendor_id'];

/** Each sort index's key, and what it includes besides the filters and `search_text`. */
const sortIndexes: Array<[name: string, key: string, extra: string[]]> = [
  ['products_created_at_idx', 'created_at, id', []],
  // lower(name) is computed from an included `name`, not from the key: without it a walk
  // by name reads each product's row (100,000 entries in 160 ms instead of 20).
  ['products_lower_name_id_idx', 'lower(name), id', ['name']],
  ['products_sale_price_paise_id_idx', 'sale_price_paise, id', []],
];

/** Each filter index's key columns (migrations 2026_11_21_1610 and 1710). */
const filterIndexes: Array<[name: string, key: string[]]> = [
  ['products_status_stock_idx', ['status', 'stock_quantity']],
  ['products_approval_filters_idx', ['approval_status', 'status', 'stock_quantity']],
  ['products_vendor_filters_idx', ['vendor_id', 'approval_status', 'status', 'stock_quantity']],
  ['products_stock_quantity_idx', ['stock_quantity']],
  ['products_category_id_idx', ['category_id']],
];

const SEARCHED = ['name', 'sku', 'brand'];

async function recreate(db: MigrationDb, name: string, key: string, included: string[]): Promise<void> {
  await db.schema.dropIndex(name).execute();
  const include = included.length > 0 ? sql` include (${sql.raw(included.join(', '))})` : sql``;
  await sql`create index ${sql.raw(name)} on products (${sql.raw(key)})${include}`.execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    alter table products add column search_text text
      generated always as (lower(name || chr(31) || sku || chr(31) || brand)) stored`.execute(db);
  await sql`create index products_search_text_trgm_idx on products using gin (search_text gin_trgm_ops)`.execute(db);
  for (const column of SEARCHED) await db.schema.dropIndex(`products_${column}_trgm_idx`).execute();
  for (const [name, key, extra] of sortIndexes) await recreate(db, name, key, [...FILTERS, 'search_text', ...extra]);
  for (const [name, key] of filterIndexes) {
    const others = FILTERS.filter((column) => !key.includes(column));
    await recreate(db, name, key.join(', '), [...others, 'search_text', 'id', 'created_at', 'sale_price_paise']);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, key] of filterIndexes) await recreate(db, name, key.join(', '), []);
  for (const [name, key] of sortIndexes) await recreate(db, name, key, [...FILTERS, ...SEARCHED]);
  for (const column of SEARCHED) {
    await sql`create index ${sql.raw(`products_${column}_trgm_idx`)} on products using gin (${sql.raw(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
  await db.schema.dropIndex('products_search_text_trgm_idx').execute();
  await sql`alter table products drop column search_text`.execute(db);
}
