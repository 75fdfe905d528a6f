import type { ApprovalStatus, ProductStatus, productSorts } from '@haat/contract';
import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import type { PageRequest } from '../../../platform/db/list-search.js';
import { afterKeyset, countUpTo, type Keyset, type SortKeyType } from '../../../platform/db/lists.js';
import type { Database, ProductsTable } from '../../../platform/db/schema.js';

/**
 * What the product list is, on both databases: its conditions, its sort orders and the
 * rows an answer holds (`ProductRows`), and the reads both searches make alike (counts,
 * a walk of the sort order, the plain page). Each database's search (`sqlite.ts`,
 * `postgres.ts`) writes the search predicate and the plan's hints itself.
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

/**
 * How a list's rows are read, which each database's search makes its planner follow:
 * - `filters`: the database's own choice: indexes serve the filters (SQLite gathers a
 *   search's matches first and looks each up in the table; PostgreSQL reads a search
 *   through its trigram index);
 * - `scan`: the search is kept off the indexes: the filters' (covering) index is read
 *   and each entry checked with LIKE (on SQLite, a non-ASCII text is checked against
 *   the search's matches, gathered into a set);
 * - `walk` (SQLite): filters and search are kept off the indexes: SQLite walks the
 *   sort order's (covering) index, checking each entry, and stops after one page.
 */
export type Access = 'filters' | 'scan' | 'walk';

/** Conditions without a search: a caller's scope (`scopeOf`), which the list footer's counts read. */
export type ProductFilters = Omit<ProductConditions, 'search'>;

/**
 * A product list as its service asks the search (`ListSearch`): all `conditions` hold,
 * in `sort` order; `catalogVersion` is the catalog's version read before the list
 * (decision 0034: a page after the first reuses its list's count while it is current).
 */
export interface ProductQuery {
  conditions: ProductConditions[];
  sort: ProductSort;
  catalogVersion: string;
}

/** A page a count is asked to find on the way, when it can: `size` ids after `after`, in `sort` order. */
export type ProductPageRequest = PageRequest & { sort: ProductSort };

/** The products an answer holds, as a query of `products as p` (no columns yet): the repository reads them. */
export type ProductRows = ReturnType<typeof allProducts>;

/** Every product, as a query of `products as p`. */
export function allProducts(db: Db) {
  return db.selectFrom('products as p');
}

/** The products with these ids (a page found by id), or undefined for none. */
export function productsWithIds(db: Db, ids: number[]): ProductRows | undefined {
  return ids.length === 0 ? undefined : allProducts(db).where('p.id', 'in', ids);
}

/** Builds the list's expressions over `products as p`. */
export const eb = expressionBuilder<Database & { p: ProductsTable }, 'p'>();

/** Awaiting approval, or carrying a pending revision (`ProductConditions.awaitingReview`). */
export function awaitingReviewPredicate(): Expression<SqlBool> {
  return eb.or([
    eb('p.approvalStatus', '=', 'pending'),
    eb('p.id', 'in', eb.selectFrom('productRevisions').select('productId').where('status', '=', 'pending')),
  ]);
}

/**
 * All the conditions as one predicate, or undefined when there are none. Each
 * database's search writes a search as `search` answers it, and SQLite keeps the
 * status, approval and stock terms off their indexes with `unindexed` (unary `+`) to
 * make its planner walk the sort order (`sqlite.ts`).
 */
