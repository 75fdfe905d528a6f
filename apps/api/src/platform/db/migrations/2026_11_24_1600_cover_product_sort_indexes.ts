import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.js';

/**
 * SQLite: the product list's three sort indexes (newest, name, price) also carry every
 * column a page's filters and search read (status, approval, stock, category, vendor,
 * name, SKU, brand), so walking a sort order checks each product from the index alone
 * instead of looking its wide row up (decision 0027, docs/performance.md "A million
 * products"). On 1,000,000 products a walk of `status=inactive` and "men" newest
 * first took 29 ms through the old index and 1.1 ms through this one; "car" by name
 * 216 ms and 21 ms. The names stay, so the indexes keep their meaning for every other
 * query. A fourth index, by id, carries the filters' columns: a search's matches are
 * checked against the filters through it (a narrow entry) rather than through the
 * wide row: counting 10,001 matches of "men" among active products took 13 ms through
 * the rows and 7 ms through it. PostgreSQL's lists plan differently (decision 0017)
 * and keep their indexes.
 */

const covered = ['status', 'approval_status', 'stock_quantity', 'category_id', 'vendor_id', 'name', 'sku', 'brand'];
const coveredList = sql.raw(covered.join(', '));
const filterList = sql.raw(covered.slice(0, 5).join(', '));

export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema.dropIndex('products_created_at_idx').execute();
  await sql`create index products_created_at_idx on products (created_at, id, ${coveredList})`.execute(db);
  await db.schema.dropIndex('products_lower_name_id_idx').execute();
  await sql`create index products_lower_name_id_idx on products (lower(name), id, ${coveredList})`.execute(db);
  await db.schema.dropIndex('products_sale_price_paise_id_idx').execute();
  await sql`create index products_sale_price_paise_id_idx on products (sale_price_paise, id, ${coveredList})`.execute(
    db,
  );
  await sql`create index products_id_filters_idx on products (id, ${filterList})`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema.dropIndex('products_id_filters_idx').execute();
  await db.schema.dropIndex('products_created_at_idx').execute();
  await db.schema.createIndex('products_created_at_idx').on('products').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('products_lower_name_id_idx').execute();
  await db.schema.createIndex('products_lower_name_id_idx').on('products').expression(sql`lower(name), id`).execute();
  await db.schema.dropIndex('products_sale_price_paise_id_idx').execute();
  await db.schema
    .createIndex('products_sale_price_paise_id_idx')
    .on('products')
    .columns(['sale_price_paise', 'id'])
    .execute();
}
