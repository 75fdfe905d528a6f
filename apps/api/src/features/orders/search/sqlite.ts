import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import type { ListSearch } from '../../../platform/db/list-search.js';
import type { Keyset } from '../../../platform/db/lists.js';
import type { Database } from '../../../platform/db/schema.js';
import { ftsPhrase, likeContains } from '../../../platform/db/search-text.js';
import { countOrdersInScope, type OrderRows, type OrderStatusValue, ordersWithIds } from '../orders.repository.js';
import {
  choosePagePlan,
  ftsQuery,
  likeAgreesWithIndex,
  pairsQuery,
  pairTermRange,
  sqliteSearchKind,
  walkBudget,
  worthProving,
} from './plan.js';
import {
  afterOrder,
  countFilteredOrders,
  filteredOrdersAfter,
  type OrderFilters,
  type OrderPlan,
  type OrderSearch,
  ordersInListOrder,
  plainOrderPage,
  prepareFilters,
  walksCorrected,
} from './shared.js';

/**
 * The order list's search on SQLite (`ListSearch`, decision 0085; docs/decisions/0016,
 * 0027): the FTS5 trigram index `orders_search` (migration
 * 2026_11_21_1810_add_order_search) answers texts of 2+ characters, and one page of a
 * search is found by the plan `plan.ts` chooses from the counts. SQLite's planner has
 * no statistics on how many orders a search matches, so left alone it would gather
 * every match even when the newest few would do.
 */

/**
 * The order list's search on SQLite:
 * - count: the search resolved (`prepareSqliteSearch`); unsearched, the orders of the
 *   status from the per-day totals, exactly; an FTS5 search counted in its index alone,
 *   a LIKE one over the orders, both up to the bound;
 * - page: unsearched or LIKE, one statement in list order (LIKE can only walk the
 *   list); an FTS5 search by the plan `findSqlitePageIds` picks from the count.
 */
export function sqliteOrderSearch(db: Db): ListSearch<OrderFilters, OrderPlan, OrderRows> {
  return {
    async count(query, bound) {
      const filters = await prepareFilters(query, (text) => prepareSqliteSearch(db, text));
      const { search, status } = filters;
      if (walksCorrected(filters)) {
        const total = await countFilteredOrders(db, filters, bound);
        return { total, filters, exact: total <= bound };
      }
      // The per-day totals answer an unsearched count exactly, whatever the number of orders.
      if (!search) return { total: await countOrdersInScope(db, status), filters, exact: true };
      let total = 0;
      // An FTS5 search is counted in its index alone (its query holds the status); none matches a null query.
      if (search.via !== 'fts') total = await countFilteredOrders(db, filters, bound);
      else if (search.query !== null) total = await countSqliteMatches(db, search.query, status, bound);
      return { total, filters, exact: total <= bound };
    },
    async page(_, counted, page) {
      const { filters, total, exact } = counted;
      const { search, status } = filters;
      if (search === undefined || search.via === 'like' || walksCorrected(filters))
        return plainOrderPage(db, filters, page);
      // A `none` search, or an FTS5 one no order can match (SQLite resolves no other kind).
      if (search.via !== 'fts' || search.query === null) return undefined;
      if (total === 0) return undefined;
      const rows = await countOrdersInScope(db, status);
      const plan = { limit: page.size, after: page.after, total, exact, rows };
      return ordersWithIds(db, await findSqlitePageIds(db, status, { text: search.text, query: search.query }, plan));
    },
    all: (_, counted, after) => filteredOrdersAfter(db, counted.filters, after),
  };
}

/**
 * Resolves a search text (not blank, without U+0000) for SQLite: LIKE, the FTS5 phrase
 * of the text, or, for 2 characters, any of the index's trigrams starting with them
 * (read from `orders_search_terms`).
 */
async function prepareSqliteSearch(db: Db, text: string): Promise<OrderSearch> {
  const kind = sqliteSearchKind(text);
  if (kind === 'like') return { via: 'like', text };
  if (kind === 'phrase') return { via: 'fts', text, query: ftsPhrase(text) };
  const { from, to } = pairTermRange(text);
  const result = await sql<{ term: string }>`
    select term from orders_search_terms where term >= ${from} and term < ${to}`.execute(db);
  const terms = result.rows.map((row) => row.term);
  return { via: 'fts', text, query: pairsQuery(text, terms) };
}

