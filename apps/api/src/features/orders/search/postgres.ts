import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import { TRIGRAM } from '../../../platform/db/dialect.js';
import type { ListSearch } from '../../../platform/db/list-search.js';
import type { Keyset } from '../../../platform/db/lists.js';
import { choosePostgresPagePlan, plannerRowCount, sampledShare } from '../../../platform/db/postgres-planning.js';
import type { Database } from '../../../platform/db/schema.js';
import { bigramsServe, containsPattern } from '../../../platform/db/search-text.js';
import { countOrdersInScope, type OrderRows, ordersWithIds } from '../orders.repository.js';
import {
  afterOrder,
  countFilteredOrders,
  filteredOrders,
  filteredOrdersAfter,
  matchesSearch,
  type OrderFilters,
  type OrderPlan,
  type OrderSearch,
  ordersInListOrder,
  type PreparedOrderFilters,
  plainOrderPage,
  prepareFilters,
  walksCorrected,
} from './shared.js';

/**
 * The order list's search on PostgreSQL (`ListSearch`, decision 0085;
 * docs/decisions/0016, 0027, 0029, 0035): one lower-cased copy of the tracking number,
 * the billing e-mail and the account's e-mail (`orders.search_text`), whose pg_trgm
 * index answers texts of 3+ characters and whose bigram index answers texts of 2; one
 * page of a search is found by the plan `choosePostgresPagePlan` picks from the counted
 * total.
 */

/**
 * The order list's search on PostgreSQL:
 * - count: the search resolved (`preparePostgresSearch`); unsearched, the orders of the
 *   status from the per-day totals, exactly; searched, counted over the orders up to
 *   the bound;
 * - page: unsearched, one statement in list order (PostgreSQL's own plan); searched,
 *   by the plan `findPostgresPageIds` picks from the count.
 */
export function postgresOrderSearch(db: Db): ListSearch<OrderFilters, OrderPlan, OrderRows> {
  return {
    async count(query, bound) {
      const filters = await prepareFilters(query, (text) => preparePostgresSearch(db, text));
      // The per-day totals answer an unsearched count exactly, whatever the number of orders.
      if (!filters.search && !walksCorrected(filters))
        return { total: await countOrdersInScope(db, filters.status), filters, exact: true };
      const total = await countFilteredOrders(db, filters, bound);
      return { total, filters, exact: total <= bound };
    },
    async page(_, counted, page) {
      const { filters, total, exact } = counted;
      if (filters.search === undefined || walksCorrected(filters)) return plainOrderPage(db, filters, page);
      if (filters.search.via === 'none' || total === 0) return undefined;
      const rows = await countOrdersInScope(db, filters.status);
      const plan = { limit: page.size, after: page.after, total, exact, rows };
      return ordersWithIds(db, await findPostgresPageIds(db, filters, plan));
    },
    all: (_, counted, after) => filteredOrdersAfter(db, counted.filters, after),
  };
}

/**
 * A text in at least this share of the orders is answered by a scan (a `like` search):
 * its first 10,001 matches lie within 50,000 orders of any start, and the newest 51 are
 * found by reading the list in order. Through an index such a text would hand over most
 * of the table: "ht", in every tracking number, took 211 ms to count through the bigram
 * index against 3 ms by a scan; "t260" (January to September 2026, none of the newest)
 * 575 to 935 ms to gather its 600,000 matches against 87 ms to read the list.
 */
const DENSE_SHARE = 0.2;

/** About how many orders `sampleShare` checks: a share of 0.2 is then known to a few hundredths, in about 1 ms. */
const SAMPLE_ROWS = 1000;

/**
 * Resolves a search text (not blank, without U+0000) for PostgreSQL: an `ngram` search
 * when an index serves it (3+ characters through pg_trgm; 2 ASCII characters through
 * the bigram index, `bigramsServe`) and a sample finds it in under `DENSE_SHARE` of the
 * orders; else a `like` one, a scan (decision 0035).
 */
async function preparePostgresSearch(db: Db, text: string): Promise<OrderSearch> {
  if ([...text].length < TRIGRAM && !bigramsServe(text)) return { via: 'like', text };
  const share = await sampleShare(db, text);
  return share !== undefined && share >= DENSE_SHARE ? { via: 'like', text } : { via: 'ngram', text };
}

