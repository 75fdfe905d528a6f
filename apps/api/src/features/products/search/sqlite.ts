import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import type { Counted, ListSearch, PageRequest } from '../../../platform/db/list-search.js';
import { afterKeyset, type Keyset } from '../../../platform/db/lists.js';
import { ftsPhrase, likeContains, usesTrigrams } from '../../../platform/db/search-text.js';
import {
  eb,
  type ProductConditions,
  type ProductFilters,
  type ProductSort,
  productSortKeys,
  searchesOf,
  whereConditions,
  withoutSearch,
} from '../product-list.js';
import { allProducts, type ProductRows, productsWithIds } from '../products.repository.js';
import {
  type CountDriver,
  chooseCountDriver,
  choosePagePlan,
  firstMatchesMayCount,
  GATHER_ONCE_BOUNDS,
  gathersOnce,
  gathersOnceFirst,
  type PagePlan,
  recountBound,
  type SqliteCounts,
  scanPageUpTo,
} from './plan.js';
import { type PlanningCounts, plannedCount } from './planning-counts.js';
import {
  type Access,
  countWhere,
  countWhereUpTo,
  findWalkIds,
  type ProductPageRequest,
  type ProductQuery,
  plainPage,
} from './shared.js';

/**
 * The product list's search on SQLite (`ListSearch`, decision 0085; docs/decisions/0010,
 * 0011, 0027, 0032, 0034): SQLite's planner has no statistics on how many products a
 * search or a filter matches, so the list counts first, each count stopping past the
 * bound, and `plan.ts` chooses from those counts how to count and how to find the page;
 * this file writes the SQL of each choice. The search is the FTS5 trigram index
 * `products_search` (migration 2026_11_21_1700_add_product_search) for 3+ characters,
 * LIKE for shorter texts; `product_list_keys` (migration 2026_11_26_0900) holds each
 * product's filter and sort columns, far narrower than its row.
 */

/** What SQLite's count of a product list answers beside its total: the counts its page is planned from. */
export type SqliteProductPlan = Omit<SqliteCounts, 'total'> & { bound: number; rows: number };

type SqliteProductCount = Counted<SqliteProductPlan>;

/** The product list's search on SQLite, its planning counts kept in `planning` (`planning-counts.ts`). */
export function sqliteProductSearch(
  db: Db,
  planning: PlanningCounts,
): ListSearch<ProductQuery, SqliteProductPlan, ProductRows> {
  return {
    count: (query, bound, page) =>
      countSqliteProducts(db, planning, query.conditions, bound, page && { ...page, sort: query.sort }),
    page: (query, counted, page) => findSqlitePage(db, query, counted, page),
    all: (query) => {
      const where = sqliteWhere(query.conditions);
      return where ? allProducts(db).where(where) : allProducts(db);
    },
  };
}

/** Printable ASCII only. */
const ASCII = /^[\x20-\x7e]*$/;

/**
 * SQLite: name, SKU or brand contains `text`, in any case (spec section 5): the FTS5
 * trigram index (`products_search`) for 3+ characters, and LIKE for shorter text (a
 * scan: trigram indexes need 3 characters), written so that SQLite follows `access`.
 */
function sqliteSearchPredicate(text: string, access: Access): Expression<SqlBool> {
  // A walk (of a covering index) or a scan checks rows it reads anyway: LIKE on each
  // costs a fraction of a microsecond, where the FTS5 form first gathers every match
  // (25 ms for "unknown" on 100,000 products).
  // For ASCII text both match the same rows (FTS5 also folds non-ASCII case, which
  // LIKE does not, hence the restriction; only exotic letters whose lower case is
  // ASCII, such as the Kelvin sign, could tell them apart).
  const likeOnRows = (access === 'walk' || access === 'scan') && ASCII.test(text);
  if (!usesTrigrams(text) || likeOnRows) {
    return eb.or([
      likeContains(false, eb.ref('p.name'), text),
      likeContains(false, eb.ref('p.sku'), text),
      likeContains(false, eb.ref('p.brand'), text),
    ]);
  }
  // `+id`: SQLite's documented way of keeping an index from serving a term
  // (https://sqlite.org/optoverview.html#disqualifying_where_clause_terms_using_unary_).
  const id = access === 'filters' ? eb.ref('p.id') : sql`+${eb.ref('p.id')}`;
  return sql<SqlBool>`${id} in (select rowid from products_search where products_search match ${ftsPhrase(text)})`;
}

