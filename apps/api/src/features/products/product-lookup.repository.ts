import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { ftsPhrase, startsWith, usesTrigrams } from '../../platform/db/search-text.js';
import { postgresSearchPredicate } from './search/postgres.js';

/**
 * SQL of the global search's product lookup (issue 10, docs/decisions/0060): a few
 * products whose SKU is the text, or whose name, SKU or brand contains it, through the
 * product search's indexes (decision 0010). No count, no order beyond "newest first"
 * where the index yields it: the top bar shows a handful.
 */

const columns = ['p.id', 'p.name', 'p.sku', 'p.brand', 'p.vendorId', 'p.approvalStatus'] as const;

/** The product whose SKU is `text` (any case: `products_sku_key` is on `lower(sku)`), within the vendor's when given. */
export function findProductBySku(db: Db, text: string, vendorId: number | undefined) {
  return db
    .selectFrom('products as p')
    .select(columns)
    .where(sql<string>`lower(p.sku)`, '=', text.toLowerCase())
    .$if(vendorId !== undefined, (q) => q.where('p.vendorId', '=', vendorId as number))
    .limit(1)
    .execute();
}

/**
 * Up to `limit` products matching `text`, within the vendor's when given:
 * - 3+ characters: name, SKU or brand contains it, any case. SQLite reads the FTS5
 *   trigram index newest first and stops at `limit`; PostgreSQL LIKEs the lower-cased
 *   `search_text` over its pg_trgm index (decision 0029).
 * - 2 characters: the name or the SKU starts with it, any case, through
 *   `products_lower_name_id_idx` and `products_sku_key`.
 */
export async function findProductsMatching(db: Db, text: string, vendorId: number | undefined, limit: number) {
  const postgres = isPostgres(db);
  if (!usesTrigrams(text)) {
    const prefix = text.toLowerCase();
    const byName = db
      .selectFrom('products as p')
      .select(columns)
      .where(startsWith(sql<string>`lower(p.name)`, prefix))
      .$if(vendorId !== undefined, (q) => q.where('p.vendorId', '=', vendorId as number))
      .orderBy(sql`lower(p.name)`)
      .limit(limit)
      .execute();
    const bySku = db
      .selectFrom('products as p')
      .select(columns)
      .where(startsWith(sql<string>`lower(p.sku)`, prefix))
      .$if(vendorId !== undefined, (q) => q.where('p.vendorId', '=', vendorId as number))
      .orderBy(sql`lower(p.sku)`)
      .limit(limit)
      .execute();
    const [names, skus] = await Promise.all([byName, bySku]);
    return [...skus, ...names];
  }
  if (postgres) {
    return db
      .selectFrom('products as p')
      .select(columns)
      .where(postgresSearchPredicate(text))
      .$if(vendorId !== undefined, (q) => q.where('p.vendorId', '=', vendorId as number))
      .limit(limit)
      .execute();
  }
  return db
    .selectFrom(sql<{ rowid: number }>`products_search`.as('s'))
    .innerJoin('products as p', 'p.id', 's.rowid')
    .select(columns)
    .where(sql<boolean>`s.products_search match ${ftsPhrase(text)}`)
    .$if(vendorId !== undefined, (q) => q.where('p.vendorId', '=', vendorId as number))
    .orderBy(sql`s.rowid`, 'desc')
    .limit(limit)
    .execute();
}

export type ProductLookupRow = Awaited<ReturnType<typeof findProductBySku>>[number];
