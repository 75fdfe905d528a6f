import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../../platform/db/create-db.js';
import { TRIGRAM } from '../../../platform/db/dialect.js';
import { choosePostgresPagePlan, type Keyset, likeContains } from '../../../platform/db/lists.js';
import type { Database } from '../../../platform/db/schema.js';
import {
  afterOrder,
  filteredOrders,
  matchesSearch,
  type OrderSearch,
  ordersInListOrder,
  type PreparedOrderFilters,
} from './shared.js';

/**
 * The order search on PostgreSQL (docs/decisions/0016): pg_trgm indexes on the tracking
 * number, the billing e-mail and the account's e-mail (migration
 * 2026_11_21_1810_add_order_search) answer texts of 3+ characters; one page of a search
 * is found by the plan `choosePostgresPagePlan` picks from the counted total.
 */

/**
 * Resolves a search text (not blank, without U+0000) for PostgreSQL: the accounts
 * whose e-mail contains it are found first (through their own trigram index for 3+
 * characters; else by a scan of the users, once rather than in both the count and
 * the page); then a `trigram` search, or for fewer than 3 characters a `like` one.
 */
export async function preparePostgresSearch(db: Db, text: string): Promise<OrderSearch> {
  const accounts = await db
    .selectFrom('users')
    .select('users.id')
    .where((eb) => likeContains(true, eb.ref('users.email'), text))
    .execute();
  const accountIds = accounts.map((account) => account.id);
  return [...text].length < TRIGRAM ? { via: 'like', text, accountIds } : { via: 'trigram', text, accountIds };
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
export async function findPostgresPageIds(
  db: Db,
  filters: PreparedOrderFilters,
  page: { limit: number; after: Keyset | undefined; total: number; exact: boolean; rows: number },
): Promise<number[]> {
  const { limit, after, total, rows: inScope } = page;
  // A `like` search (fewer than 3 characters) has no index to gather through: gathering
  // reads every order, so walking the list, which stops at the page, never costs more
  // (a 2-character text among 1,000,000 orders: the gather scanned them all in 300 ms).
  const scans = filters.search?.via === 'like';
  const plan = scans ? ({ access: 'walk', budget: null } as const) : choosePostgresPagePlan(limit, total, inScope);
  if (plan.access === 'walk') {
    // The walk reads a window of the list, capped at `budget` orders, in the list's order;
    // PostgreSQL keeps that order for the outer query, which stops at `limit` matches.
    const list = ordersInListOrder(db, filters.status, after).selectAll('orders');
    const window = plan.budget === null ? list : list.limit(plan.budget);
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
        ),
      )
      .orderBy('orders.createdAt', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(limit)
      .execute();
    // Unbounded, a walk that falls short has reached the end of the list.
    if (rows.length === limit || plan.budget === null) return rows.map((row) => row.id);
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
