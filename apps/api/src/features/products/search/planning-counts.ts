import type { Db } from '../../../platform/db/create-db.js';
import { cachePerDatabase } from '../../../platform/db/per-database-cache.js';

/**
 * Exact counts of the products meeting a list's filters (its search left out), kept ten
 * minutes per process and database, for SQLite to choose how to count and page a
 * searched list (decision 0027, `plan.ts`). A count here only ever picks a plan: a stale
 * one can make a page slower, never wrong. The filters come from a small set (status,
 * approval, stock, category, vendor, the pending queue), so few entries ever exist.
 */

const TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 512;

const entriesOf = cachePerDatabase<number>({ max: MAX_ENTRIES, ttl: TTL_MS });

/**
 * The count for `key` (the filters, serialised) on `db`: the kept one while under ten
 * minutes old, else `count()`'s, kept (past `MAX_ENTRIES` keys the least recently used
 * is dropped). On a million products the exact count of a broad filter reads most of an
 * index (up to 160 ms), so it is taken rarely.
 * @throws whatever `count` throws (nothing is kept then).
 */
export async function plannedCount(db: Db, key: string, count: () => Promise<number>): Promise<number> {
  const entries = entriesOf(db);
  const kept = entries.get(key);
  if (kept !== undefined) return kept;
  const fresh = await count();
  entries.set(key, fresh);
  return fresh;
}
