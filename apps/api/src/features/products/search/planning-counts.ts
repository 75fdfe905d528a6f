import { ListCache, type ListContext } from '../../../platform/db/list-search.js';

/**
 * Exact counts of the products meeting a list's filters (its search left out), kept ten
 * minutes per app (so per database: an app has one), for the searches to choose how to
 * count and page a searched list (decisions 0027, 0029, `plan.ts`). A count here only
 * ever picks a plan: a stale one can make a page slower, never wrong. The filters come
 * from a small set (status, approval, stock, category, vendor, the pending queue), so
 * few entries ever exist.
 */

const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 512;

const PLANNING_COUNTS = new ListCache<number>({ max: MAX_ENTRIES, ttl: TTL_MS });

/** Where one app's planning counts are kept (`plannedCount`). */
export type PlanningCounts = ReturnType<typeof planningCountsOf>;

/** The planning counts `lists` (an app's list context) keeps. */
export function planningCountsOf(lists: ListContext) {
  return lists.cache(PLANNING_COUNTS);
}

/**
 * The count for `key` (the filters, serialised) in `kept`: the kept one while under ten
 * minutes old, else `count()`'s, kept (past `MAX_ENTRIES` keys the least recently used
 * is dropped). On a million products the exact count of a broad filter reads most of an
 * index (up to 160 ms), so it is taken rarely.
 * @throws whatever `count` throws (nothing is kept then).
 */
export async function plannedCount(kept: PlanningCounts, key: string, count: () => Promise<number>): Promise<number> {
  const entry = kept.get(key);
  if (entry !== undefined) return entry;
  const fresh = await count();
  kept.set(key, fresh);
  return fresh;
}
