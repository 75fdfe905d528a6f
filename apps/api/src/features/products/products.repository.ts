import type { ApprovalStatus, ProductStatus, productSorts } from '@haat/contract';
import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import {
  afterKeyset,
  choosePostgresPagePlan,
  type Keyset,
  likeContains,
  type SortKeyType,
} from '../../platform/db/lists.js';
import { isPostgres } from '../../platform/db/migrations/helpers.js';
import type { Database, NewProduct, ProductsTable, ProductUpdate } from '../../platform/db/schema.js';
import { type Access, chooseCountPlan, choosePagePlan, fewMatches, type ListCount } from './products.plan.js';

export type { ListCount } from './products.plan.js';

/**
 * Every SQL statement on products and their images. Functions take the query handle
 * first so a service can pass a transaction. Money in paise, times UTC ISO 8601.
 */

export type ProductSort = (typeof productSorts)[number];

/**
 * Conditions a product must meet. A list applies several at once (the caller's scope
 * and the screen's filters), all of which must hold.
 */
export interface ProductConditions {
  /** Name, SKU or brand contains it, case-insensitive. */
  search?: string;
  status?: ProductStatus;
  stock?: 'in-stock' | 'out-of-stock';
  approval?: ApprovalStatus;
  categoryId?: number;
  /** A vendor's id, or `admin` for store-owned products. */
  vendor?: number | 'admin';
}

const eb = expressionBuilder<Database & { p: ProductsTable }, 'p'>();

/** Below this many characters the trigram index cannot help, so SQLite falls back to LIKE. */
const TRIGRAM = 3;

/**
 * SQLite only: `+column` is SQLite's documented way of keeping an index from serving a
 * term (https://sqlite.org/optoverview.html#disqualifying_where_clause_terms_using_unary_),
 * used to make it follow the plan `products.plan.ts` chose (`Access`).
 */
function unindexed<T>(ref: Expression<T>, yes: boolean): Expression<T> {
  return yes ? sql<T>`+${ref}` : ref;
}

/** True when SQLite answers this search from the FTS5 trigram index. */
const usesFts = (postgres: boolean, text: string) => !postgres && [...text].length >= TRIGRAM;

/** Printable ASCII only. */
const ASCII = /^[\x20-\x7e]*$/;

/** FTS5 query for `text` as one substring: a quoted phrase, its quotes doubled. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The search predicate, per database. PostgreSQL: ILIKE on name, SKU and brand, each
 * served by a pg_trgm GIN index. SQLite: the FTS5 trigram index (`products_search`)
 * for 3+ characters, and LIKE for shorter text (a scan: trigram indexes need 3
 * characters). See migration 2026_11_21_1700_add_product_search.
 */
function searchPredicate(postgres: boolean, text: string, access: Access): Expression<SqlBool> {
  // A walk checks a few hundred rows it reads anyway: LIKE on each costs microseconds,
  // where the FTS5 form first gathers every match (25 ms for "unknown" on 100,000).
  // For ASCII text both match the same rows (FTS5 also folds non-ASCII case, which
  // LIKE does not, hence the restriction; only exotic letters whose lower case is
  // ASCII, such as the Kelvin sign, could tell them apart).
  const likeInWalk = access === 'walk' && ASCII.test(text);
  if (!usesFts(postgres, text) || likeInWalk) {
    return eb.or([
      likeContains(postgres, eb.ref('p.name'), text),
      likeContains(postgres, eb.ref('p.sku'), text),
      likeContains(postgres, eb.ref('p.brand'), text),
    ]);
  }
  const id = unindexed(eb.ref('p.id'), access !== 'filters');
  return sql<SqlBool>`${id} in (select rowid from products_search where products_search match ${ftsPhrase(text)})`;
}

/** All the conditions as one predicate, or undefined when there are none. */
function whereAll(postgres: boolean, all: ProductConditions[], access: Access = 'filters') {
  const walk = access === 'walk';
  const parts: Array<Expression<SqlBool>> = [];
  for (const c of all) {
    if (c.status) parts.push(eb(unindexed(eb.ref('p.status'), walk), '=', c.status));
    if (c.approval) parts.push(eb(unindexed(eb.ref('p.approvalStatus'), walk), '=', c.approval));
    if (c.stock === 'in-stock') parts.push(eb(unindexed(eb.ref('p.stockQuantity'), walk), '>', 0));
    if (c.stock === 'out-of-stock') parts.push(eb(unindexed(eb.ref('p.stockQuantity'), walk), '=', 0));
    if (c.categoryId !== undefined) parts.push(eb('p.categoryId', '=', c.categoryId));
    if (c.vendor === 'admin') parts.push(eb('p.vendorId', 'is', null));
    else if (c.vendor !== undefined) parts.push(eb('p.vendorId', '=', c.vendor));
    if (c.search) parts.push(searchPredicate(postgres, c.search, access));
  }
  // No `1 = 1` for no conditions: it would stop SQLite counting a table from its page headers.
  return parts.length > 0 ? eb.and(parts) : undefined;
}

