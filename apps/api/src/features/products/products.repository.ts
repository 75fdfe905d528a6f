import { type Expression, type SqlBool, sql } from 'kysely';
import { chunked } from '../../platform/db/chunks.js';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import type { NewProduct, ProductUpdate } from '../../platform/db/schema.js';
import { eb, type ProductFilters, type ProductSort, productSortKeys, whereConditions } from './product-list.js';

/**
 * Every SQL statement on products and their images, but the product list's search
 * (`search/`, which finds the rows a list answer holds, as a query of `allProducts`
 * narrowed to them). Functions take the query handle first so a service can pass a
 * transaction. Money in paise, times UTC ISO 8601.
 */

/** The products an answer holds, as a query of `products as p` (no columns yet): `findProductRows` reads them. */
export type ProductRows = ReturnType<typeof allProducts>;

/** Every product, as a query of `products as p`. */
export function allProducts(db: Db) {
  return db.selectFrom('products as p');
}

/** The products with these ids (a page found by id), or undefined for none. */
export function productsWithIds(db: Db, ids: number[]): ProductRows | undefined {
  return ids.length === 0 ? undefined : allProducts(db).where('p.id', 'in', ids);
}

/** The columns of `rows` (products as `p`) with the names of what they reference. */
function selectProducts(rows: ProductRows) {
  return rows
    .innerJoin('categories as c', 'c.id', 'p.categoryId')
    .leftJoin('subcategories as s', 's.id', 'p.subcategoryId')
    .leftJoin('vendors as v', 'v.id', 'p.vendorId')
    .leftJoin('users as vu', 'vu.id', 'v.userId')
    .leftJoin('users as ru', 'ru.id', 'p.reviewedBy')
    .select([
      'p.id',
      'p.name',
      'p.productDetails',
      'p.brand',
      'p.color',
      'p.sku',
      'p.model',
      'p.warrantyPeriod',
      'p.salePricePaise',
      'p.actualPricePaise',
      'p.manufacturer',
      'p.stockQuantity',
      'p.hsnCode',
      'p.gstRateBp',
      'p.categoryId',
      'c.name as categoryName',
      'p.subcategoryId',
      's.name as subcategoryName',
      'p.status',
      'p.vendorId',
      'v.businessName as vendorBusinessName',
      'vu.name as vendorName',
      'p.approvalStatus',
      'p.reviewedBy',
      'ru.name as reviewerName',
      'p.reviewedAt',
      'p.rejectionReason',
      'p.createdAt',
      'p.updatedAt',
    ]);
}

/** A product with the names of what it references (category, subcategory, vendor, reviewer). */
export type ProductDetailRow = Awaited<ReturnType<typeof findProductById>> & object;

/** One product with its references, or undefined. Images come from `findImagesOf`. */
export function findProductById(db: Db, id: number) {
  return selectProducts(allProducts(db)).where('p.id', '=', id).executeTakeFirst();
}

/**
 * The catalog's current version, as text (a bigint: PostgreSQL answers a string): raised
 * by triggers in the transaction of every write to what the product lists show
 * (decisions 0026, 0033).
 * @throws the database's error.
 */
export async function readCatalogVersion(db: Db): Promise<string> {
  const row = await db.selectFrom('catalogVersion').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return String(row.version);
}

/**
 * The products `rows` holds (a list's page or its unpaged answer, as the list's search
 * found it: `search/product-search.ts`) with their references, in `sort` order then by
 * id; `sortKey` is each row's key for the cursor. Images come from `findImagesOf`.
 */
export function findProductRows(rows: ProductRows, sort: ProductSort) {
  const { key, direction } = productSortKeys[sort];
  return selectProducts(rows)
    .select(sql<string | number>`${key}`.as('sortKey'))
    .orderBy(key, direction)
    .orderBy('p.id', direction)
    .execute();
}

/**
 * The list footer's counts over the products meeting `conditions` (the caller's
 * catalog), in one statement of independent counts, each one index range (see
 * migration 2026_11_21_1710_add_product_list_indexes). Approved, active and in-stock
 * products are counted as the total less the others (`status` and `approval_status`
 * take three values each, stock is never negative, all enforced by check
 * constraints): in a store most products are approved, active and in stock, so the
 * ranges read are the small ones. On 100,000 products: 3 ms instead of 16 ms for one
 * scan with five filtered aggregates.
 */
