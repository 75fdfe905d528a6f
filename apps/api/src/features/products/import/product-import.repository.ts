import { type SqlBool, sql } from 'kysely';
import { chunked } from '../../../platform/db/chunks.js';
import type { Db } from '../../../platform/db/create-db.js';
import { yieldToOthers } from '../../../platform/yield.js';
import { findImagesOf } from '../products.repository.js';

/**
 * What a product import reads (issue 26 'Imports'): the products its SKUs name, with
 * what an update compares, and the catalog's category and subcategory names; and what
 * each line of an import job did (decision 0121). The products are written through the
 * products service, as the form's are.
 */

/**
 * SKUs looked up in one statement: 250, so reading the products and images of a batch
 * holds the loop a few ms (1,000 held it tens of ms on PostgreSQL; decision 0121).
 */
const SKU_BATCH = 250;

/** A product an import row may update (money in paise, times UTC), with its images. */
export interface ExistingProduct {
  id: number;
  sku: string;
  vendorId: number | null;
  updatedAt: string;
  name: string;
  productDetails: string;
  brand: string;
  color: string | null;
  model: string | null;
  warrantyPeriod: string;
  salePricePaise: number;
  actualPricePaise: number;
  manufacturer: string | null;
  stockQuantity: number;
  hsnCode: string | null;
  gstRateBp: number;
  categoryId: number;
  subcategoryId: number | null;
  images: string[];
}

/**
 * The products whose SKUs (any case) are in `skus`, by lower-cased SKU, with their images
 * in gallery order; over `products_sku_key`. The import screen's plan and the seeding
 * catalog's plan (`seed/catalog/plan.ts`) both read them here.
 */
export async function findProductsBySkus(db: Db, skus: readonly string[]): Promise<Map<string, ExistingProduct>> {
  const found = new Map<string, ExistingProduct>();
  const lowered = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  for (const batch of chunked(lowered, 1, SKU_BATCH)) {
    // A 50,000-row file is 50 reads, each synchronous on SQLite: others go between them.
    await yieldToOthers();
    const rows = await db
      .selectFrom('products')
      .select([
        'id',
        'sku',
        'vendorId',
        'updatedAt',
        'name',
        'productDetails',
        'brand',
        'color',
        'model',
        'warrantyPeriod',
        'salePricePaise',
        'actualPricePaise',
        'manufacturer',
        'stockQuantity',
        'hsnCode',
        'gstRateBp',
        'categoryId',
        'subcategoryId',
      ])
      .where(sql<SqlBool>`lower(sku) in (${sql.join(batch)})`)
      .execute();
    const images = await findImagesOf(
      db,
      rows.map((row) => row.id),
    );
    for (const row of rows) found.set(row.sku.toLowerCase(), { ...row, images: images.get(row.id) ?? [] });
  }
  return found;
}

/** Category ids by lower-cased name, and subcategory ids by `categoryId:lower-cased name`. */
export async function loadPlacementNames(
  db: Db,
): Promise<{ categories: Map<string, number>; subcategories: Map<string, number> }> {
  const [categories, subcategories] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name']).execute(),
    db.selectFrom('subcategories').select(['id', 'categoryId', 'name']).execute(),
  ]);
  return {
    categories: new Map(categories.map((row) => [row.name.toLowerCase(), row.id])),
    subcategories: new Map(subcategories.map((row) => [`${row.categoryId}:${row.name.toLowerCase()}`, row.id])),
  };
}

/** What one line of an import did, as its report writes it. */
export interface RecordedRow {
  line: number;
  sku: string;
  name: string;
  outcome: 'created' | 'updated' | 'unchanged' | 'refused';
  message: string;
}

/**
 * Records what a line of import job `jobId` did (decision 0121): inside the transaction
 * that wrote its product, so the outcome is kept exactly when the write is.
 */
export async function recordImportRow(trx: Db, jobId: number, row: RecordedRow, now: string): Promise<void> {
  await trx
    .insertInto('importRowOutcomes')
    .values({ jobId, ...row, createdAt: now })
    .execute();
}

/** Records many rows' outcomes of job `jobId` at once (a courier manifest's batch, decision 0143), a few hundred a statement. */
export async function recordImportRows(
  trx: Db,
  jobId: number,
  rows: readonly RecordedRow[],
  now: string,
): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000)
    await trx
      .insertInto('importRowOutcomes')
      .values(rows.slice(start, start + 1000).map((row) => ({ jobId, ...row, createdAt: now })))
      .execute();
}

/** What the lines of import job `jobId` already did, by line (empty for a job not begun). */
export async function findImportRows(db: Db, jobId: number): Promise<Map<number, RecordedRow>> {
  const rows = await db
    .selectFrom('importRowOutcomes')
    .select(['line', 'sku', 'name', 'outcome', 'message'])
    .where('jobId', '=', jobId)
    .execute();
  return new Map(rows.map((row) => [row.line, row]));
}