/** The key each sort orders by (then by id, in the same direction), and its type in a cursor. */
export const productSortKeys: Record<
  ProductSort,
  { key: Expression<unknown>; direction: 'asc' | 'desc'; type: SortKeyType }
> = {
  newest: { key: eb.ref('p.createdAt'), direction: 'desc', type: 'instant' },
  oldest: { key: eb.ref('p.createdAt'), direction: 'asc', type: 'instant' },
  // lower(name): case-insensitive order, served by the products_lower_name_id_idx expression index.
  'name-asc': { key: sql`lower(${eb.ref('p.name')})`, direction: 'asc', type: 'string' },
  'name-desc': { key: sql`lower(${eb.ref('p.name')})`, direction: 'desc', type: 'string' },
  'price-asc': { key: eb.ref('p.salePricePaise'), direction: 'asc', type: 'number' },
  'price-desc': { key: eb.ref('p.salePricePaise'), direction: 'desc', type: 'number' },
};

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
 * How many products meet all `conditions` (the list's `total`), with what SQLite needs
 * to plan the page (`products.plan.ts`). On SQLite a search of 3+ characters is first
 * counted alone in its FTS5 index, with the table, in one statement: alone, that is
 * the total; with filters and many matches, the filters are counted alone too, and the
 * cheapest way to count both together is chosen.
 */
export async function countProducts(db: Db, conditions: ProductConditions[]): Promise<ListCount> {
  if (isPostgres(db)) return { total: await countWhere(db, whereAll(true, conditions)) };
  const searches = conditions.flatMap((c) => (c.search ? [c.search] : []));
  const [search] = searches;
  if (searches.length !== 1 || search === undefined || !usesFts(false, search)) {
    const { rows, total } = await countRowsAnd(db, whereAll(false, conditions));
    // A LIKE search reads the whole table whatever the filters.
    return { total, rows, ...(searches.length > 0 && { matches: rows }) };
  }
  const { rows, matches } = await countRowsAndSearchMatches(db, search);
  const others = conditions.map(({ search: _, ...rest }) => rest);
  const filters = whereAll(false, others);
  if (matches === 0 || filters === undefined) return { total: matches, rows, matches };
  if (fewMatches(rows, matches)) return { total: await countWhere(db, whereAll(false, conditions)), rows, matches };

  const filtered = await countWhere(db, filters);
  // NOT(filters) counts exactly the rows failing them only over NOT NULL columns;
  // vendor_id is nullable (and a vendor's catalog is small enough to probe anyway).
  const negatable = others.every((c) => c.vendor === undefined);
  const plan = chooseCountPlan(rows, matches, filtered, negatable);
  if (plan === 'complement') {
    const failing = await countWhere(db, eb.and([eb.not(filters), searchPredicate(false, search, 'probe')]));
    return { total: matches - failing, rows, matches, filtered };
  }
  return { total: await countWhere(db, whereAll(false, conditions, plan)), rows, matches, filtered };
}

function countQuery(db: Db, where: Expression<SqlBool> | undefined) {
  const query = db.selectFrom('products as p').select((e) => e.fn.countAll<number>().as('count'));
  return where ? query.where(where) : query;
}

async function countWhere(db: Db, where: Expression<SqlBool> | undefined): Promise<number> {
  const row = await countQuery(db, where).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** SQLite, in one statement: products in the table (from an index's page headers: microseconds) and those meeting `where`. */
async function countRowsAnd(db: Db, where: Expression<SqlBool> | undefined) {
  const row = await db
    .selectNoFrom([countQuery(db, undefined).as('rows'), countQuery(db, where).as('total')])
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), total: Number(row.total) };
}

/**
 * SQLite, in one statement: products in the table and products whose name, SKU or
 * brand contains `text` (3+ characters), from the FTS5 index alone.
 */
async function countRowsAndSearchMatches(db: Db, text: string): Promise<{ rows: number; matches: number }> {
  const result = await sql<{ rows: number; matches: number }>`
    select (select count(*) from products) as rows,
      (select count(*) from products_search where products_search match ${ftsPhrase(text)}) as matches`.execute(db);
  const row = result.rows[0];
  return { rows: Number(row?.rows ?? 0), matches: Number(row?.matches ?? 0) };
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
 * On SQLite the page follows the plan `choosePagePlan` picks from `page.count` (walk
 * the sort index, gather the matches, or probe the filtered rows). On PostgreSQL a
 * searched page follows `choosePostgresPagePlan` (see `findPostgresPageIds`); without
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
    if (postgres && page.count && conditions.some((c) => c.search)) {
      const ids = await findPostgresPageIds(db, conditions, sort, page.limit + 1, page.after, page.count.total);
      if (ids.length === 0) return [];
      return query.where('p.id', 'in', ids).orderBy(key, direction).orderBy('p.id', direction).execute();
    }
    const access: Access = postgres || !page.count ? 'filters' : choosePagePlan(page.limit, page.count);
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
 * PostgreSQL: the ids of one page (`size` rows after `after`, in `sort` order) of the
 * products meeting `conditions`, a search among them, `total` of them. The plan comes
 * from `choosePostgresPagePlan`: walk the sort order's index, reading at most `budget`
 * products, each checked against the conditions, and gather if the walk falls short;
 * or gather every match (bitmap scans of the trigram index) and sort them.
 */
async function findPostgresPageIds(
  db: Db,
  conditions: ProductConditions[],
  sort: ProductSort,
  size: number,
  after: Keyset | undefined,
  total: number,
): Promise<number[]> {
  const { key, direction } = productSortKeys[sort];
  const where = whereAll(true, conditions);
  const plan = choosePostgresPagePlan(size, total, await estimateProductRows(db));
  if (plan.access === 'walk') {
    // A window of the list, capped at `budget` products, in the list's order, with the
    // sort key as a column: ordering the outer query by that column lets PostgreSQL keep
    // the window's order and stop at `size` matches (ordering by `lower(p.name)` again
    // would make it sort the whole window first).
    const window = db
      .selectFrom('products as p')
      .selectAll('p')
      .select(sql<string | number>`${key}`.as('sortKey'))
      .$if(after !== undefined, (qb) => qb.where(afterKeyset(key, eb.ref('p.id'), direction, after as Keyset)))
      .orderBy(key, direction)
      .orderBy('p.id', direction)
      .limit(plan.budget);
    const rows = await db
      .selectFrom(window.as('p'))
      .select('p.id')
      // The window has every column of products, under the table's alias.
      .$if(where !== undefined, (qb) => qb.where(where as Expression<SqlBool>))
      .orderBy('p.sortKey', direction)
      .orderBy('p.id', direction)
      .limit(size)
      .execute();
    if (rows.length === size) return rows.map((row) => row.id);
  }
  // MATERIALIZED: computed apart, so PostgreSQL cannot turn the sort and limit back into a walk.
  const rows = await db
    .with(
      (cte) => cte('matches').materialized(),
      () =>
        db
          .selectFrom('products as p')
          .select(['p.id', sql<string | number>`${key}`.as('sortKey')])
          .$if(where !== undefined, (qb) => qb.where(where as Expression<SqlBool>))
          .$if(after !== undefined, (qb) => qb.where(afterKeyset(key, eb.ref('p.id'), direction, after as Keyset))),
    )
    .selectFrom('matches')
    .select('matches.id')
    .orderBy('matches.sortKey', direction)
    .orderBy('matches.id', direction)
    .limit(size)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * PostgreSQL: products in the table, from the planner's statistics (kept by ANALYZE and
 * autovacuum; only the plan depends on it, never the answer), or counted when the table
 * was never analysed.
 */
async function estimateProductRows(db: Db): Promise<number> {
  const result = await sql<{ rows: number }>`
    select reltuples::float8 as rows from pg_class where oid = to_regclass('products')`.execute(db);
  const rows = Number(result.rows[0]?.rows ?? -1);
  return rows > 0 ? rows : countWhere(db, undefined);
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
      count(eb('p.approvalStatus', '=', 'pending')).as('pending'),
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
    pendingApprovalCount: Number(row.pending),
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
