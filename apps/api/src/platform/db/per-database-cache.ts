import { LRUCache } from 'lru-cache';
import type { Db } from './create-db.js';

/**
 * A least-recently-used cache for each database handle, made on first use with
 * `options` (`lru-cache`'s: `max`, `ttl`…): each API process keeps its own, and a
 * handle never sees another's entries (a test's store, a bench's). The handles are
 * held weakly, so a closed database's entries go with it.
 */
export function cachePerDatabase<V extends {}>(
  options: LRUCache.Options<string, V, unknown>,
): (db: Db) => LRUCache<string, V> {
  const byDatabase = new WeakMap<Db, LRUCache<string, V>>();
  return (db) => {
    let cache = byDatabase.get(db);
    if (!cache) {
      cache = new LRUCache<string, V>(options);
      byDatabase.set(db, cache);
    }
    return cache;
  };
}
