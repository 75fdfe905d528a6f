import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './create-db.js';

/**
 * Transactions that meet another transaction's locks (issue 23; decision 0090).
 * PostgreSQL may still end one with `deadlock detected` (40P01) or, at a stricter
 * isolation level, a serialisation failure (40001), and SQLite with `SQLITE_BUSY` when
 * another process holds its write lock past the busy timeout. Each means "nothing was
 * done; the same work may succeed now". `runTransaction` retries such a transaction a
 * few times with a random pause; whatever still fails answers 503 with `Retry-After`
 * (the error handler, `isRetryableConflict`), never a 500.
 */

/** SQLSTATEs and SQLite codes after which the whole transaction may simply run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);

/** True when `error` is a deadlock, a serialisation failure or a busy database: retryable as a whole. */
export function isRetryableConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/** Attempts in all (the first and its retries). */
export const TRANSACTION_ATTEMPTS = 5;

/** The longest pause before a retry, in milliseconds, for the first retry; doubled for each next one. */
const FIRST_PAUSE_MS = 20;

export interface RunTransactionOptions {
  /** Attempts in all (default `TRANSACTION_ATTEMPTS`). */
  attempts?: number;
}

/**
 * Runs `work` in a transaction of `db` and commits it; when the database ends the
 * transaction with a retryable conflict (`isRetryableConflict`), rolls back (the
 * database already has) and runs `work` again in a new transaction, up to `attempts`
 * times in all, after a random pause (full jitter: 0 to 20 ms, then 40, 80...) so the
 * transactions that met do not meet again in step. `work` must do nothing outside the
 * transaction that a second run would repeat. Inside a transaction already (`db` is
 * one), runs `work` there once: the outer transaction is the one to retry.
 * @throws the last error when every attempt failed, or the first that is not retryable.
 */
export async function runTransaction<T>(
  db: Db,
  work: (trx: Db) => Promise<T>,
  { attempts = TRANSACTION_ATTEMPTS }: RunTransactionOptions = {},
): Promise<T> {
  if (db.isTransaction) return work(db);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await sleep(Math.random() * FIRST_PAUSE_MS * 2 ** (attempt - 1));
    }
  }
}