/**
 * PostgreSQL: the share of the orders whose search copy contains `text`, from a fixed
 * sample of about `SAMPLE_ROWS` orders (`sampledShare`; every order while the table was
 * never analysed), or undefined when the sample holds none. Only a planning estimate:
 * it picks how the orders are read, never which match.
 */
async function sampleShare(db: Db, text: string): Promise<number | undefined> {
  const rows = (await plannerRowCount(db, 'orders')) ?? SAMPLE_ROWS;
  const contains = sql<SqlBool>`o.search_text like lower(${containsPattern(text)}) escape '\\'`;
  return sampledShare(db, 'orders', 'o', contains, rows, SAMPLE_ROWS);
}

/**
 * PostgreSQL: the ids of one page (`limit` rows after `after`) of the orders a search
 * matches (`total` of them, out of `rows` orders of the status), in list order. Its planner assumes matches are spread
 * evenly in time, and for a search matching many orders walks the list from the newest
 * order without bound; but tracking numbers carry their date, so a date's matches
 * bunch, and walking past 890,000 newer orders to the 109,000 of one year took 700 ms.
 * So the plan is chosen here (`choosePostgresPagePlan`): gather every match through the
 * trigram indexes and sort; or walk the list, reading no more orders than gathering
 * would cost, and gather if the walk falls short. `total` is exact when `exact`, else a
 * lower bound (the count stopped past the bound, decision 0027). The plan needs no
 * change for that: a walk's expected length falls as matches grow, and a gather reads
 * at least `total` matches, so walking at most `total` orders still costs no more than
 * gathering would; past the bound (10,001 matches) that is the plan on any store under
 * about 1,900,000 orders of the status.
 */
async function findPostgresPageIds(
  db: Db,
  filters: PreparedOrderFilters,
  page: { limit: number; after: Keyset | undefined; total: number; exact: boolean; rows: number },
): Promise<number[]> {
  const { limit, after, total, rows: inScope } = page;
  // A `like` search (under 3 characters with no index serving it, or a text a sample
  // finds in one order of five or more) is not gathered: a gather would read every
  // order, or through an index most of them. The list is read in order until the page
  // is full, by PostgreSQL's own plan from its estimate of the text's matches: the
  // list's index for a common text, a scan and a sort for a rare one. Unlike a walk's
  // window below, this query has its limit in sight: a window without one was planned
  // as a sort of every order (258 ms for "na", in one order of five, against 2 ms
  // through the index).
  if (filters.search?.via === 'like') {
    const search = filters.search;
    const rows = await ordersInListOrder(db, filters.status, after)
      .select('orders.id')
      .where((eb) => matchesSearch(eb, true, search, filters.status))
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
  const plan = choosePostgresPagePlan(limit, total, inScope);
  if (plan.access === 'walk') {
    // The walk reads a window of the list, capped at `budget` orders, in the list's order;
    // PostgreSQL keeps that order for the outer query, which stops at `limit` matches.
    const window = ordersInListOrder(db, filters.status, after).selectAll('orders').limit(plan.budget);
    const rows = await db
      .selectFrom(window.as('orders'))
      .select('orders.id')
      // The window has every column of orders, under the table's own name.
      .where((eb) =>
        matchesSearch(
          eb as unknown as ExpressionBuilder<Database, 'orders'>,
          true,
          filters.search as OrderSearch,
          filters.status,
          true,
        ),
      )
      .orderBy('orders.createdAt', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(limit)
      .execute();
    if (rows.length === limit) return rows.map((row) => row.id);
  }
  // MATERIALIZED: computed apart, so PostgreSQL cannot turn the sort and limit back into a walk.
  const rows = await db
    .with(
      (cte) => cte('matches').materialized(),
      () =>
        filteredOrders(db, filters)
          .select(['orders.id', 'orders.createdAt'])
          .$if(after !== undefined, (qb) => qb.where((eb) => afterOrder(eb, after as Keyset))),
    )
    .selectFrom('matches')
    .select('matches.id')
    .orderBy('matches.createdAt', 'desc')
    .orderBy('matches.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
