import { type Expression, type SqlBool, sql } from 'kysely';
import { chunked } from '../../platform/db/chunks.js';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { afterKeyset, type Keyset } from '../../platform/db/lists.js';
import type { NewProduct, ProductUpdate } from '../../platform/db/schema.js';
import { keepCount, keptCount } from './search/kept-counts.js';
import type { ListCount, PagePlan } from './search/plan.js';
import { countPostgresProducts, findPostgresPageIds } from './search/postgres.js';
import {
  eb,
  findWalkIds,
  type ProductConditions,
  type ProductPageRequest,
  type ProductSort,
  productSortKeys,
  usesFts,
  whereAll,
} from './search/shared.js';
import { countSqliteProducts, findSqliteGatherIds, sqlitePagePlan } from './search/sqlite.js';

export type { ListCount } from './search/plan.js';
export type { ProductConditions, ProductSort } from './search/shared.js';
export { productSortKeys } from './search/shared.js';

/**
 * Every SQL statement on products and their images. Functions take the query handle
 * first so a service can pass a transaction. Money in paise, times UTC ISO 8601.
 */

function selectProducts(db: Db) {
  return db
    .selectFrom('products as p')
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
  return selectProducts(db).where('p.id', '=', id).executeTakeFirst();
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
 * How many products meet all `conditions` (the list's `total`), exact up to `bound` and
 * `bound + 1` for any more (decision 0027), with what each database needs to plan the
 * page (`search/sqlite.ts`, `search/postgres.ts`). With `page`, the page about to be
 * fetched: a count that reads every match finds it on the way (`ListCount.pageIds`,
 * decision 0032). A page after the first (`page.after`) reuses the list's count while
 * `page.catalogVersion` (read before this count: a write after it raises it) is the
 * version it was counted at (`search/kept-counts.ts`, decision 0034); every paged count
 * is kept so.
 */
export async function countProducts(
  db: Db,
  conditions: ProductConditions[],
  bound: number,
  page?: ProductPageRequest & { catalogVersion: string },
): Promise<ListCount> {
  const count = (on: ProductPageRequest | undefined) =>
    isPostgres(db) ? countPostgresProducts(db, conditions, bound, on) : countSqliteProducts(db, conditions, bound, on);
  if (!page) return count(undefined);
  const { catalogVersion, ...request } = page;
  const key = JSON.stringify([conditions, bound]);
  const kept = request.after ? keptCount(db, key, catalogVersion) : undefined;
  if (kept) return kept;
  const counted = await count(request);
  keepCount(db, key, catalogVersion, counted);
  return counted;
}

/**
 * A page (or, without `page`, every row) of the products meeting all `conditions`,
 * in `sort` order then by id. With `page`, fetches `limit + 1` rows so the caller
 * knows whether another page follows; `sortKey` is each row's key for the cursor.
 * `page.count` is what `countProducts` answered for the same conditions.
 *
 * A page is found in two steps: first the ids of the page from `products` alone
 * (filter, sort and limit touch only the columns the indexes hold), then the joins
 * for those rows only. Joining first would join every matching row before the sort
 * could discard them (12 ms against 5 ms for a search matching 4,000 of 100,000).
 *
 * On SQLite the page follows the plan `search/sqlite.ts` picks from `page.count` (walk
 * the sort index, within a budget when another plan is known, gather the matches, or
 * read the filtered rows). On PostgreSQL a
 * searched page follows `choosePostgresPagePlan` (`search/postgres.ts`); without
 * a search its planner's own choice, from statistics that are right for the filters.
 */
export async function listProducts(
  db: Db,
  conditions: ProductConditions[],
  sort: ProductSort,
  page?: { limit: number; after?: Keyset; count?: ListCount },
) {
  const postgres = isPostgres(db);
  const { key, direction } = productSortKeys[sort];
  let query = selectProducts(db).select(sql<string | number>`${key}`.as('sortKey'));
  if (page) {
    if (page.count?.total === 0) return [];
    const withIds = (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : query.where('p.id', 'in', ids).orderBy(key, direction).orderBy('p.id', direction).execute();
    // The count read every match and found the page on the way.
    if (page.count?.pageIds) return withIds(page.count.pageIds);
    if (postgres && page.count && conditions.some((c) => c.search)) {
      return withIds(await findPostgresPageIds(db, conditions, sort, page.limit + 1, page.after, page.count));
    }
    const plan: PagePlan = postgres
      ? { access: 'filters' }
      : await sqlitePagePlan(db, conditions, page.limit, page.count);
    let access = plan.access;
    if (access === 'walk' && plan.walkBudget !== undefined && plan.fallback) {
      // A walk with a budget: when it falls short, the next best plan finds the page.
      const walked = await findWalkIds(db, false, conditions, sort, page.limit + 1, page.after, plan.walkBudget);
      if (walked.length === page.limit + 1) return withIds(walked);
      access = plan.fallback;
    }
    const searches = conditions.flatMap((c) => (c.search ? [c.search] : []));
    const [ftsSearch] = searches;
    if (access === 'filters' && !postgres && searches.length === 1 && ftsSearch && usesFts(false, ftsSearch)) {
      return withIds(await findSqliteGatherIds(db, conditions, ftsSearch, sort, page.limit + 1, page.after));
    }
    const where = whereAll(postgres, conditions, access);
    let ids = db.selectFrom('products as p').select('p.id');
    if (where) ids = ids.where(where);
    if (page.after) ids = ids.where(afterKeyset(key, eb.ref('p.id'), direction, page.after));
    ids = ids
      .orderBy(key, direction)
      .orderBy('p.id', direction)
      .limit(page.limit + 1);
    query = query.where('p.id', 'in', ids);
  } else {
    const where = whereAll(postgres, conditions);
    if (where) query = query.where(where);
  }
  return query.orderBy(key, direction).orderBy('p.id', direction).execute();
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
export async function productCounts(db: Db, conditions: ProductConditions[]) {
  const where = whereAll(isPostgres(db), conditions);
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