/**
 * All the conditions as one predicate, or undefined when there are none, written so
 * that SQLite follows `access` (`Access`): a walk keeps the status, approval and stock
 * terms off their indexes with unary `+`.
 */
function sqliteWhere(all: ProductConditions[], access: Access = 'filters') {
  return whereConditions(all, {
    search: (text) => sqliteSearchPredicate(text, access),
    unindexed: access === 'walk',
  });
}

/**
 * SQLite: the products of one page (`page.size` after `page.after`, in `query.sort`
 * order) of the list `counted` counted: the page the count found on the way, or the
 * plan `sqlitePagePlan` picks from the counts: walk the sort index (within a budget
 * when another plan is known, then that plan), gather the search's matches, or read the
 * filtered rows. Undefined when none match.
 */
async function findSqlitePage(
  db: Db,
  query: ProductQuery,
  counted: SqliteProductCount,
  page: PageRequest,
): Promise<ProductRows | undefined> {
  const { conditions, sort } = query;
  if (counted.total === 0) return undefined;
  // The count read every match and found the page on the way.
  if (counted.pageIds) return productsWithIds(db, counted.pageIds);
  const plan = await sqlitePagePlan(db, conditions, page.size - 1, counted);
  let access = plan.access;
  if (access === 'walk' && plan.walkBudget !== undefined && plan.fallback) {
    // A walk with a budget: when it falls short, the next best plan finds the page.
    const where = sqliteWhere(conditions, 'walk');
    const walked = await findWalkIds(db, where, 'fields', sort, page.size, page.after, plan.walkBudget);
    if (walked.length === page.size) return productsWithIds(db, walked);
    access = plan.fallback;
  }
  const searches = searchesOf(conditions);
  const [ftsSearch] = searches;
  if (access === 'filters' && searches.length === 1 && ftsSearch && usesTrigrams(ftsSearch)) {
    return productsWithIds(db, await findSqliteGatherIds(db, conditions, ftsSearch, sort, page.size, page.after));
  }
  return plainPage(db, sqliteWhere(conditions, access), sort, page);
}

/**
 * SQLite: how many products meet all `conditions` (the list's `total`), exact up to
 * `bound` and `bound + 1` for any more, with what it needs to plan the page
 * (`plan.ts`). A search of 3+ characters is first counted alone in its FTS5 index (up
 * to the bound, or `GATHER_ONCE_BOUNDS` bounds when a page is asked for; with no
 * filter, `countUnfilteredSearch`, as far as `recountBound` for a page); with
 * filters, the side with fewer rows drives the bounded count of both
 * (`chooseCountDriver`), the filters' rows coming from a planning estimate
 * (`planning-counts.ts`). With `page` (decision 0032), a count that reads every
 * matching product finds the page on the way, and the answer carries its ids
 * (`pageIds`): a search with few enough matches is read once (`gathersOnce`,
 * `findSqliteCountAndPage`, which also counts the first matches meeting the filters
 * when they may hold the count: `firstMatchesMayCount`),
 * and a scan of the filters' index that finds few enough products to sort keeps them
 * (`countScanAndPage`, `scanPageUpTo`).
 */
