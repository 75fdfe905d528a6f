/**
 * How SQLite should find a product list's rows and count them, chosen from counts the
 * list takes first. SQLite's planner, unlike PostgreSQL's, has no statistics about
 * how many rows a search or a filter matches, and it always prefers an index on a WHERE
 * term over walking the ORDER BY index: on 100,000 products that made a page of
 * `status=active` sorted by name cost 180 ms, and a search matching half the catalog
 * 40 ms to count. This module only decides, without a database; `sqlite.ts` beside it
 * writes the SQL for each choice (see `Access` and `shared.ts`). Figures: docs/performance.md.
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
 * True when looking up each search match costs less than counting the filters alone
 * (a scan of their index, at most the table) to weigh the alternatives: then there is
 * nothing to weigh. On 100,000 products: up to 5,000 matches, about 3 ms.
 */
export function fewMatches(rows: number, matches: number): boolean {
  return matches * LOOKUP <= rows * SCAN;
}

/**
 * - `filters`: SQLite's default: indexes serve the filters; each search match is looked
 *   up in the table.
 * - `probe`: the search is kept off the indexes: SQLite scans the filters' index and
 *   probes each row passing them against the search's matches.
 * - `walk`: filters and search are kept off the indexes: SQLite walks the sort order's
 *   index, checking each row, and stops after one page.
 */
export type Access = 'filters' | 'probe' | 'walk';

/** What the list's first counts found. */
export interface ListCount {
  /** Products meeting all the conditions: the list's `total`. */
  total: number;
  /** SQLite: products in the table. */
  rows?: number;
  /** SQLite: products the search alone matches (FTS5), or, for a LIKE search, the table. */
  matches?: number;
  /** SQLite: products meeting the conditions other than the search, when counted. */
  filtered?: number;
}

/**
 * How to count a search (`matches` rows) combined with filters (`filtered` rows, of
 * `rows`): look each match up, probe the matches passing the filters, or count the
 * matches failing the filters and subtract (`complement`, when the filters are
 * negatable: see the repository) — cheap when the filters keep most of the catalog,
 * as the storefront's approved-and-active does.
 */
export function chooseCountPlan(
  rows: number,
  matches: number,
  filtered: number,
  negatable: boolean,
): 'filters' | 'probe' | 'complement' {
  const costs: Array<['filters' | 'probe' | 'complement', number]> = [
    ['filters', matches * LOOKUP],
    ['probe', filtered * (SCAN + PROBE)],
  ];
  if (negatable) costs.push(['complement', rows * SCAN + (rows - filtered) * PROBE]);
  return cheapest(costs);
}

/**
 * How to find one page of `limit` rows out of `count.total`: walk the sort index (it
 * examines about `limit * rows / total` rows), gather every search match (or every
 * filtered row) and sort, or probe the filtered rows against the search.
 */
export function choosePagePlan(limit: number, count: ListCount): Access {
  const { total, rows, matches, filtered } = count;
  if (rows === undefined || total === 0) return 'filters';
  const costs: Array<[Access, number]> = [
    ['walk', ((limit + 1) * rows * LOOKUP) / total],
    ['filters', (matches ?? total) * LOOKUP],
  ];
  if (matches !== undefined && filtered !== undefined) {
    costs.push(['probe', filtered * (SCAN + PROBE) + total * LOOKUP]);
  }
  return cheapest(costs);
}

function cheapest<T>(costs: Array<[T, number]>): T {
  let best = costs[0] as [T, number];
  for (const entry of costs) if (entry[1] < best[1]) best = entry;
  return best[0];
}
