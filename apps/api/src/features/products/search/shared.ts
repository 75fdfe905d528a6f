import type { ApprovalStatus, ProductStatus, productSorts } from '@haat/contract';
import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import { TRIGRAM } from '../../../platform/db/dialect.js';
import {
  afterKeyset,
  copyAloneSuffices,
  copyContains,
  countUpTo,
  type Keyset,
  likeContains,
  type SortKeyType,
} from '../../../platform/db/lists.js';
import type { Database, ProductsTable } from '../../../platform/db/schema.js';
import type { Access } from './plan.js';

/**
 * The product list's conditions and orders as SQL, for both databases: the search
 * predicate per database (FTS5 or LIKE on SQLite, ILIKE over pg_trgm on PostgreSQL)
 * and, on SQLite, the hints that make it follow the plan `plan.ts` chose.
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
  /**
   * The pending queue (issue 12): awaiting approval, or approved with a vendor's
   * change waiting in a pending revision (decision 0044).
   */
  awaitingReview?: boolean;
}

/** Awaiting approval, or carrying a pending revision (`ProductConditions.awaitingReview`). */
export function awaitingReviewPredicate(): Expression<SqlBool> {
  return eb.or([
    eb('p.approvalStatus', '=', 'pending'),
    eb('p.id', 'in', eb.selectFrom('productRevisions').select('productId').where('status', '=', 'pending')),
  ]);
}

/** Builds the list's expressions over `products as p`. */
export const eb = expressionBuilder<Database & { p: ProductsTable }, 'p'>();

/**
 * SQLite only: `+column` is SQLite's documented way of keeping an index from serving a
 * term (https://sqlite.org/optoverview.html#disqualifying_where_clause_terms_using_unary_),
 * used to make it follow the plan `plan.ts` chose (`Access`).
 */
export function unindexed<T>(ref: Expression<T>, yes: boolean): Expression<T> {
  return yes ? sql<T>`+${ref}` : ref;
}

/** True when SQLite answers this search from the FTS5 trigram index. */
export const usesFts = (postgres: boolean, text: string) => !postgres && [...text].length >= TRIGRAM;

/** Printable ASCII only. */
const ASCII = /^[\x20-\x7e]*$/;

/** FTS5 query for `text` as one substring: a quoted phrase, its quotes doubled. */
export const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * PostgreSQL: name, SKU or brand contains `text`, any case (spec section 5): LIKE on
 * `search_text`, their stored lower-cased copy, served by its pg_trgm GIN index
 * (`copyContains`, decision 0029). With `unindexed`, written so that the trigram index
 * cannot serve it (`search_text || ''`): PostgreSQL then reads a filter's covering
 * index and checks each entry (access `scan`). Reads `p.search_text`: the table or a
 * window of it aliased `p`.
 */
export function postgresSearchPredicate(text: string, unindexed = false): Expression<SqlBool> {
  const copy = unindexed ? sql`(p.search_text || '')` : sql`p.search_text`;
  return copyContains(copy, [eb.ref('p.name'), eb.ref('p.sku'), eb.ref('p.brand')], text);
}

/**
 * The search predicate, per database. PostgreSQL: `postgresSearchPredicate` (LIKE on
 * the lower-cased `search_text`, served by a pg_trgm GIN index). SQLite: the FTS5
 * trigram index (`products_search`) for 3+ characters, and LIKE for shorter text (a
 * scan: trigram indexes need 3 characters). See migrations
 * 2026_11_21_1700_add_product_search and 2026_11_25_0900_add_product_search_text.
 */
export function searchPredicate(postgres: boolean, text: string, access: Access): Expression<SqlBool> {
  if (postgres) return postgresSearchPredicate(text, access === 'scan');
  // A walk (of a covering index) or a scan checks rows it reads anyway: LIKE on each
  // costs a fraction of a microsecond, where the FTS5 form first gathers every match
  // (25 ms for "unknown" on 100,000 products).
  // For ASCII text both match the same rows (FTS5 also folds non-ASCII case, which
  // LIKE does not, hence the restriction; only exotic letters whose lower case is
  // ASCII, such as the Kelvin sign, could tell them apart).
  const likeOnRows = (access === 'walk' || access === 'scan') && ASCII.test(text);
  if (!usesFts(postgres, text) || likeOnRows) {
    return eb.or([
      likeContains(postgres, eb.ref('p.name'), text),
      likeContains(postgres, eb.ref('p.sku'), text),
      likeContains(postgres, eb.ref('p.brand'), text),
    ]);
  }
  const id = unindexed(eb.ref('p.id'), access !== 'filters');
  return sql<SqlBool>`${id} in (select rowid from products_search where products_search match ${ftsPhrase(text)})`;
}