export async function productCounts(db: Db, conditions: ProductFilters[]) {
  const where = whereConditions(conditions);
  const count = (extra?: Expression<SqlBool>) => {
    const parts = [where, extra].filter((part): part is Expression<SqlBool> => part !== undefined);
    const query = db.selectFrom('products as p').select((e) => e.fn.countAll<number>().as('count'));
    return parts.length > 0 ? query.where(eb.and(parts)) : query;
  };
  const row = await db
    .selectNoFrom([
      count().as('total'),
      count(eb('p.approvalStatus', 'in', ['pending', 'rejected'])).as('unapproved'),
      // The pending queue (decision 0044): awaiting approval, plus the others carrying a
      // pending revision, counted apart: as one OR, neither side could use its index
      // (PostgreSQL read every product's index entry: 300 ms on 1,000,000 products).
      count(eb('p.approvalStatus', '=', 'pending')).as('pending'),
      db
        .selectFrom('productRevisions as r')
        .innerJoin('products as p', 'p.id', 'r.productId')
        .select((e) => e.fn.count<number>('r.productId').distinct().as('count'))
        .where('r.status', '=', 'pending')
        .where(eb.and([eb('p.approvalStatus', '<>', 'pending'), ...(where ? [where] : [])]))
        .as('revised'),
      count(eb('p.status', 'in', ['inactive', 'pending'])).as('notActive'),
      count(eb('p.stockQuantity', '=', 0)).as('outOfStock'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  return {
    totalCount: total,
    approvedCount: total - Number(row.unapproved),
    activeCount: total - Number(row.notActive),
    inStockCount: total - Number(row.outOfStock),
    pendingApprovalCount: Number(row.pending) + Number(row.revised),
  };
}

/** Bound parameters per statement stay well under SQLite's and PostgreSQL's limits. */
const IMAGE_BATCH = 500;

/** The image URLs of each product, in gallery order; products without images are absent. */
export async function findImagesOf(db: Db, productIds: number[]): Promise<Map<number, string[]>> {
  const images = new Map<number, string[]>();
  for (let start = 0; start < productIds.length; start += IMAGE_BATCH) {
    const batch = productIds.slice(start, start + IMAGE_BATCH);
    const rows = await db
      .selectFrom('productImages')
      .select(['productId', 'url'])
      .where('productId', 'in', batch)
      .orderBy('productId')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      const urls = images.get(row.productId);
      if (urls) urls.push(row.url);
      else images.set(row.productId, [row.url]);
    }
  }
  return images;
}

/**
 * Who owns a product, where it stands and when it was last saved, for access checks;
 * undefined if it does not exist. Inside a transaction on PostgreSQL the row is locked
 * (`FOR UPDATE`) until the transaction ends, so a write decided on what was read here
 * cannot interleave with another; SQLite runs one write transaction at a time anyway.
 */
export function findProductOwnership(db: Db, id: number) {
  return db
    .selectFrom('products')
    .select(['id', 'vendorId', 'status', 'approvalStatus', 'updatedAt'])
    .where('id', '=', id)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/**
 * Where each of the products `ids` stands, for a bulk action's checks (issue 26): its
 * version, status, approval, category, and whether a vendor's revision awaits review.
 * Products that do not exist are absent.
 */
export async function findBulkStates(db: Db, ids: readonly number[]) {
  const rows = [];
  for (const chunk of chunked(ids, 1)) {
    rows.push(
      ...(await db
        .selectFrom('products as p')
        .select((qb) => [
          'p.id',
          'p.updatedAt',
          'p.status',
          'p.approvalStatus',
          'p.categoryId',
          qb
            .exists(
              qb
                .selectFrom('productRevisions as r')
                .select('r.id')
                .whereRef('r.productId', '=', 'p.id')
                .where('r.status', '=', 'pending'),
            )
            .as('hasPendingRevision'),
        ])
        .where('p.id', 'in', chunk)
        .execute()),
    );
  }
  return new Map(rows.map((row) => [row.id, { ...row, hasPendingRevision: Boolean(row.hasPendingRevision) }]));
}

/** True when another product (not `exceptId`) has this SKU, compared case-insensitively. */
export async function isSkuTaken(db: Db, sku: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where(sql<SqlBool>`lower(sku) = lower(${sku})`)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts a product; returns its id. */
export async function insertProduct(db: Db, values: NewProduct): Promise<number> {
  const row = await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Inserts many products in multi-row statements (the catalog importer); answers each
 * new product's id and SKU, in the order given.
 */
export async function insertProducts(db: Db, rows: NewProduct[]): Promise<{ id: number; sku: string }[]> {
  const inserted: { id: number; sku: string }[] = [];
  for (const chunk of chunked(rows, 21, 1_000)) {
    inserted.push(...(await db.insertInto('products').values(chunk).returning(['id', 'sku']).execute()));
  }
  return inserted;
}

/** Inserts gallery images of many products in multi-row statements; `position` orders a product's gallery. */
export async function insertProductImages(
  db: Db,
  images: { productId: number; position: number; url: string; createdAt: string; updatedAt: string }[],
): Promise<void> {
  for (const chunk of chunked(images, 5)) await db.insertInto('productImages').values(chunk).execute();
}

/** Updates a product's columns. */
export async function updateProduct(db: Db, id: number, values: ProductUpdate): Promise<void> {
  await db.updateTable('products').set(values).where('id', '=', id).execute();
}

/** Replaces a product's gallery with `urls`, in order. */
export async function replaceProductImages(db: Db, productId: number, urls: string[], now: string): Promise<void> {
  await db.deleteFrom('productImages').where('productId', '=', productId).execute();
  if (urls.length === 0) return;
  await db
    .insertInto('productImages')
    .values(urls.map((url, position) => ({ productId, position, url, createdAt: now, updatedAt: now })))
    .execute();
}

/** Deletes a product; images and coupon restrictions go with it, order lines keep their copy. */
export async function deleteProduct(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A category's id, or undefined when it does not exist. */
export function findCategoryRef(db: Db, id: number) {
  return db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
}

/** A subcategory's id and parent, or undefined. */
export function findSubcategoryRef(db: Db, id: number) {
  return db.selectFrom('subcategories').select(['id', 'categoryId']).where('id', '=', id).executeTakeFirst();
}

/** A vendor's approval status, or undefined when there is no such vendor. */
export async function findVendorStatus(db: Db, id: number) {
  const row = await db.selectFrom('vendors').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}
