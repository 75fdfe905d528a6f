import type { Access } from './shared.js';

/**
 * How SQLite should find a product list's rows and count them, chosen from counts the
 * list takes first. SQLite's planner, unlike PostgreSQL's, has no statistics about
 * how many rows a search or a filter matches, and it always prefers an index on a WHERE
 * term over walking the ORDER BY index: on 100,000 products that made a page of
 * `status=active` sorted by name cost 180 ms, and a search matching half the catalog
 * 40 ms to count. This module only decides, without a database; `sqlite.ts` beside it
 * writes the SQL for each choice (see `Access` in `shared.ts`). Figures: docs/performance.md.
 *
 * Totals are counted only up to a bound (decision 0027): a count of `bound + 1` means
 * "more than the bound", and the choices below read it so.
 *
 * Costs are in "table lookups" (one B-tree seek into `products` for a wide row, about
 * 1.8 µs on the 1,000,000-product store with its file memory-mapped), measured there:
 * - an entry of an index covering every column the filters and the search read
 *   (migration 2026_11_24_1600), checked with LIKE: ~0.15;
 * - a search match streamed from the FTS5 index and checked against the filters (and,
 *   for a page, sorted) through `product_list_keys` (migration 2026_11_26_0900): ~0.4
 *   (FTS5 phrase matching and a seek by rowid in a narrow table; ~1 through the narrow
 *   by-id index it replaced);
 */

const LOOKUP = 1;
const ENTRY = 0.15;
const STREAMED = 0.4;
/** A match counted in the FTS5 index alone, nothing looked up: ~0.1 (0.08 to 0.17 µs). */
const COUNTED = 0.1;
/** A walked entry: read through a window in the sort order, more columns than a filter's range: ~0.25. */
const WALKED = 0.25;
/**
 * A product's sort key looked up in `product_list_keys` when the products are few and
 * spread over the table, each on a page of its own: ~0.7 (9 ms for 7,206 inactive
 * products matching "cas" of 1,000,000).
 */
const KEYED = 0.7;

/** How far the search's matches are recounted when the first bounded count cannot choose. */
const RECOUNT_BOUNDS = 10;

/**
 * How far a search's matches are counted when a bounded count cannot choose a plan:
 * `RECOUNT_BOUNDS` bounds, or the whole table when it is smaller.
 */
export function recountBound(rows: number, bound: number): number {
  return Math.min(rows, RECOUNT_BOUNDS * bound);
}

/**
 * How a bounded count of a search with filters reads:
 * - `search`, `stream`: the matches as the FTS5 index yields them, each checked against
 *   the filters through the narrow by-id index, stopping at the bound (`search` when the
 *   matches are few enough to read them all);
 * - `scan`: the entries of the filters' covering index, each checked with LIKE, stopping
 *   at the bound.
 */
export type CountDriver = 'search' | 'scan' | 'stream';

/**
 * What SQLite's first counts of a product list found (`sqlite.ts`), from which its page
 * is planned (`choosePagePlan`).
 */
export interface SqliteCounts {
  /** Products meeting all the conditions, counted up to the bound: the list's `total`. */
  total: number;
  /** The bound the counts stopped past (`total > bound` means "more than the bound"). */
  bound?: number;
  /** Products in the table. */
  rows?: number;
  /** Products the search alone matches (FTS5), counted up to `matchesBound`; for a LIKE search, the table. */
  matches?: number;
  /** How far `matches` was counted: past it, `matches` is a lower bound. */
  matchesBound?: number;
  /** Products meeting the conditions other than the search (a planning estimate, kept by `planning-counts.ts`). */
  filtered?: number;
}

/**
 * How to count a search combined with filters, up to `bound`: read the matches as they
 * stream (each checked through the narrow by-id index) or the filters' covering index
 * (each entry checked with LIKE), whichever reads less to find `bound + 1` rows or the
 * end. `matches` is the search's matches counted up to `matchesBound` (exact when not
 * past it: else a lower bound); `filtered` of `rows` is a planning estimate of the
 * filters' rows. The answer may be
 * `{ needsMatchesUpTo }`: count the matches that far and ask again.
 */
export function chooseCountDriver(
  bound: number,
  rows: number,
  matches: number,
  matchesBound: number,
  filtered: number,
): CountDriver | { needsMatchesUpTo: number } {
  const exact = matches <= matchesBound;
  const needed = bound + 1;
  // Rows meeting both are spread evenly, as far as these counts can tell.
  const streamed = exact ? Math.min(matches, (needed * rows) / filtered) : (needed * rows) / filtered;
  const scanned = Math.min(filtered, (needed * rows) / Math.max(1, matches));
  if (scanned * ENTRY <= streamed * STREAMED) return 'scan';
  const recount = recountBound(rows, bound);
  // Counting the matches further could only make a scan look cheaper: worth it only
  // when streaming costs more than that count ("unknow" among active products: 6 ms
  // to stream, 17 ms to count 100,000 matches first).
  const worthRecounting = streamed * STREAMED > (recount - matchesBound) * COUNTED;
  if (!exact && matchesBound < recount && worthRecounting) return { needsMatchesUpTo: recount };
  return exact && matches <= bound ? 'search' : 'stream';
}

/**
 * A search whose matches number at most this many bounds, counted exactly, may be read
 * once for both the list's total and its page (`gathersOnce`).
 */
export const GATHER_ONCE_BOUNDS = 2;

/**
 * Whether to read every match of a search once, for both the total and the page
 * (`findSqliteCountAndPage`), instead of a bounded count and then the page's own read:
 * when the matches are counted exactly (`matches` not past `matchesBound`), at most
 * `GATHER_ONCE_BOUNDS` bounds, and the count would stream them anyway (`driver` is not
 * `scan`, which reads a few filtered rows instead). Streaming them all costs at most
 * about twice what the bounded count streams, and spares the page a walk of the sort
 * order, which falls short where matches bunch in it (a search for "rolle" sorted by
 * name: 40 ms as count, walk and gather; read once, one statement of 8 ms).
 */