async function countSqliteProducts(
  db: Db,
  planning: PlanningCounts,
  conditions: ProductConditions[],
  bound: number,
  page?: ProductPageRequest,
): Promise<SqliteProductCount> {
  // The table's size only steers plans: kept ten minutes like the filters' counts.
  const rows = await plannedCount(planning, 'rows', () => countWhere(db, undefined));
  const searches = searchesOf(conditions);
  const [search] = searches;
  if (searches.length !== 1 || search === undefined || !usesTrigrams(search)) {
    const where = sqliteWhere(conditions);
    const total = await countWhereUpTo(db, where, bound);
    // A LIKE search reads the whole table whatever the filters.
    return { total, bound, rows, ...(searches.length > 0 && { matches: rows, matchesBound: rows }) };
  }
  const others = withoutSearch(conditions);
  const filters = sqliteWhere(others);
  if (filters === undefined) return countUnfilteredSearch(db, search, bound, rows, page);
  const filtered = await plannedCount(planning, JSON.stringify(others), () => countWhere(db, filters));
  const cap = GATHER_ONCE_BOUNDS * bound;
  let matches: number;
  let matchesBound = page ? cap : bound;
  if (page && gathersOnceFirst(bound, filtered)) {
    const mayCount = firstMatchesMayCount(bound, cap + 1, filtered, rows);
    const once = await findSqliteCountAndPage(db, search, others, page, cap, mayCount ? bound : undefined);
    if (once.matches <= cap) {
      const total = Math.min(once.total, bound + 1);
      return { total, bound, rows, matches: once.matches, matchesBound, filtered, pageIds: once.ids };
    }
    matches = once.matches;
    // The first matches already hold more than the bound meeting the filters: counted.
    if (once.qualifying > bound) return { total: bound + 1, bound, rows, matches, matchesBound, filtered };
  } else {
    matches = await countSearchMatches(db, search, matchesBound);
  }
  if (matches === 0) return { total: 0, bound, rows, matches, matchesBound };

  let choice = chooseCountDriver(bound, rows, matches, matchesBound, filtered);
  if (typeof choice === 'object') {
    matchesBound = choice.needsMatchesUpTo;
    matches = await countSearchMatches(db, search, matchesBound);
    choice = chooseCountDriver(bound, rows, matches, matchesBound, filtered);
  }
  const driver: CountDriver = typeof choice === 'object' ? 'scan' : choice;
  if (page && gathersOnce(bound, matches, matchesBound, driver)) {
    const once = await findSqliteCountAndPage(db, search, others, page, cap, undefined);
    return { total: Math.min(once.total, bound + 1), bound, rows, matches, matchesBound, filtered, pageIds: once.ids };
  }
  if (page && driver === 'scan') {
    const byTime = page.sort === 'newest' || page.sort === 'oldest';
    const pageUpTo = Math.min(bound, scanPageUpTo(page.size, rows, byTime));
    const scanned = await countScanAndPage(db, sqliteWhere(conditions, 'scan'), bound, page, pageUpTo);
    return { total: scanned.total, bound, rows, matches, matchesBound, filtered, ...scanned.found };
  }
  // Gathering the matches to look each up reads what streaming them reads: stream both.
  const total =
    driver === 'stream' || driver === 'search'
      ? await countStreamingMatches(db, search, sqliteWhere(others, 'walk'), bound)
      : await countWhereUpTo(db, sqliteWhere(conditions, driver), bound);
  return { total, bound, rows, matches, matchesBound, filtered };
}

/**
 * SQLite: a search with no other condition (an admin's list with no filter), whose
 * matches are the list: they are counted in the FTS5 index alone, up to the bound or,
 * with a `page`, as far as `recountBound` (the page's plan asks for that count when a
 * bounded one cannot choose); when they number at most `GATHER_ONCE_BOUNDS` bounds the
 * page is gathered from them at once (`pageIds`, decisions 0032 and 0034). Counting
 * them looks no match up: "flora" (12,048 matches of 1,000,000 products) took 16 ms as
 * one statement that counted its matches through `product_list_keys`, and 8 ms so.
 */
async function countUnfilteredSearch(
  db: Db,
  search: string,
  bound: number,
  rows: number,
  page: ProductPageRequest | undefined,
): Promise<SqliteProductCount> {
  const matchesBound = page ? recountBound(rows, bound) : bound;
  const matches = await countSearchMatches(db, search, matchesBound);
  const counted: SqliteProductCount = { total: Math.min(matches, bound + 1), bound, rows, matches, matchesBound };
  if (!page || matches === 0 || !gathersOnce(bound, matches, matchesBound, 'stream')) return counted;
  return { ...counted, pageIds: await findSqliteGatherIds(db, [], search, page.sort, page.size, page.after) };
}

