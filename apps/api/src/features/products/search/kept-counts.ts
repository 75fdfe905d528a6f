import { type Counted, ListCache, type ListContext, type ListSearch } from '../../../platform/db/list-search.js';
import type { ProductQuery } from './shared.js';

/**
 * A product list's count kept for the list's next pages (decision 0034). A staff member
 * scrolling a searched list asks for page after page of one query; each page used to
 * count the list again (on PostgreSQL, 15 to 45 ms for a broad text at a million
 * products). Each app keeps the last count of each list (its conditions and bound)
 * with the catalog version read before it was counted; a page after the first reuses it
 * while the version is unchanged. Every write to what the lists show raises the version
 * in its own transaction (decisions 0026, 0033), so a kept count is exact for its
 * version, and a page is never told a total older than the version it read. The ids of
 * the page the count found on the way (`pageIds`) are not kept: they belong to one page.
 */

/** Lists kept per app (so per database: an app has one): a count is a few numbers, so 1,000 take little memory. */
const MAX_ENTRIES = 1000;

type KeptCount = { version: string; count: Counted<object> };

const KEPT_COUNTS = new ListCache<KeptCount>({ max: MAX_ENTRIES });

/** Where one app's kept counts are (`keptCount`, `keepCount`). */
export type KeptCounts = ReturnType<typeof keptCountsOf>;

/** The counts `lists` (an app's list context) keeps. */
export function keptCountsOf(lists: ListContext) {
  return lists.cache(KEPT_COUNTS);
}

/**
 * The count kept in `kept` for the list `key` (its conditions and bound, serialised)
 * when it was counted at catalog `version`, else undefined. A hit becomes the most
 * recently used.
 */
export function keptCount(kept: KeptCounts, key: string, version: string): Counted<object> | undefined {
  if (kept.peek(key)?.version !== version) return undefined;
  return kept.get(key)?.count;
}

/**
 * Keeps `count` (without `pageIds`) in `kept` for the list `key`, counted at catalog
 * `version`, in place of any older one; past `MAX_ENTRIES` lists the least recently
 * used is dropped.
 */
export function keepCount(kept: KeptCounts, key: string, version: string, count: Counted<object>): void {
  const { pageIds: _, ...rest } = count;
  kept.set(key, { version, count: rest });
}

/**
 * `search` with its paged counts kept in `kept`: a page after the first (`page.after`)
 * reuses its list's count while `query.catalogVersion` (read before the count: a write
 * after it raises it) is the version it was counted at; every paged count is kept so.
 * An unpaged count is not kept.
 */
export function keepingCounts<Plan extends object, Rows>(
  search: ListSearch<ProductQuery, Plan, Rows>,
  kept: KeptCounts,
): ListSearch<ProductQuery, Plan, Rows> {
  return {
    ...search,
    async count(query, bound, page) {
      if (!page) return search.count(query, bound);
      const key = JSON.stringify([query.conditions, bound]);
      // Kept by this app's own search, whose plans are all this database's.
      const reused = page.after ? (keptCount(kept, key, query.catalogVersion) as Counted<Plan> | undefined) : undefined;
      if (reused) return reused;
      const counted = await search.count(query, bound, page);
      keepCount(kept, key, query.catalogVersion, counted);
      return counted;
    },
  };
}
