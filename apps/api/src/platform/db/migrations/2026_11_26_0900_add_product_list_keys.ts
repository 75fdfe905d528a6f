import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.js';

/**
 * SQLite: `product_list_keys`, a narrow rowid table holding, per product, what the
 * product list's filters and sorts read (status, approval, stock, category, vendor,
 * creation time, sale price, name), kept in step with `products` by triggers in the
 * same transaction as every write. It replaces the narrow index `products_id_filters_idx`
 * (migration 2026_11_24_1600) as the place where a search's matches, streamed from
 * the FTS5 index by id, are checked against the filters and given their sort keys
 * (`features/products/search/sqlite.ts`).
 *
 * Why a table and not an index: an index B-tree keeps whole entries in its interior
 * pages, so a lookup by id descends through more and fuller pages than a rowid table,
 * whose interior pages hold only integers. On 1,000,000 products a match checked this
 * way costs about 0.6 µs against 1.5 µs through the index, and a broad search's bounded
 * count (10,001 matches) 6 ms against 13 ms (docs/performance.md, decision 0032).
 * PostgreSQL is unchanged: it searches a lower-cased copy through covering indexes
 * (decision 0029).
 */

const columns = 'status, approval_status, stock_quantity, category_id, vendor_id, created_at, sale_price_paise, name';
const newValues = columns
  .split(', ')
  .map((column) => `new.${column}`)
  .join(', ');

export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`
    create table product_list_keys (
      id integer primary key,
      status text not null,
      approval_status text not null,
      stock_quantity integer not null,
      category_id integer not null,
      vendor_id integer,
      created_at text not null,
      sale_price_paise integer not null,
      name text not null
    )`.execute(db);
  await sql`insert into product_list_keys (id, ${sql.raw(columns)}) select id, ${sql.raw(columns)} from products order by id`.execute(
    db,
  );
  await sql`
    create trigger product_list_keys_after_insert after insert on products begin
      insert into product_list_keys (id, ${sql.raw(columns)}) values (new.id, ${sql.raw(newValues)});
    end`.execute(db);
  await sql`
    create trigger product_list_keys_after_update after update of id, ${sql.raw(columns)} on products begin
      delete from product_list_keys where id = old.id;
      insert into product_list_keys (id, ${sql.raw(columns)}) values (new.id, ${sql.raw(newValues)});
    end`.execute(db);
  await sql`
    create trigger product_list_keys_after_delete after delete on products begin
      delete from product_list_keys where id = old.id;
    end`.execute(db);
  await db.schema.dropIndex('products_id_filters_idx').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create index products_id_filters_idx on products (id, status, approval_status, stock_quantity, category_id, vendor_id, created_at, sale_price_paise, lower(name))`.execute(
    db,
  );
  await sql`drop trigger product_list_keys_after_delete`.execute(db);
  await sql`drop trigger product_list_keys_after_update`.execute(db);
  await sql`drop trigger product_list_keys_after_insert`.execute(db);
  await sql`drop table product_list_keys`.execute(db);
}