/**
 * SQLite: the products meeting `where` (written for access `scan`: the filters'
 * covering index, each entry checked with LIKE), counted up to `bound + 1`
 * (`total`); when they are at most `pageUpTo` (at most `bound`: `scanPageUpTo`), the
 * scan that counted them also gives the page (`found.pageIds`: `page.size` ids at
 * most, after `page.after`, in `page.sort` order), each product given its sort key in
 * `product_list_keys`, instead of the page scanning the filters' rows a second time
 * (15 ms for 33,000 inactive products of 1,000,000). More than that, a walk of the sort
 * order is expected to find the page for less than their look-ups.
 */
async function countScanAndPage(
  db: Db,
  where: Expression<SqlBool> | undefined,
  bound: number,
  page: ProductPageRequest,
  pageUpTo: number,
): Promise<{ total: number; found?: { pageIds: number[] } }> {
  const { key, direction } = productSortKeys[page.sort];
  const from = page.after ? afterKeyset(key, eb.ref('p.id'), direction, page.after) : undefined;
  const order = sql.raw(direction);
  const result = await sql<{ total: number; ids: string }>`
    with m as materialized (select p.id as id from products as p where ${where ?? sql`1`} limit ${bound + 1})
    select
      (select count(*) from m) as total,
      (select json_group_array(id) from (
        select p.id as id from m cross join product_list_keys as p on p.id = m.id
        where (select count(*) from m) <= ${pageUpTo} and ${from ?? sql`1`}
        order by ${key} ${order}, p.id ${order} limit ${page.size})) as ids`.execute(db);
  const total = Number(result.rows[0]?.total ?? 0);
  const ids = result.rows[0]?.ids;
  return total <= pageUpTo && ids !== undefined
    ? { total, found: { pageIds: JSON.parse(ids) as number[] } }
    : { total };
}

