import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import { isPostgres } from '../../../platform/db/dialect.js';
import type { PageRequest } from '../../../platform/db/list-search.js';
import { afterKeyset, countUpTo, type Keyset } from '../../../platform/db/lists.js';
import type { Database } from '../../../platform/db/schema.js';
import { bigramsContain, bigramsServe, copyContains, likeContains } from '../../../platform/db/search-text.js';
import { allOrders, type OrderRows, type OrderStatusValue } from '../orders.repository.js';
import { ftsQuery } from './plan.js';

/**
 * What both databases' order searches share (`ListSearch`, decision 0085): the list's
 * filters, how a search resolved for a database is expressed as a predicate, the list's
 * order, and the reads both make alike. The orders an answer holds are a query of the
 * repository's (`allOrders`, `OrderRows`). `sqlite.ts` and `postgres.ts` beside this file are the search on each database.
 */

/** The order list's filters, as its service asks the search. `search` is matched as a case-insensitive substring. */
export interface OrderFilters {
  status?: OrderStatusValue;
  search?: string;
  /** Only orders with a cancellation or a refund (issue 24), read through their partial index. */
  corrected?: boolean;
  /** Only orders with a shipment not yet on the road past its ship-by time (issue 34); `now` is the instant it is judged at. */
  lateShipments?: { now: string };
}

/**
 * A search text as the database answers it (see docs/decisions/0016):
 * - `like`: LIKE on each order, a scan. PostgreSQL: on `search_text`, its lower-cased
 *   copy of tracking number, billing e-mail and the account's e-mail (decisions 0029,
 *   0035), for the texts under 3 characters no index serves and the texts a sample
 *   finds in one order of five or more (`preparePostgresSearch`). SQLite: on the tracking
 *   number, the billing e-mail and, through a subquery on users, the account's e-mail,
 *   for 1 character and the texts `sqliteSearchKind` sends here.
 * - `ngram` (PostgreSQL, 3+ characters, or 2 ASCII characters: `bigramsServe`, in
 *   fewer than one order of five): LIKE on `search_text`, served by its pg_trgm index,
 *   or for 2 characters its bigram index (decision 0035).
 * - `fts` (SQLite, 2+ characters): `query`, the FTS5 query of the text in
 *   `orders_search`; null when no order can match.
 * - `none`: a text with U+0000, which no stored text contains (PostgreSQL cannot store
 *   it, and SQLite's LIKE would end the pattern there and match too much).
 */
export type OrderSearch =
  | { via: 'none'; text: string }
  | { via: 'like'; text: string }
  | { via: 'ngram'; text: string }
  | { via: 'fts'; text: string; query: string | null };

/** The list's filters with the search resolved: made once per request, shared by the count and the page. */
export interface PreparedOrderFilters {
  status?: OrderStatusValue;
  search?: OrderSearch;
  corrected?: boolean;
  lateShipments?: { now: string };
}

/**
 * What an order search's count answers beside its total: the filters with their search
 * resolved for the database (`filters`, which the page reads again) and whether the
 * total is exact (`exact`; else a lower bound: the count stopped past its bound,
 * decision 0027).
 */
export interface OrderPlan {
  filters: PreparedOrderFilters;
  exact: boolean;
}

/**
 * Resolves the search of `filters` with `prepare`, the database's own resolution (see
 * `OrderSearch`). A blank or absent search is no search; a text with U+0000, which no
 * stored text contains, matches nothing (`none`).
 */
export async function prepareFilters(
  filters: OrderFilters,
  prepare: (text: string) => Promise<OrderSearch>,
): Promise<PreparedOrderFilters> {
  const { status } = filters;
  const corrected = {
    ...(filters.corrected ? { corrected: true } : {}),
    ...(filters.lateShipments ? { lateShipments: filters.lateShipments } : {}),
  };
  const text = filters.search;
  if (!text) return { status, ...corrected };
  if (text.includes('\u0000')) return { status, ...corrected, search: { via: 'none', text } };
  return { status, ...corrected, search: await prepare(text) };
}

/**
 * Tracking number, billing e-mail or the account's e-mail contains the text, in any
 * case: the predicate of each way of answering (`OrderSearch`). An `fts` search
 * includes the status filter in its query, so the caller must not filter by status in
 * SQL as well (SQLite would then prefer the status index over the search's matches).
 * `walk`: the predicate checks orders read in list order, so a condition only an index
 * can answer cheaply (the bigrams of an `ngram` search of 2 characters) is left out.
 */
