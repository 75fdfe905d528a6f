import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/create-db.js';

/**
 * A store for `@fastify/rate-limit` that keeps the counts in our database (table
 * `rate_limit_hits`), so every API process in front of one database shares one count
 * per key and a restart keeps it. Works on SQLite and PostgreSQL alike. See
 * docs/decisions/0015-login-rate-limit-in-the-database.md.
 *
 * The SQL lives here rather than in a feature's repository: the table belongs to this
 * store alone. Both functions take the Kysely handle first, like repositories do.
 */

/** The minimum time between two deletes of expired rows by one app, in ms. */
export const CLEANUP_INTERVAL_MS = 60_000;

/** What one counted request answers: the requests in the window, this one included, and ms until it ends. */
export interface HitCount {
  current: number;
  /** Milliseconds until the window ends, ≥ 0. */
  ttl: number;
}

/**
 * Counts one request for `key` in a fixed window of `windowMs` ms, atomically: one
 * `INSERT … ON CONFLICT (key) DO UPDATE … RETURNING` statement, which the database
 * serialises per key, so concurrent requests from any number of processes are each
 * counted once. A first hit, or a hit after the window ended, starts a new window of
 * `windowMs` from `now` with a count of 1. `now` comes from the application (UTC) so
 * both databases compare the same ISO 8601 instants.
 * @throws the database's error (connection lost, table missing…).
 */
export async function countHit(db: Db, key: string, windowMs: number, now: Date): Promise<HitCount> {
  const nowIso = now.toISOString();
  const nextResetIso = new Date(now.getTime() + windowMs).toISOString();
  const row = await db
    .insertInto('rateLimitHits')
    .values({ key, hits: 1, resetAt: nextResetIso })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('rateLimitHits.resetAt', '<=', nowIso);
        return {
          hits: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('rateLimitHits.hits', '+', 1))
            .end(),
          resetAt: eb.case().when(expired).then(nextResetIso).else(eb.ref('rateLimitHits.resetAt')).end(),
        };
      }),
    )
    .returning(['hits', 'resetAt'])
    .executeTakeFirstOrThrow();
  return { current: row.hits, ttl: Math.max(0, Date.parse(row.resetAt) - now.getTime()) };
}

/**
 * Deletes the rows whose window ended before `now` (an index range on `reset_at`).
 * Only a cleanup: an expired row is also started afresh by the next hit on its key.
 * @returns how many rows went.
 */
export async function deleteExpiredHits(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('rateLimitHits').where('resetAt', '<', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface DatabaseRateLimitStoreOptions {
  db: Db;
  /** Told when deleting expired rows fails; the request is counted and answered regardless. */
  onCleanupError?: (error: unknown) => void;
  /** The clock (tests); default `new Date()`. */
  now?: () => Date;
}

/** The parts of the plugin's (merged) options the store reads. */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  /** Present on a route's options: the route the child store counts for. */
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * Builds the store class to pass as `store` to `@fastify/rate-limit`, which constructs
 * it itself (`new Store(options)`), hence a class closing over the database.
 *
 * Like the plugin's RedisStore, each rate-limited route gets a child store whose keys
 * start with the route (`POST/api/auth/admin/login-`), so two routes never share a count.
 * `incr(key, callback, timeWindow, max)` calls back `(null, { current, ttl })`, `ttl` in
 * ms, or `(error)` when the database fails: the plugin then throws it (we leave
 * `skipOnError` false) and the request is answered 500 by our error handler, so the
 * limit fails closed. Fixed windows only: `continueExceeding` and `exponentialBackoff`
 * are refused at start-up rather than silently ignored. No `read` method, so
 * `createRateLimit` with `{ increment: false }` is not supported.
 *
 * Expired rows are deleted at most once per `CLEANUP_INTERVAL_MS` per built app, on a
 * request, after its own count, so the table holds roughly the keys of the last windows.
 */
export function databaseRateLimitStore({
  db,
  onCleanupError = () => undefined,
  now = () => new Date(),
}: DatabaseRateLimitStoreOptions): FastifyRateLimitStoreCtor {
  // Shared by the root store and its per-route children: one cleanup schedule per app.
  let nextCleanupAt = 0;

  async function cleanUpIfDue(at: Date): Promise<void> {
    if (at.getTime() < nextCleanupAt) return;
    nextCleanupAt = at.getTime() + CLEANUP_INTERVAL_MS;
    try {
      await deleteExpiredHits(db, at);
    } catch (error) {
      onCleanupError(error);
    }
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(options: object, prefix = '') {
      const params = options as StoreParams;
      if (params.continueExceeding || params.exponentialBackoff) {
        throw new Error(
          'The database rate-limit store counts fixed windows only (no continueExceeding or exponentialBackoff)',
        );
      }
      this.#prefix = prefix;
    }

    incr(key: string, callback: (error: Error | null, result?: HitCount) => void, timeWindow: number): void {
      const at = now();
      countHit(db, this.#prefix + key, timeWindow, at).then(
        async (result) => {
          await cleanUpIfDue(at);
          callback(null, result);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // At run time the plugin passes its merged options with `routeInfo`, not the route
      // options its type names; a limiter made by `createRateLimit` has an empty one.
      const params = routeOptions as StoreParams;
      const method = params.routeInfo?.method ?? '';
      const route = `${Array.isArray(method) ? method.join(',') : method}${params.routeInfo?.url ?? ''}-`;
      return new DatabaseRateLimitStore(params, this.#prefix + route);
    }
  }

  return DatabaseRateLimitStore;
}
