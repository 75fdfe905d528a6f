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
 * Costs are in "table lookups" (one B-tree seek into `products` for a row, ~0.7 µs on
 * the 100,000-product store), measured on that store:
 * - a search match probed for membership while scanning an index: ~0.35 lookups;
 * - an entry of a covering index scanned: ~0.05 lookups.
 */

const LOOKUP = 1;
const PROBE = 0.35;
const SCAN = 0.05;

/**
 * Filters keeping at least this share of the catalog are checked row by row while the
 * search's matches stream from its index: a bounded count then reads about
 * `(bound + 1) / share` matches, at most five times the bound.
 */
const BROAD_FILTERS = 0.2;

/**
 * - `filters`: SQLite's default: indexes serve the filters; each search match is looked
 *   up in the table (the matches are gathered first).
 * - `probe`: the search is kept off the indexes: SQLite scans the filters' index and
 *   checks each row passing them against the search.
 * - `walk`: filters and search are kept off the indexes: SQLite walks the sort order's
 *   index, checking each row, and stops after one page.
 */
export type Access = 'filters' | 'probe' | 'walk';

/**
 * Which side a bounded count of a search with filters reads first:
 * - `search`: the matches, gathered from the FTS5 index, each looked up (`filters` access);
 * - `filters`: the rows passing the filters, from their index, each checked against the
 *   search (`probe` access);
 * - `stream`: the matches as the FTS5 index yields them, each looked up and checked
 *   against the filters, stopping at the bound (no gathering).
 */
export type CountDriver = 'search' | 'filters' | 'stream';

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
 * total's. When the matches and the filters both exceed the bound, filters keeping a
 * broad share are checked as the matches stream; otherwise the answer may be
 * `{ needsMatchesUpTo: filtered }`: count the matches that far and ask again.
 */
export function chooseCountDriver(
  bound: number,
  rows: number,
  matches: number,
  matchesBound: number,
  filtered: number,
): CountDriver | { needsMatchesUpTo: number } {
  const matchesExact = matches <= matchesBound;
  if (matchesExact && matches <= bound) return matches <= filtered ? 'search' : 'filters';
  if (filtered <= bound) return 'filters';
  if (filtered >= rows * BROAD_FILTERS) return 'stream';
  if (matchesExact) return matches <= filtered ? 'stream' : 'filters';
  if (matchesBound >= filtered) return 'filters';
  return { needsMatchesUpTo: filtered };
}

/**
 * How to find one page of `limit` rows out of `count.total` (a lower bound when past
 * `count.bound`): walk the sort index (it examines about `limit * rows / total` rows),
 * gather the counted side's rows and sort them (the search's matches when they are
 * known and few, else the filtered rows checked against the search).
 */
export function choosePagePlan(limit: number, count: ListCount): Access {
  const { total, rows, matches, filtered, matchesBound } = count;
  if (rows === undefined || total === 0) return 'filters';
  const matchesKnown = matches !== undefined && (matchesBound === undefined || matches <= matchesBound);
  const costs: Array<[Access, number]> = [['walk', ((limit + 1) * rows * LOOKUP) / total]];
  if (matches === undefined || matchesKnown) costs.push(['filters', (matches ?? total) * LOOKUP]);
  if (matches !== undefined && filtered !== undefined) {
    costs.push(['probe', filtered * (SCAN + PROBE) + Math.min(total, filtered) * LOOKUP]);
  }
  return cheapest(costs);
}

function cheapest<T>(costs: Array<[T, number]>): T {
  let best = costs[0] as [T, number];
  for (const entry of costs) if (entry[1] < best[1]) best = entry;
  return best[0];
}
