import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from './helpers.js';

/**
 * Indexes the product search (name, SKU or brand, case-insensitive substring; spec
 * section 5, client-side search, done in the database) so it stays fast on a store of
 * 100,000 products. Substring search cannot use a B-tree, so each database gets its
 * own trigram index; `products.repository.ts` picks the matching predicate.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    // PostgreSQL: pg_trgm GIN indexes serve `ILIKE '%text%'` for texts of 3+ characters.
    // pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const column of ['name', 'sku', 'brand']) {
      await db.schema
        .createIndex(`products_${column}_trgm_idx`)
        .on('products')
        .using('gin')
        .expression(sql`${sql.ref(column)} gin_trgm_ops`)
        .execute();
    }
    return;
  }

  // SQLite: an FTS5 index with the trigram tokenizer (case-insensitive substring match
  // for 3+ characters) over the products table itself (external content, no copy of
  // the text), kept in step by triggers. The schema builder cannot express virtual
  // tables or triggers, hence raw SQL.
  await sql`
    create virtual table products_search using fts5(
      name, sku, brand,
      content = 'products', content_rowid = 'id', tokenize = 'trigram'
    )`.execute(db);
  await sql`
    create trigger products_search_after_insert after insert on products begin
      insert into products_search (rowid, name, sku, brand) values (new.id, new.name, new.sku, new.brand);
    end`.execute(db);
  await sql`
    create trigger products_search_after_delete after delete on products begin
      insert into products_search (products_search, rowid, name, sku, brand)
        values ('delete', old.id, old.name, old.sku, old.brand);
    end`.execute(db);
  await sql`
    create trigger products_search_after_update after update of name, sku, brand on products begin
      insert into products_search (products_search, rowid, name, sku, brand)
        values ('delete', old.id, old.name, old.sku, old.brand);
      insert into products_search (rowid, name, sku, brand) values (new.id, new.name, new.sku, new.brand);
    end`.execute(db);
  // Index the products that already exist.
  await sql`insert into products_search (products_search) values ('rebuild')`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    for (const column of ['name', 'sku', 'brand']) {
      await db.schema.dropIndex(`products_${column}_trgm_idx`).execute();
    }
    return;
  }
  await sql`drop trigger products_search_after_update`.execute(db);
  await sql`drop trigger products_search_after_delete`.execute(db);
  await sql`drop trigger products_search_after_insert`.execute(db);
  await sql`drop table products_search`.execute(db);
}
