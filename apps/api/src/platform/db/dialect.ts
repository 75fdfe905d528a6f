import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * What differs between the two databases at run time, in one place that repositories,
 * search plans and migrations all import (runtime code never imports a migration file:
 * a landed migration is frozen, while these may grow).
 */

/**
 * True when `db` talks to PostgreSQL, false for SQLite. Decided from Kysely's adapter,
 * so it holds for a transaction handle as well as the root one.
 */
// biome-ignore lint/suspicious/noExplicitAny: callers pass the typed handle or a migration's untyped one
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The one-character code each order status is indexed as in SQLite's
 * `orders_search.status`, between two U+0002: one trigram token per status, so the
 * search and the status filter are answered by the index together. A status missing
 * here would be indexed as its own text (still exact, only slower); statuses are fixed
 * by `orders_status_check`. Written into the index by migration
 * 2026_11_21_1810_add_order_search and its triggers; read by the order search.
 */
export const ORDER_SEARCH_STATUS_CODES = {
  'Order Placed': '1',
  Packaging: '2',
  'On The Road': '3',
  Delivered: '4',
} as const;

/**
 * Below this many characters a trigram index (SQLite's FTS5 trigram tokenizer,
 * PostgreSQL's pg_trgm) cannot serve a substring search, and the searches fall back to
 * LIKE (ILIKE) or, for orders on SQLite, to the index's 2-character prefixes.
 */
export const TRIGRAM = 3;