/** SQLite: products whose name, SKU or brand contains `text` (3+ characters), from the FTS5 index alone, up to `bound` (`bound + 1` for more). */
async function countSearchMatches(db: Db, text: string, bound: number): Promise<number> {
  const result = await sql<{ count: number }>`
    select count(*) as count from (
      select rowid from products_search where products_search match ${ftsPhrase(text)} limit ${bound + 1})`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * SQLite: products matching `text` and `filters`, read as the FTS5 index yields the
 * matches (CROSS JOIN keeps that order: no gathering of every match first), each looked
 * up by id in `product_list_keys` (the list's filter and sort columns only, far
 * narrower than a row: migration 2026_11_26_0900) and checked against the filters,
 * stopping at `bound + 1`.
 */
async function countStreamingMatches(
  db: Db,
  text: string,
  filters: Expression<SqlBool> | undefined,
  bound: number,
): Promise<number> {
  const result = await sql<{ count: number }>`
    select count(*) as count from (
      select 1 from products_search cross join product_list_keys as p on p.id = products_search.rowid
      where products_search match ${ftsPhrase(text)} and ${filters ?? sql`1`}
      limit ${bound + 1})`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * SQLite: the matches of `search` (3+ characters) in the FTS5 index, counted up to
 * `cap + 1` (`matches`); when they are at most `cap`, every one of them meeting
 * `others`, each checked and given its sort key in `product_list_keys` (migration
 * 2026_11_26_0900) and kept in a materialized set, from which come how many they are
 * (`total`, exact) and the ids of `page` (`page.size` at most, after `page.after`, in
 * `page.sort` order): one statement, one read of the FTS5 index (`gathersOnce`). Past
 * `cap`, `total` is 0 and `ids` empty, and, with a `bound`, `qualifying` is how many
 * of the first `cap + 1` matches meet `others`, counted up to `bound + 1`: past
 * `bound`, that is the list's bounded count, with no second read of the index (without
 * a `bound`, 0: `firstMatchesMayCount`).
 */
async function findSqliteCountAndPage(
  db: Db,
  search: string,
  others: ProductFilters[],
  page: ProductPageRequest,
  cap: number,
  bound: number | undefined,
): Promise<{ matches: number; total: number; ids: number[]; qualifying: number }> {
  const { key, direction } = productSortKeys[page.sort];
  const filters = sqliteWhere(others, 'walk') ?? sql<SqlBool>`1`;
  const from = page.after ? afterKeyset(sql.raw('m.sort_key'), sql.raw('m.id'), direction, page.after) : undefined;
  const order = sql.raw(direction);
  const result = await sql<{ matches: number; total: number; ids: string; qualifying: number }>`
    with fts as materialized (
      select rowid as id from products_search where products_search match ${ftsPhrase(search)} limit ${cap + 1}),
    m as materialized (
      select p.id as id, ${key} as sort_key from fts cross join product_list_keys as p on p.id = fts.id
      where (select count(*) from fts) <= ${cap} and ${filters})
    select
      (select count(*) from fts) as matches,
      (select count(*) from m) as total,
      (select json_group_array(id) from (
        select id from m where ${from ?? sql`1`} order by sort_key ${order}, id ${order} limit ${page.size})) as ids,
      ${
        bound === undefined
          ? sql`0`
          : sql`(select count(*) from (
        select 1 from fts cross join product_list_keys as p on p.id = fts.id
        where (select count(*) from fts) > ${cap} and ${filters} limit ${bound + 1}))`
      } as qualifying`.execute(db);
  const row = result.rows[0];
  return {
    matches: Number(row?.matches ?? 0),
    total: Number(row?.total ?? 0),
    ids: row ? (JSON.parse(row.ids) as number[]) : [],
    qualifying: Number(row?.qualifying ?? 0),
  };
}

/**
 * How SQLite finds one page of `limit` rows of the products meeting `conditions`: the
 * plan `choosePagePlan` picks from the list's counts (`count`), counting the search's
 * matches further when it asks.
 */
async function sqlitePagePlan(
  db: Db,
  conditions: ProductConditions[],
  limit: number,
  count: SqliteCounts,
): Promise<PagePlan> {
  const choice = choosePagePlan(limit, count);
  if (!('needsMatchesUpTo' in choice)) return choice;
  const [search, ...others] = searchesOf(conditions);
  // Matches are only ever counted for one FTS5 search (`countSqliteProducts`).
  if (search === undefined || others.length > 0) return { access: 'walk' };
  const matchesBound = choice.needsMatchesUpTo;
  const matches = await countSearchMatches(db, search, matchesBound);
  const recounted = choosePagePlan(limit, { ...count, matches, matchesBound });
  return 'needsMatchesUpTo' in recounted ? { access: 'walk' } : recounted;
}

/**
 * SQLite: the ids of up to `size` products meeting `conditions` (one of them an FTS5
 * search) after `after` in `sort` order, from every match as the FTS5 index yields
 * them, each checked against the other conditions and given its sort key through
 * `product_list_keys` (migration 2026_11_26_0900), then sorted: no product row is read.
 */
async function findSqliteGatherIds(
  db: Db,
  conditions: ProductConditions[],
  search: string,
  sort: ProductSort,
  size: number,
  after: Keyset | undefined,
): Promise<number[]> {
  const { key, direction } = productSortKeys[sort];
  const filters = sqliteWhere(withoutSearch(conditions), 'walk');
  const from = after ? afterKeyset(key, eb.ref('p.id'), direction, after) : undefined;
  const order = sql.raw(direction);
  const result = await sql<{ id: number }>`
    select p.id as id from products_search cross join product_list_keys as p on p.id = products_search.rowid
    where products_search match ${ftsPhrase(search)} and ${filters ?? sql`1`} and ${from ?? sql`1`}
    order by ${key} ${order}, p.id ${order}
    limit ${size}`.execute(db);
  return result.rows.map((row) => row.id);
}
