import { LRUCache } from 'lru-cache';
import type { Keyset, ListBounds, ListPieces } from './lists.js';

/**
 * How the store's big lists are searched: products (decisions 0010 to 0034) and orders
 * (decisions 0016, 0027, 0035), each measured at a million rows (docs/performance.md).
 * This is the planned tier of the two (decision 0119); every other list is searched
 * by one predicate its own query carries (`anyContains` in `search-text.ts`: customers,
 * contacts, payouts, vendors, a vendor's orders), paged by `listOrPage` alone.
 * Neither database finds a searched, filtered page of such a list cheaply on its own:
 * SQLite's planner knows nothing of how many rows a search or a filter matches, and
 * PostgreSQL's estimate of a trigram search can be several times off. So every such
 * list is searched in two steps, through one interface (`ListSearch`, decision 0085):
 *
 * 1. `count`: how many rows meet the list's conditions, exact up to a bound (decision
 *    0027), and what counting them taught (how many the search matches, how many the
 *    filters keep, how the rows were read): the plan its pages are found by. A count
 *    that reads every match may find the page on the way (`pageIds`, decision 0032).
 * 2. `page`: the rows of one page, found as the plan says (walk the sort order within
 *    a budget, gather the matches and sort them, read a filter's index…); `all`: the
 *    rows of the unpaged list.
 *
 * Each list implements it once per database, beside its plan choosers:
 * - products: `features/products/search/sqlite.ts` and `postgres.ts` (what both share,
 *   the conditions and the sort orders, in `shared.ts`; SQLite's choosers in `plan.ts`),
 *   picked by `product-search.ts`, which also keeps a count for the list's next pages
 *   (`kept-counts.ts`, decision 0034);
 * - orders: `features/orders/search/sqlite.ts` and `postgres.ts` (shared parts in
 *   `shared.ts`, SQLite's choosers in `plan.ts`), picked by `order-search.ts`.
 *
 * The service hands the search to `listOrPage` (`searchedListPieces`); the rows a page
 * is come back as a query of the list's table (`Rows`), from which the repository
 * selects its columns and joins, so it stays plain SQL. The choosers are pure
 * functions with unit tests (`plan.test.ts`); what each plan answers is held to the
 * list's meaning over HTTP (products.test.ts, orders.search.test.ts).
 */

/** A page a search is asked for: `size` rows (the page's limit plus one, which tells whether another follows) after `after`, in list order. */
export interface PageRequest {
  size: number;
  after: Keyset | undefined;
}

/**
 * What a search's count answers: the list's `total` and, in the rest (`Plan`), what
 * this database's search learnt for finding the list's pages, which only its own
 * `page` reads.
 */
export type Counted<Plan extends object> = Plan & {
  /** Rows meeting the list's conditions, exact up to the bound counted to, `bound + 1` for any more. */
  total: number;
  /**
   * The ids of the page asked for with the count (up to its `size`), when the count read
   * every match and so found them on the way (decision 0032).
   */
  pageIds?: number[];
};

/**
 * How one list is searched on one database (see the top of this file). `Query` is the
 * list's conditions and order as its service states them; `Plan` what the count
 * answers beside the total; `Rows` a query of the rows an answer holds (no columns
 * selected yet), from which the repository reads them.
 */
export interface ListSearch<Query, Plan extends object, Rows> {
  /**
   * How many rows meet `query`, exact up to `bound` and `bound + 1` for any more
   * (decision 0027), with the plan of its pages. With `page`, the page about to be
   * asked for: the plan is made for it, and a count that reads every match finds it.
   */
  count(query: Query, bound: number, page?: PageRequest): Promise<Counted<Plan>>;
  /**
   * The rows of `page` (`page.size` at most, after `page.after`, in list order) found as
   * `counted` (this search's count of the same query) planned; undefined when none can
   * match, without a statement.
   */
  page(query: Query, counted: Counted<Plan>, page: PageRequest): Promise<Rows | undefined>;
  /** Every row meeting `query` after `after` (all of them without it), for the unpaged list `counted` bounded. */
  all(query: Query, counted: Counted<Plan>, after: Keyset | undefined): Rows;
}

/**
 * The pieces of `listOrPage` that a searched list's `search` answers for `query`: the
 * count first (bounded, decision 0027), then the page from its plan; `rowsOf` reads the
 * rows a page or the unpaged list is (the repository's columns and joins).
 */
export function searchedListPieces<Query, Plan extends object, Rows, Row>(
  search: ListSearch<Query, Plan, Rows>,
  query: Query,
  rowsOf: (rows: Rows) => Promise<Row[]>,
): Pick<
  ListPieces<Row, unknown, Counted<Plan>>,
  'count' | 'countFirst' | 'boundedCount' | 'totalOf' | 'fetchPage' | 'fetchAll'
> {
  return {
    // The count first: it plans the page.
    countFirst: true,
    boundedCount: true,
    count: (bound, page) => search.count(query, bound, page && { size: page.limit + 1, after: page.after }),
    totalOf: (counted) => counted.total,
    fetchPage: async ({ limit, after, count }) => {
      // `countFirst` hands every page its count.
      if (!count) throw new Error('A searched list finds a page from its count');
      const rows = await search.page(query, count, { size: limit + 1, after });
      return rows === undefined ? [] : rowsOf(rows);
    },
    fetchAll: (after, count) => rowsOf(search.all(query, count, after)),
  };
}

/**
 * A kind of state a list's search keeps between requests, in a least-recently-used
 * cache per app (`ListContext.cache`): its `lru-cache` options (`max`, `ttl`…). Declared
 * once by the module that uses it; `V` is what its entries hold.
 */
export class ListCache<V extends {}> {
  constructor(readonly options: LRUCache.Options<string, V, unknown>) {}
}

/**
 * What an app's lists are answered with (decision 0085): its bounds (`ListBounds`, from
 * its configuration) and the state its searches keep between requests (`ListCache`:
 * the product list's kept counts and planning counts). `buildApp` makes one for each
 * app (`app.lists`) and its routes hand it to the services, so two apps in one process,
 * or two test files sharing modules, never share either. An app has one database, so
 * what it keeps is that database's.
 */
export interface ListContext extends ListBounds {
  /** This app's cache of `kind`, made on first use. */
  cache<V extends {}>(kind: ListCache<V>): LRUCache<string, V>;
}

/** A new app's `ListContext`, with its configured `bounds` and no kept state yet. */
export function createListContext(bounds: ListBounds): ListContext {
  // By kind: each kind its own cache, made with its own options.
  const caches = new Map<object, LRUCache<string, NonNullable<unknown>>>();
  return {
    unpagedLimit: bounds.unpagedLimit,
    countBound: bounds.countBound,
    cache<V extends {}>(kind: ListCache<V>) {
      let cache = caches.get(kind);
      if (!cache) {
        cache = new LRUCache<string, V>(kind.options) as unknown as LRUCache<string, NonNullable<unknown>>;
        caches.set(kind, cache);
      }
      // Made above from `kind`'s own options, so its entries are `V`s.
      return cache as unknown as LRUCache<string, V>;
    },
  };
}