export function gathersOnce(bound: number, matches: number, matchesBound: number, driver: CountDriver): boolean {
  return driver !== 'scan' && matches <= matchesBound && matches <= GATHER_ONCE_BOUNDS * bound;
}

/**
 * Whether a search among `filtered` products (undefined: no filters) should try to be
 * read once (`gathersOnce`) before its matches are counted, in one statement that
 * counts them on the way: when reading the filters' index could not cost less than
 * streaming `GATHER_ONCE_BOUNDS` bounds of matches, so no count could choose a scan
 * instead. This spares a second read of the FTS5 index, which costs up to 5 ms for a
 * text of common trigrams ("jacke": 2,677 matches).
 */
export function gathersOnceFirst(bound: number, filtered: number | undefined): boolean {
  return filtered === undefined || filtered * ENTRY > GATHER_ONCE_BOUNDS * bound * STREAMED;
}

/**
 * Whether the first `firstMatches` matches of a search, read to see whether they can be
 * read once (`gathersOnceFirst`; decision 0034), are worth checking against filters that keep
 * `filtered` of the `rows` products: only when, spread evenly, more than half a bound
 * of them would meet the filters, so that they may hold more than `bound` and be the
 * list's count. Among out-of-stock products (about 5 %) 20,001 matches hold about
 * 1,000: checking them cost 6 ms for nothing.
 */
export function firstMatchesMayCount(bound: number, firstMatches: number, filtered: number, rows: number): boolean {
  return rows > 0 && (firstMatches * filtered) / rows > bound / 2;
}

/**
 * The most products a scan of the filters' index may count and still sort for the page
 * itself (`countScanAndPage`), looking each one's sort key up: past it, a walk of the
 * sort order is expected to read less. Sorting `total` costs about `total * KEYED`; a
 * walk reads about `size * rows / total` entries (`WALKED` each). The two meet where
 * `total` squared is `size * rows * WALKED / KEYED`: 4,267 for a page of 51 among
 * 1,000,000 products ("cas" among 7,206 inactive products: 22 to 24 ms, then 19). Past
 * it the page is left to `choosePagePlan`, which walks within a budget. Only in order
 * of creation (`byTime`): a search's matches bunch by name, which holds the text, and
 * by price, which a product's variants share, so a walk there often falls short and
 * the filters' index is read again.
 */
export function scanPageUpTo(size: number, rows: number, byTime: boolean): number {
  return byTime ? Math.floor(Math.sqrt((size * rows * WALKED) / KEYED)) : Number.POSITIVE_INFINITY;
}

/** How SQLite finds a page: `access`, and for a walk the most entries it reads before it gathers by `fallback` instead. */
export interface PagePlan {
  access: Access;
  walkBudget?: number;
  fallback?: Access;
}

/** Count the search's matches up to `needsMatchesUpTo` and choose again (`choosePagePlan`). */
export interface NeedsMatches {
  needsMatchesUpTo: number;
}

/**
 * How to find one page of `limit` rows out of `count.total` (a lower bound when past
 * `count.bound`): walk the sort index (it reads about `limit * rows / total` entries
 * when matches spread evenly over the sort order), gather the search's matches (when
 * counted to the end) and sort them, or read the filtered rows and check each against
 * the search. Matches bunch in a sort order (a search for "car" sorted by name), so a
 * walk reads at most `walkBudget` entries, costing about half what the next best plan
 * costs, and that plan finds the page when the walk falls short. When no other plan is
 * known because the matches were counted only to the bound, the answer asks for them
 * counted further (`NeedsMatches`), so that the walk gets a budget: an unbounded walk
 * of "ladie" by name read 300,000 entries (100 ms) before reaching the names with it.
 */
export function choosePagePlan(limit: number, count: SqliteCounts): PagePlan | NeedsMatches {
  const { total, rows, matches, filtered, matchesBound } = count;
  if (rows === undefined || total === 0) return { access: 'filters' };
  const matchesKnown = matches !== undefined && (matchesBound === undefined || matches <= matchesBound);
  const others: Array<[Access, number]> = [];
  // A searched list gathers its matches as they stream; another looks each row up.
  if (matches === undefined) others.push(['filters', total * LOOKUP]);
  else if (matchesKnown) others.push(['filters', matches * STREAMED]);
  if (matches !== undefined && filtered !== undefined) {
    // The filters' entries, then each passing row looked up for its sort key.
    others.push(['scan', filtered * ENTRY + Math.min(total, filtered) * LOOKUP]);
  }
  const walkEntries = ((limit + 1) * rows) / total;
  const next = others.length > 0 ? cheapest(others) : undefined;
  if (next && next[1] < walkEntries * WALKED) return { access: next[0] };
  if (!next) {
    const recount = recountBound(rows, count.bound ?? total);
    const uncounted = matches !== undefined && !matchesKnown && (matchesBound ?? 0) < recount;
    return uncounted ? { needsMatchesUpTo: recount } : { access: 'walk' };
  }
  // Half of what the next plan costs: a walk that falls short has cost at most 1.5 times it.
  const budget = Math.max(4 * walkEntries, next[1] / (2 * WALKED));
  return { access: 'walk', walkBudget: Math.ceil(budget), fallback: next[0] };
}

function cheapest<T>(costs: Array<[T, number]>): [T, number] {
  let best = costs[0] as [T, number];
  for (const entry of costs) if (entry[1] < best[1]) best = entry;
  return best;
}
