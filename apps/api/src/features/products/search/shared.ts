import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import type { PageRequest } from '../../../platform/db/list-search.js';
import { afterKeyset, countUpTo, type Keyset } from '../../../platform/db/lists.js';
import { eb, type ProductConditions, type ProductSort, productSortKeys } from '../product-list.js';
import { allProducts, type ProductRows } from '../products.repository.js';

/**
 * What both databases' product searches share: the query they are asked, how rows are
 * read (`Access`), and the reads both make alike (counts, a walk of the sort order, the
 * plain page). What the list is (its conditions and sort orders) is `../product-list.ts`;
 * the products a page holds are a query of the repository's (`allProducts`). Each
 * database's search (`sqlite.ts`, `postgres.ts`) writes the search predicate and the
 * plan's hints itself.
 */

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
