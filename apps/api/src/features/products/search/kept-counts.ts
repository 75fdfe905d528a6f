import type { Db } from '../../../platform/db/create-db.js';
import { cachePerDatabase } from '../../../platform/db/per-database-cache.js';
import type { ListCount } from './plan.js';

/**
 * A product list's count kept for the list's next pages (decision 0034). A staff member
 * scrolling a searched list asks for page after page of one query; each page used to
 * count the list again (on PostgreSQL, 15 to 45 ms for a broad text at a million
 * products). Each API process keeps the last count of each list (its conditions and
 * bound) with the catalog version read before it was counted; a page after the first
 * reuses it while the version is unchanged. Every write to what the lists show raises
 * the version in its own transaction (decisions 0026, 0033), so a kept count is exact
 * for its version, and a page is never told a total older than the version it read.
 * The ids of the page the count found on the way (`pageIds`) are not kept: they belong
 * to one page.
 */

/** Lists kept per process and database: a count is a few numbers, so 1,000 take little memory. */
const MAX_ENTRIES = 1000;

type KeptCount = { version: string; count: ListCount };

const entriesOf = cachePerDatabase<KeptCount>({ max: MAX_ENTRIES });

/**
 * The count kept for the list `key` (its conditions and bound, serialised) on `db`
 * when it was counted at catalog `version`, else undefined. A hit becomes the most
 * recently used.
 */
export function keptCount(db: Db, key: string, version: string): ListCount | undefined {
  const entries = entriesOf(db);
  if (entries.peek(key)?.version !== version) return undefined;
  return entries.get(key)?.count;
}

/**
 * Keeps `count` (without `pageIds`) for the list `key` on `db`, counted at catalog
 * `version`, in place of any older one; past `MAX_ENTRIES` lists the least recently
 * used is dropped.
 */
export function keepCount(db: Db, key: string, version: string, count: ListCount): void {
  const { pageIds: _, ...kept } = count;
  entriesOf(db).set(key, { version, count: kept });
}
