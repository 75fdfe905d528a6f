/**
 * How SQLite should find a product list's rows and count them, chosen from counts the
 * list takes first. SQLite's planner, unlike PostgreSQL's, has no statistics about
 * how many rows a search or a filter matches, and it always prefers an index on a WHERE
 * term over walking the ORDER BY index: on 100,000 products that made a page of
 * `status=active` sorted by name cost 180 ms, and a search matching half the catalog
 * 40 ms to count. This module only decides, without a database; `sqlite.ts` beside it
 * writes the SQL for each choice (see `Access` and `shared.ts`). Figures: docs/performance.md.
 *
 * Totals are counted only up to a bound (decision 0027): a count of `bound + 1` means
 * "more than the bound", and the choices below read it so.
 *
 * Costs are in "table lookups" (one B-tree seek into `products` for a wide row, about
 * 1.3 µs on the 1,000,000-product store with its file memory-mapped), measured there:
 * - an entry of a sort index walked and checked against the filters and the search
 *   (LIKE), the index covering every column they read (migration 2026_11_24_1600): ~0.1;
 * - a search match read from the FTS5 index into a set to probe: ~0.1;
 * - an entry of a filter index scanned and probed against that set: ~0.05;
 * - a row looked up and checked with LIKE: ~1.2.
 */

const LOOKUP = 1;
const WALK = 0.1;
const GATHER = 0.1;
const PROBE = 0.05;
const LIKE_ROW = 1.2;

/**
 * Filters keeping at least this share of the catalog are checked row by row while the
 * search's matches stream from its index: a bounded count then reads about
 * `(bound + 1) / share` matches, at most five times the bound.
 */
const BROAD_FILTERS = 0.2;

/**
 * How far the filters' rows are worth counting to plan: past a broad share of the
 * catalog (`BROAD_FILTERS`) every choice is the same.
 */
export function broadFilterRows(rows: number): number {
  return Math.ceil(rows * BROAD_FILTERS);
}

/** Past this many matches per filtered row, checking each filtered row with LIKE beats gathering the matches to probe. */
const PROBE_RATIO = Math.round(LIKE_ROW / GATHER);

/**
 * - `filters`: SQLite's default: indexes serve the filters; each search match is looked
 *   up in the table (the matches are gathered first).
 * - `probe`: the search is kept off the indexes: SQLite scans the filters' index and
 *   probes each row passing them against the search's matches, gathered into a set.
 * - `scan`: as `probe`, but each row passing the filters is read and checked with LIKE
 *   (for searches matching far more rows than the filters keep).
 * - `walk`: filters and search are kept off the indexes: SQLite walks the sort order's
 *   (covering) index, checking each entry, and stops after one page.
 */
export type Access = 'filters' | 'probe' | 'scan' | 'walk';

/**
 * Which side a bounded count of a search with filters reads first:
 * - `search`: the matches, gathered from the FTS5 index, each looked up (`filters` access);
 * - `probe`, `scan`: the rows passing the filters, from their index, each checked
 *   against the search (those accesses);
 * - `stream`: the matches as the FTS5 index yields them, each looked up and checked
 *   against the filters, stopping at the bound (no gathering).
 */
export type CountDriver = 'search' | 'probe' | 'scan' | 'stream';

/** What the list's first counts found. */
export interface ListCount {
  /** Products meeting all the conditions, counted up to the bound: the list's `total`. */
  total: number;
  /** The bound the counts stopped past (`total > bound` means "more than the bound"). */
  bound?: number;
  /** SQLite: products in the table. */
  rows?: number;
  /** SQLite: products the search alone matches (FTS5), counted up to `matchesBound`; for a LIKE search, the table. */
  matches?: number;
  /** SQLite: how far `matches` was counted: past it, `matches` is a lower bound. */
  matchesBound?: number;
  /** SQLite: products meeting the conditions other than the search (a planning estimate). */
  filtered?: number;
  /** SQLite: the side the total was counted from, which the page follows when it gathers. */
  driver?: CountDriver;
}

/**
 * How to count a search combined with filters: read the smaller side first. `matches`
 * is the search's matches counted up to `matchesBound` (exact when not past it);
 * `filtered` of `rows` is a planning estimate of the filters' rows; `bound` is the
 * total's. The answer may be `{ needsMatchesUpTo }`: count the matches that far and
 * ask again.
 */
export function chooseCountDriver(
  bound: number,
  rows: number,
  matches: number,
  matchesBound: number,
  filtered: number,
): CountDriver | { needsMatchesUpTo: number } {
  const exact = matches <= matchesBound;
  if (exact && matches <= Math.min(filtered, bound)) return 'search';
  if (filtered > bound && filtered >= rows * BROAD_FILTERS) return 'stream';
  const enough = Math.min(rows, PROBE_RATIO * filtered);
  if (!exact && matchesBound < enough) return { needsMatchesUpTo: enough };
  if (exact && matches <= filtered) return 'stream';
  return exact ? 'probe' : 'scan';
}

/** How SQLite finds a page: `access`, and for a walk the most entries it reads before it gathers by `fallback` instead. */
export interface PagePlan {
  access: Access;
  walkBudget?: number;
  fallback?: Access;
}

/**
 * How to find one page of `limit` rows out of `count.total` (a lower bound when past
 * `count.bound`): walk the sort index (it reads about `limit * rows / total` entries
 * when matches spread evenly over the sort order), gather the search's matches (when
 * counted to the end) and sort them, or read the filtered rows and check each against
 * the search. Matches bunch in a sort order (a search for "car" sorted by name), so a
 * walk reads at most `walkBudget` entries, about what the next best plan costs, and
 * that plan finds the page when the walk falls short.
 */
export function choosePagePlan(limit: number, count: ListCount): PagePlan {
  const { total, rows, matches, filtered, matchesBound } = count;
  if (rows === undefined || total === 0) return { access: 'filters' };
  const matchesKnown = matches !== undefined && (matchesBound === undefined || matches <= matchesBound);
  const others: Array<[Access, number]> = [];
  if (matches === undefined || matchesKnown) others.push(['filters', (matches ?? total) * LOOKUP]);
  if (matches !== undefined && filtered !== undefined) {
    if (matchesKnown)
      others.push(['probe', (matches as number) * GATHER + filtered * PROBE + Math.min(total, filtered) * LOOKUP]);
    others.push(['scan', filtered * LIKE_ROW]);
  }
  const walkEntries = ((limit + 1) * rows) / total;
  const next = others.length > 0 ? cheapest(others) : undefined;
  if (next && next[1] < walkEntries * WALK) return { access: next[0] };
  if (!next) return { access: 'walk' };
  return { access: 'walk', walkBudget: Math.ceil(Math.max(4 * walkEntries, next[1] / WALK)), fallback: next[0] };
}

function cheapest<T>(costs: Array<[T, number]>): [T, number] {
  let best = costs[0] as [T, number];
  for (const entry of costs) if (entry[1] < best[1]) best = entry;
  return best;
}