export function whereConditions(
  all: ProductConditions[],
  options: { search?: (text: string) => Expression<SqlBool>; unindexed?: boolean } = {},
): Expression<SqlBool> | undefined {
  const hint = <T>(ref: Expression<T>) => (options.unindexed ? sql<T>`+${ref}` : ref);
  const parts: Array<Expression<SqlBool>> = [];
  for (const c of all) {
    if (c.status) parts.push(eb(hint(eb.ref('p.status')), '=', c.status));
    if (c.approval) parts.push(eb(hint(eb.ref('p.approvalStatus')), '=', c.approval));
    if (c.stock === 'in-stock') parts.push(eb(hint(eb.ref('p.stockQuantity')), '>', 0));
    if (c.stock === 'out-of-stock') parts.push(eb(hint(eb.ref('p.stockQuantity')), '=', 0));
    if (c.categoryId !== undefined) parts.push(eb('p.categoryId', '=', c.categoryId));
    if (c.vendor === 'admin') parts.push(eb('p.vendorId', 'is', null));
    else if (c.vendor !== undefined) parts.push(eb('p.vendorId', '=', c.vendor));
    if (c.awaitingReview) parts.push(awaitingReviewPredicate());
    if (c.search) {
      // A search reaches here only through a database's search, which writes it.
      if (!options.search) throw new Error('A product search is written by its database');
      parts.push(options.search(c.search));
    }
  }
  // No `1 = 1` for no conditions: it would stop SQLite counting a table from its page headers.
  return parts.length > 0 ? eb.and(parts) : undefined;
}

/** The searches among `all` (the list applies one at most from the screen, none from a scope). */
export const searchesOf = (all: ProductConditions[]) => all.flatMap((c) => (c.search ? [c.search] : []));

/** `all` without their search: the filters a searched list's matches are checked against. */
export const withoutSearch = (all: ProductConditions[]): ProductFilters[] => all.map(({ search: _, ...rest }) => rest);

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
 * The page of the products meeting `where` as each database's planner finds it alone:
 * their ids in `sort` order, `page.size` at most after `page.after`, as a subquery of
 * the rows' own statement. Filter, sort and limit touch only the columns the indexes
 * hold, and the joins then run for the page's rows only: joining first would join
 * every matching row before the sort could discard them (12 ms against 5 ms for a
 * search matching 4,000 of 100,000).
 */
export function plainPage(
  db: Db,
  where: Expression<SqlBool> | undefined,
  sort: ProductSort,
  page: PageRequest,
): ProductRows {
  const { key, direction } = productSortKeys[sort];
  let ids = db.selectFrom('products as p').select('p.id');
  if (where) ids = ids.where(where);
  if (page.after) ids = ids.where(afterKeyset(key, eb.ref('p.id'), direction, page.after));
  ids = ids.orderBy(key, direction).orderBy('p.id', direction).limit(page.size);
  return allProducts(db).where('p.id', 'in', ids);
}

/**
 * The ids of up to `size` products meeting `where` after `after` in `sort` order,
 * reading at most `budget` entries of the sort order's index: a window with LIMIT, in
 * the list's order, with the sort key as a column, so ordering the outer query by that
 * column lets the database keep the window's order and stop at `size` matches (ordering
 * by `lower(p.name)` again would make PostgreSQL sort the whole window first). The
 * window's columns are those the sort indexes carry (SQLite: name, SKU and brand,
 * migration 2026_11_24_1600) or INCLUDE (PostgreSQL: `search_text` for them, migration
 * 2026_11_25_0900), as `searchColumns` says; `where` reads only those and the filters'
 * columns, so no product row is read. Fewer than `size` ids means the list ended or
 * the budget ran out: the caller then finds the page another way.
 */
export async function findWalkIds(
  db: Db,
  where: Expression<SqlBool> | undefined,
  searchColumns: 'fields' | 'copy',
  sort: ProductSort,
  size: number,
  after: Keyset | undefined,
  budget: number,
): Promise<number[]> {
  const { key, direction } = productSortKeys[sort];
  const window = db
    .selectFrom('products as p')
    .select(['p.id', 'p.status', 'p.approvalStatus', 'p.stockQuantity', 'p.categoryId', 'p.vendorId'])
    .$if(searchColumns === 'copy', (qb) => qb.select(sql<string>`p.search_text`.as('searchText')))
    .$if(searchColumns === 'fields', (qb) => qb.select(['p.name', 'p.sku', 'p.brand']))
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