/**
 * How many orders of the status (or all) an FTS5 query matches, counted in
 * `orders_search` alone: exact up to `bound`, `bound + 1` for any more (decision 0027;
 * FTS5 stops reading the index at the match after the bound).
 */
async function countSqliteMatches(
  db: Db,
  query: string,
  status: OrderStatusValue | undefined,
  bound: number,
): Promise<number> {
  const result = await sql<{ count: number }>`
    select count(*) as count from (
      select 1 from orders_search where orders_search match ${ftsQuery(query, status)} limit ${bound + 1}
    )`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * SQLite: the ids of one page (`limit` rows after `after`) of the orders an `fts` search
 * matches (`total` of them, out of `rows` orders of the status), in list order. `total`
 * is exact when `exact`, else a lower bound (the count stopped at the bound, decision
 * 0027: many matches). Plans (`plan.ts`): gather every match; or take the newest ids and
 * prove the page; failing the proof, walk the list with LIKE (printable ASCII texts
 * only, where LIKE and the index agree) or gather.
 */
async function findSqlitePageIds(
  db: Db,
  status: OrderStatusValue | undefined,
  search: { text: string; query: string },
  page: { limit: number; after: Keyset | undefined; total: number; exact: boolean; rows: number },
): Promise<number[]> {
  const { limit, after, total, exact, rows } = page;
  const match = ftsQuery(search.query, status);
  if (choosePagePlan(limit, total, rows) === 'gather') return gatherIds(db, match, limit, after);
  const proven = await newestMatchesIfProven(db, status, match, limit, after, { matches: total, exact });
  if (proven) return proven;
  const budget = likeAgreesWithIndex(search.text) ? walkBudget(limit, total, rows) : undefined;
  if (budget === undefined) return gatherIds(db, match, limit, after);
  return walkThenGather(
    db,
    status,
    limit,
    after,
    budget,
    sqliteWalk(db, status, search.text, limit, after),
    (count, from) => gatherIds(db, match, count, from),
  );
}

/**
 * SQLite, the `newest` plan: the `limit` matches after `after` with the highest ids,
 * in list order, if they are provably the page; else undefined.
 *
 * The candidates are every match after `after` with an id in `[low, high)`: `high` is
 * the cursor's id (none on the first page), `low` the lowest candidate's id. Any other
 * match has an id outside that range, so the candidates are the page when the first
 * order in list order after `after` (of the status) with an id outside the range comes
 * after the last candidate. That order is found by scanning the list's index alone
 * (`+id` keeps SQLite from seeking by id instead). When the index ran out of matches
 * before `limit`, every other match must have an id of at least `high`. `total` is the
 * count of matches (`exact`, or a lower bound): it decides whether the proof is worth
 * its scan (`worthProving`).
 */
async function newestMatchesIfProven(
  db: Db,
  status: OrderStatusValue | undefined,
  match: string,
  limit: number,
  after: Keyset | undefined,
  total: { matches: number; exact: boolean },
): Promise<number[] | undefined> {
  const candidates = await db
    .selectFrom(sql<{ rowid: number }>`orders_search`.as('matches'))
    .innerJoin('orders', 'orders.id', 'matches.rowid')
    .select(['orders.id', 'orders.createdAt'])
    .where(sql<SqlBool>`matches.orders_search match ${match}`)
    .$if(after !== undefined, (qb) =>
      qb.where(sql<SqlBool>`matches.rowid < ${(after as Keyset).id}`).where((eb) => afterOrder(eb, after as Keyset)),
    )
    .orderBy(sql`matches.rowid`, 'desc')
    .limit(limit)
    .execute();
  const high = after?.id;
  const full = candidates.length === limit;
  if (!full && high === undefined) return inListOrder(candidates).map((row) => row.id);

  const low = full ? Math.min(...candidates.map((row) => row.id)) : undefined;
  if (low !== undefined && !worthProving((high ?? (await maxOrderId(db)) + 1) - low, total.matches, total.exact)) {
    return undefined;
  }
  const outside = await ordersInListOrder(db, status, after)
    .select(['orders.createdAt', 'orders.id'])
    .where((eb) => {
      const id = sql<number>`+${eb.ref('orders.id')}`;
      const below = low === undefined ? undefined : eb(id, '<', low);
      const above = high === undefined ? undefined : eb(id, '>=', high);
      return below && above ? eb.or([below, above]) : ((below ?? above) as Expression<SqlBool>);
    })
    .limit(1)
    .executeTakeFirst();
  const page = inListOrder(candidates);
  const last = page.at(-1);
  if (outside === undefined) return page.map((row) => row.id);
  if (!full || last === undefined) return undefined;
  const comesAfterLast =
    outside.createdAt < last.createdAt || (outside.createdAt === last.createdAt && outside.id < last.id);
  return comesAfterLast ? page.map((row) => row.id) : undefined;
}

/** Rows sorted as the list sorts them: newest first, then by id, descending. */
function inListOrder<Row extends { id: number; createdAt: string }>(rows: Row[]): Row[] {
  return [...rows].sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
}

/** The highest order id (0 without orders). */
async function maxOrderId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.max('orders.id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * A page found by reading orders newest first, at most `budget` of them (down to the
 * order at that offset, the boundary): `walk` answers the ids of the matches among
 * them, at most `limit`. Past the budget, `gather` finds the rest of the page among the
 * orders after the boundary.
 */
async function walkThenGather(
  db: Db,
  status: OrderStatusValue | undefined,
  limit: number,
  after: Keyset | undefined,
  budget: number,
  walk: (boundary: Keyset | undefined) => Promise<number[]>,
  gather: (limit: number, after: Keyset) => Promise<number[]>,
): Promise<number[]> {
  const last = await ordersInListOrder(db, status, after)
    .select(['orders.createdAt', 'orders.id'])
    .offset(budget - 1)
    .limit(1)
    .executeTakeFirst();
  const boundary = last && { key: last.createdAt, id: last.id };
  const ids = await walk(boundary);
  if (ids.length === limit || boundary === undefined) return ids;
  return [...ids, ...(await gather(limit - ids.length, boundary))];
}

/** `(created_at, id)` is the boundary's or comes before it in the list's order: within a walk's budget. */
function notPast(eb: ExpressionBuilder<Database, 'orders'>, boundary: Keyset): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${eb.ref('orders.createdAt')}, ${eb.ref('orders.id')}) >= (${boundary.key}, ${boundary.id})`;
}

/**
 * SQLite: the walk of `walkThenGather`, checking each order with LIKE (the account's
 * e-mail by its primary key; `user_id in (select ...)` would first read every
 * matching account).
 */
function sqliteWalk(db: Db, status: OrderStatusValue | undefined, text: string, limit: number, after?: Keyset) {
  return async (boundary: Keyset | undefined) => {
    const rows = await ordersInListOrder(db, status, after)
      .leftJoin('users', 'users.id', 'orders.userId')
      .select('orders.id')
      .$if(boundary !== undefined, (qb) => qb.where((eb) => notPast(eb, boundary as Keyset)))
      .where((eb) =>
        eb.or([
          likeContains(false, eb.ref('orders.trackingNumber'), text),
          likeContains(false, eb.ref('orders.billingEmail'), text),
          likeContains(false, eb.ref('users.email'), text),
        ]),
      )
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  };
}

/**
 * SQLite: the ids of the newest `limit` orders after `after` among the matches of the
 * FTS5 query `match`: the matches are read from the index and each looked up in
 * `orders` by rowid (a join, not `id in (...)`, which would first copy every match into
 * a temporary table), then the newest kept.
 */
async function gatherIds(db: Db, match: string, limit: number, after: Keyset | undefined): Promise<number[]> {
  const rows = await db
    .selectFrom(sql<{ rowid: number }>`orders_search`.as('matches'))
    .innerJoin('orders', 'orders.id', 'matches.rowid')
    .select('orders.id')
    .where(sql<SqlBool>`matches.orders_search match ${match}`)
    .$if(after !== undefined, (qb) => qb.where((eb) => afterOrder(eb, after as Keyset)))
    .orderBy('orders.createdAt', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