/**
 * All the conditions as one predicate, or undefined when there are none; on SQLite,
 * written so that SQLite follows `access` (see `Access`).
 */
export function whereAll(postgres: boolean, all: ProductConditions[], access: Access = 'filters') {
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
    if (c.awaitingReview) parts.push(awaitingReviewPredicate());
    if (c.search) parts.push(searchPredicate(postgres, c.search, access));
  }
  // No `1 = 1` for no conditions: it would stop SQLite counting a table from its page headers.
  return parts.length > 0 ? eb.and(parts) : undefined;
}

/** A page a count is asked to find on the way, when it can: `size` ids after `after`, in `sort` order. */
export interface ProductPageRequest {
  sort: ProductSort;
  size: number;
  after: Keyset | undefined;
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

/** `count(*)` of the products meeting `where` (all of them without it). */
export function countQuery(db: Db, where: Expression<SqlBool> | undefined) {
  const query = db.selectFrom('products as p').select((e) => e.fn.countAll<number>().as('count'));
  return where ? query.where(where) : query;
}

/**
 * How many products meet `where` (all of them without it), exact up to `bound` and
 * `bound + 1` for any more (decision 0027: `countUpTo`).
 */
export function countWhereUpTo(db: Db, where: Expression<SqlBool> | undefined, bound: number): Promise<number> {
  const rows = db.selectFrom('products as p').select(sql<number>`1`.as('one'));
  return countUpTo(db, where ? rows.where(where) : rows, bound);
}

/** How many products meet `where` (all of them without it). */
export async function countWhere(db: Db, where: Expression<SqlBool> | undefined): Promise<number> {
  const row = await countQuery(db, where).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The ids of up to `size` products meeting `conditions` after `after` in `sort` order,
 * reading at most `budget` entries of the sort order's index: a window with LIMIT, in
 * the list's order, with the sort key as a column, so ordering the outer query by that
 * column lets the database keep the window's order and stop at `size` matches (ordering
 * by `lower(p.name)` again would make PostgreSQL sort the whole window first). The
 * window's columns are those the sort indexes carry (SQLite; migration 2026_11_24_1600)
 * or INCLUDE (PostgreSQL, with `search_text` for name, SKU and brand: migration
 * 2026_11_25_0900): no product row is read. Fewer than `size` ids means the list ended
 * or the budget ran out: the caller then finds the page another way. On PostgreSQL a
 * search that `search_text` alone cannot check (`copyAloneSuffices`: the window holds
 * no name, SKU or brand) is not walked: the answer is then no ids.
 */
export async function findWalkIds(
  db: Db,
  postgres: boolean,
  conditions: ProductConditions[],
  sort: ProductSort,
  size: number,
  after: Keyset | undefined,
  budget: number,
): Promise<number[]> {
  if (postgres && conditions.some((c) => c.search !== undefined && !copyAloneSuffices(c.search))) return [];
  const { key, direction } = productSortKeys[sort];
  // `walk` keeps SQLite off the filters' indexes with unary `+`, which PostgreSQL has no use for.
  const where = whereAll(postgres, conditions, postgres ? 'filters' : 'walk');
  const window = db
    .selectFrom('products as p')
    .select(['p.id', 'p.status', 'p.approvalStatus', 'p.stockQuantity', 'p.categoryId', 'p.vendorId'])
    .$if(postgres, (qb) => qb.select(sql<string>`p.search_text`.as('searchText')))
    .$if(!postgres, (qb) => qb.select(['p.name', 'p.sku', 'p.brand']))
    .select(sql<string | number>`${key}`.as('sortKey'))
    .$if(after !== undefined, (qb) => qb.where(afterKeyset(key, eb.ref('p.id'), direction, after as Keyset)))
    .orderBy(key, direction)
    .orderBy('p.id', direction)
    .limit(budget);
  const rows = await db
    .selectFrom(window.as('p'))
    .select('p.id')
    // The window has every column the conditions read, under the table's alias.
    .$if(where !== undefined, (qb) => qb.where(where as Expression<SqlBool>))
    .orderBy('p.sortKey', direction)
    .orderBy('p.id', direction)
    .limit(size)
    .execute();
  return rows.map((row) => row.id);
}