export function matchesSearch(
  eb: ExpressionBuilder<Database, 'orders'>,
  postgres: boolean,
  search: OrderSearch,
  status: OrderStatusValue | undefined,
  walk = false,
): Expression<SqlBool> {
  const { text } = search;
  if (search.via === 'none') return sql<SqlBool>`0 = 1`;
  if (search.via === 'fts') {
    if (search.query === null) return sql<SqlBool>`0 = 1`;
    return sql<SqlBool>`${eb.ref('orders.id')} in (
      select rowid from orders_search where orders_search match ${ftsQuery(search.query, status)})`;
  }
  if (postgres) {
    // One LIKE on the orders' lower-cased copy of tracking number, billing e-mail and the
    // account's e-mail (decisions 0029, 0035); for 2 characters the bigram index finds
    // the candidates and the LIKE, kept off the trigram index (which would read all of
    // itself for them), checks each.
    const fields = [
      eb.ref('orders.trackingNumber'),
      eb.ref('orders.billingEmail'),
      eb.selectFrom('users').select('users.email').whereRef('users.id', '=', 'orders.userId'),
    ];
    if (search.via === 'ngram' && bigramsServe(text) && !walk) {
      return eb.and([
        bigramsContain(sql`orders.search_text`, text),
        copyContains(sql`(orders.search_text || '')`, fields, text),
      ]);
    }
    return copyContains(sql`orders.search_text`, fields, text);
  }
  // SQLite's LIKE (a text its FTS5 index cannot serve): the account's e-mail is looked up
  // in users first (a far smaller table), so neither the list nor its count joins users.
  return eb.or([
    likeContains(false, eb.ref('orders.trackingNumber'), text),
    likeContains(false, eb.ref('orders.billingEmail'), text),
    eb(
      'orders.userId',
      'in',
      eb
        .selectFrom('users')
        .select('users.id')
        .where((ueb) => likeContains(false, ueb.ref('users.email'), text)),
    ),
  ]);
}

/**
 * An order with a cancellation or a refund (issue 24): written exactly as the partial
 * index `orders_corrected_idx` is, so both databases read that index for it.
 */
export const CORRECTED_ORDER = sql<SqlBool>`(cancelled_total_paise > 0 or refunded_total_paise > 0)`;

/**
 * Whether the plain walk answers these filters: an order list narrowed to corrected
 * orders is read in list order through their partial index (a few percent of the
 * orders), whatever the search; the dialects' own plans serve the rest.
 */
export function walksCorrected(filters: PreparedOrderFilters): boolean {
  return filters.corrected === true || filters.lateShipments !== undefined;
}

/**
 * An order with a shipment not yet on the road past its ship-by time (issue 34): the
 * orders of the unshipped shipments' partial index `shipments_unshipped_idx` before `now`.
 */
function hasLateShipment(now: string) {
  return sql<SqlBool>`orders.id in (select order_id from shipments
    where status in ('Order Placed', 'Packaging') and ship_by < ${now})`;
}

/** The orders meeting the prepared filters (no columns selected yet). */
export function filteredOrders(db: Db, filters: PreparedOrderFilters): OrderRows {
  const postgres = isPostgres(db);
  const { status, search } = filters;
  return allOrders(db)
    .$if(filters.corrected === true, (qb) => qb.where(CORRECTED_ORDER))
    .$if(filters.lateShipments !== undefined, (qb) =>
      qb.where(hasLateShipment((filters.lateShipments as { now: string }).now)),
    )
    .$if(status !== undefined && search?.via !== 'fts', (qb) =>
      qb.where('orders.status', '=', status as OrderStatusValue),
    )
    .$if(search !== undefined, (qb) => qb.where((eb) => matchesSearch(eb, postgres, search as OrderSearch, status)));
}

/** `(created_at, id)` comes after `after` in the list's order (newest first). */
export function afterOrder(eb: ExpressionBuilder<Database, 'orders'>, after: Keyset) {
  return afterKeyset(eb.ref('orders.createdAt'), eb.ref('orders.id'), 'desc', after);
}

/** Orders of the status (or all), after `after`, newest first: the order a walk reads them in. */
export function ordersInListOrder(db: Db, status: OrderStatusValue | undefined, after: Keyset | undefined) {
  return db
    .selectFrom('orders')
    .$if(status !== undefined, (qb) => qb.where('orders.status', '=', status as OrderStatusValue))
    .$if(after !== undefined, (qb) => qb.where((eb) => afterOrder(eb, after as Keyset)))
    .orderBy('orders.createdAt', 'desc')
    .orderBy('orders.id', 'desc');
}

/**
 * The orders meeting the prepared filters after `after` (all of them without it), in
 * list order once the repository orders them: the unpaged list.
 */
export function filteredOrdersAfter(db: Db, filters: PreparedOrderFilters, after: Keyset | undefined): OrderRows {
  return filteredOrders(db, filters).$if(after !== undefined, (qb) =>
    qb.where((eb) => afterOrder(eb, after as Keyset)),
  );
}

/**
 * The page of the orders meeting the prepared filters as the database finds it alone,
 * in one statement with the rows' own: unsearched (the list's index, newest first), or
 * a search that can only walk the list.
 */
export function plainOrderPage(db: Db, filters: PreparedOrderFilters, page: PageRequest): OrderRows {
  return filteredOrdersAfter(db, filters, page.after).limit(page.size);
}

/**
 * How many orders meet the prepared filters, exact up to `bound` and `bound + 1` for
 * any more (decision 0027): the database stops reading at the match after the bound.
 */
export function countFilteredOrders(db: Db, filters: PreparedOrderFilters, bound: number): Promise<number> {
  return countUpTo(db, filteredOrders(db, filters).select(sql<number>`1`.as('one')), bound);
}
