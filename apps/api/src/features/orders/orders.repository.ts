import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { afterKeyset, choosePostgresPagePlan, type Keyset, likeContains } from '../../platform/db/lists.js';
import { isPostgres } from '../../platform/db/dialect.js';
import type { Database, OrdersTable } from '../../platform/db/schema.js';
import {
  choosePagePlan,
  ftsQuery,
  ftsString,
  likeAgreesWithIndex,
  pairsQuery,
  pairTermRange,
  sqliteSearchKind,
  walkBudget,
  worthProving,
} from './orders.search.js';

/**
 * Every SQL statement over orders, their lines and their status history. Reads
 * only; writing orders belongs to the checkout and status-update work. Times are
 * UTC ISO 8601 strings compared as ranges, so the same statements serve SQLite
 * (ISO text, which sorts like time) and PostgreSQL (`timestamptz`).
 */

export type OrderStatusValue = OrdersTable['status'];

/** Filters of the order list. `search` is matched as a case-insensitive substring. */
export interface OrderFilters {
  status?: OrderStatusValue;
  search?: string;
}

/**
 * A search text as the database answers it (see docs/decisions/0016):
 * - `like`: LIKE (SQLite) or ILIKE (PostgreSQL) on each order, the account's e-mail
 *   through a subquery on users: a scan. SQLite: 1 character, and the texts
 *   `sqliteSearchKind` sends here; PostgreSQL: fewer than 3 characters.
 * - `trigram` (PostgreSQL, 3+ characters): ILIKE on the tracking number and billing
 *   e-mail, each served by a pg_trgm index, or an account among `accountIds` (the
 *   users whose e-mail matched, found first through their own pg_trgm index).
 * - `fts` (SQLite, 2+ characters): `query`, the FTS5 query of the text in
 *   `orders_search`; null when no order can match.
 * - `none`: a text with U+0000, which no stored text contains (PostgreSQL cannot store
 *   it, and SQLite's LIKE would end the pattern there and match too much).
 */
export type OrderSearch =
  | { via: 'none'; text: string }
  | { via: 'like'; text: string }
  | { via: 'trigram'; text: string; accountIds: number[] }
  | { via: 'fts'; text: string; query: string | null };

/** The list's filters with the search resolved: made once per request, shared by the count and the page. */
export interface PreparedOrderFilters {
  status?: OrderStatusValue;
  search?: OrderSearch;
}

/**
 * Resolves the search of `filters` for this database: on PostgreSQL, a text of 3+
 * characters first finds the accounts whose e-mail contains it; on SQLite, a
 * 2-character text first reads the index's trigrams starting with it. A blank or absent
 * search is no search.
 */
export async function prepareOrderFilters(db: Db, filters: OrderFilters): Promise<PreparedOrderFilters> {
  const { status } = filters;
  const text = filters.search;
  if (!text) return { status };
  if (text.includes('\u0000')) return { status, search: { via: 'none', text } };
  if (isPostgres(db)) {
    if ([...text].length < TRIGRAM) return { status, search: { via: 'like', text } };
    const accounts = await db
      .selectFrom('users')
      .select('users.id')
      .where((eb) => likeContains(true, eb.ref('users.email'), text))
      .execute();
    return { status, search: { via: 'trigram', text, accountIds: accounts.map((account) => account.id) } };
  }
  const kind = sqliteSearchKind(text);
  if (kind === 'like') return { status, search: { via: 'like', text } };
  if (kind === 'phrase') return { status, search: { via: 'fts', text, query: ftsString(text) } };
  const { from, to } = pairTermRange(text);
  const result = await sql<{ term: string }>`
    select term from orders_search_terms where term >= ${from} and term < ${to}`.execute(db);
  const terms = result.rows.map((row) => row.term);
  return { status, search: { via: 'fts', text, query: pairsQuery(text, terms) } };
}

/** Below this many characters a trigram index cannot serve a search (PostgreSQL falls back to a scan). */
const TRIGRAM = 3;

/**
 * Tracking number, billing e-mail or the account's e-mail contains the text, in any
 * case: the predicate of each way of answering (`OrderSearch`). An `fts` search
 * includes the status filter in its query, so the caller must not filter by status in
 * SQL as well (SQLite would then prefer the status index over the search's matches).
 */
function matchesSearch(
  eb: ExpressionBuilder<Database, 'orders'>,
  postgres: boolean,
  search: OrderSearch,
  status: OrderStatusValue | undefined,
): Expression<SqlBool> {
  const { text } = search;
  if (search.via === 'none') return sql<SqlBool>`0 = 1`;
  if (search.via === 'fts') {
    if (search.query === null) return sql<SqlBool>`0 = 1`;
    return sql<SqlBool>`${eb.ref('orders.id')} in (
      select rowid from orders_search where orders_search match ${ftsQuery(search.query, status)})`;
  }
  const own = [
    likeContains(postgres, eb.ref('orders.trackingNumber'), text),
    likeContains(postgres, eb.ref('orders.billingEmail'), text),
  ];
  if (search.via === 'trigram') {
    // The accounts were found first: `user_id in (select ...)` inside an OR would make
    // PostgreSQL scan every order instead of combining the indexes.
    return search.accountIds.length > 0
      ? eb.or([...own, eb('orders.userId', '=', sql<number>`any(${search.accountIds})`)])
      : eb.or(own);
  }
  // The account's e-mail is looked up in users first (a far smaller table), so neither
  // the list nor its count needs to join users to filter.
  return eb.or([
    ...own,
    eb(
      'orders.userId',
      'in',
      eb
        .selectFrom('users')
        .select('users.id')
        .where((ueb) => likeContains(postgres, ueb.ref('users.email'), text)),
    ),
  ]);
}

function filteredOrders(db: Db, filters: PreparedOrderFilters) {
  const postgres = isPostgres(db);
  const { status, search } = filters;
  return db
    .selectFrom('orders')
    .$if(status !== undefined && search?.via !== 'fts', (qb) =>
      qb.where('orders.status', '=', status as OrderStatusValue),
    )
    .$if(search !== undefined, (qb) => qb.where((eb) => matchesSearch(eb, postgres, search as OrderSearch, status)));
}

const orderColumns = [
  'orders.id',
  'orders.trackingNumber',
  'orders.userId',
  'users.name as userName',
  'users.email as userEmail',
  'orders.billingFullName',
  'orders.billingEmail',
  'orders.billingPhone',
  'orders.billingNote',
  'orders.billingAddress',
  'orders.billingCity',
  'orders.billingProvince',
  'orders.paymentMethod',
  'orders.subtotalPaise',
  'orders.couponCode',
  'orders.discountPaise',
  'orders.discountedTotalPaise',
  'orders.status',
  'orders.createdAt',
  'orders.updatedAt',
] as const;

/** The list's columns, the customer's account and the number of lines, newest first. */
function selectListRows(query: ReturnType<typeof filteredOrders>) {
  return query
    .leftJoin('users', 'users.id', 'orders.userId')
    .select(orderColumns)
    .select((eb) =>
      eb
        .selectFrom('orderItems')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('orderItems.orderId', '=', 'orders.id')
        .as('itemCount'),
    )
    .orderBy('orders.createdAt', 'desc')
    .orderBy('orders.id', 'desc');
}

/**
 * Orders matching the filters, newest first (`created_at`, then `id`, both
 * descending), with the customer's account and the number of lines.
 * @param page `limit` rows after `after`; without `limit`, every matching row.
 *   `total` is what `countOrders` answered for the same filters: a searched page is
 *   found by a plan chosen from it (see `findSearchedPageIds`, `findPostgresPageIds`);
 *   without it, the orders are counted first.
 */
export async function findOrders(
  db: Db,
  filters: PreparedOrderFilters,
  page: { limit?: number; after?: Keyset; total?: number } = {},
) {
  const { limit, after } = page;
  const { search } = filters;
  const postgres = isPostgres(db);
  // Unpaged, unsearched, or SQLite matching with LIKE (it can only walk the list): one statement.
  if (limit === undefined || search === undefined || (search.via === 'like' && !postgres)) {
    return selectListRows(filteredOrders(db, filters))
      .$if(after !== undefined, (qb) => qb.where((eb) => afterOrder(eb, after as Keyset)))
      .$if(limit !== undefined, (qb) => qb.limit(limit as number))
      .execute();
  }
  if (search.via === 'none' || (search.via === 'fts' && search.query === null)) return [];
  const total = page.total ?? (await countOrders(db, filters));
  if (total === 0) return [];
  const ids =
    search.via === 'fts'
      ? await findSearchedPageIds(db, filters.status, { ...search, query: search.query as string }, limit, after, total)
      : await findPostgresPageIds(db, filters, limit, after, total);
  if (ids.length === 0) return [];
  // Joins for the page's rows only.
  return selectListRows(db.selectFrom('orders')).where('orders.id', 'in', ids).execute();
}

export type OrderListRow = Awaited<ReturnType<typeof findOrders>>[number];

/** `(created_at, id)` comes after `after` in the list's order (newest first). */
function afterOrder(eb: ExpressionBuilder<Database, 'orders'>, after: Keyset) {
  return afterKeyset(eb.ref('orders.createdAt'), eb.ref('orders.id'), 'desc', after);
}

/**
 * SQLite: the ids of one page (`limit` rows after `after`) of the orders an `fts` search
 * matches (`total` of them), in list order. Plans (`orders.search.ts`): gather every
 * match; or take the newest ids and prove the page; failing the proof, walk the list
 * with LIKE (printable ASCII texts only, where LIKE and the index agree) or gather.
 */
async function findSearchedPageIds(
  db: Db,
  status: OrderStatusValue | undefined,
  search: { text: string; query: string },
  limit: number,
  after: Keyset | undefined,
  total: number,
): Promise<number[]> {
  const match = ftsQuery(search.query, status);
  const rows = await countOrdersInScope(db, status);
  if (choosePagePlan(limit, total, rows) === 'gather') return gatherIds(db, match, limit, after);
  const proven = await newestMatchesIfProven(db, status, match, limit, after, total);
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
 * before `limit`, every other match must have an id of at least `high`.
 */
async function newestMatchesIfProven(
  db: Db,
  status: OrderStatusValue | undefined,
  match: string,
  limit: number,
  after: Keyset | undefined,
  total: number,
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
  if (low !== undefined && !worthProving((high ?? (await maxOrderId(db)) + 1) - low, total)) return undefined;
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
 * PostgreSQL: the ids of one page (`limit` rows after `after`) of the orders a search
 * matches (`total` of them), in list order. Its planner assumes matches are spread
 * evenly in time, and for a search matching many orders walks the list from the newest
 * order without bound; but tracking numbers carry their date, so a date's matches
 * bunch, and walking past 890,000 newer orders to the 109,000 of one year took 700 ms.
 * So the plan is chosen here (`choosePostgresPagePlan`): gather every match through the
 * trigram indexes and sort; or walk the list, reading no more orders than gathering
 * would cost, and gather if the walk falls short.
 */
async function findPostgresPageIds(
  db: Db,
  filters: PreparedOrderFilters,
  limit: number,
  after: Keyset | undefined,
  total: number,
): Promise<number[]> {
  const plan = choosePostgresPagePlan(limit, total, await countOrdersInScope(db, filters.status));
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

/** Orders of the status (or all), after `after`, newest first: the order a walk reads them in. */
function ordersInListOrder(db: Db, status: OrderStatusValue | undefined, after: Keyset | undefined) {
  return db
    .selectFrom('orders')
    .$if(status !== undefined, (qb) => qb.where('orders.status', '=', status as OrderStatusValue))
    .$if(after !== undefined, (qb) => qb.where((eb) => afterOrder(eb, after as Keyset)))
    .orderBy('orders.createdAt', 'desc')
    .orderBy('orders.id', 'desc');
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

/** Orders of the status (or all), from the per-day totals: a few hundred rows whatever the store's size. */
export async function countOrdersInScope(db: Db, status: OrderStatusValue | undefined): Promise<number> {
  const byStatus = await sumOrdersByStatus(db);
  return byStatus
    .filter((row) => status === undefined || row.status === status)
    .reduce((sum, row) => sum + row.orders, 0);
}

/**
 * How many orders match the filters. On SQLite an `fts` search (its query includes the
 * status) is counted in `orders_search` alone, without reading the orders.
 */
export async function countOrders(db: Db, filters: PreparedOrderFilters): Promise<number> {
  const { search, status } = filters;
  if (search?.via === 'fts') {
    if (search.query === null) return 0;
    const result = await sql<{ count: number }>`
      select count(*) as count from orders_search where orders_search match ${ftsQuery(search.query, status)}`.execute(
      db,
    );
    return Number(result.rows[0]?.count ?? 0);
  }
  const row = await filteredOrders(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One order with its customer's account, or undefined. */
export function findOrderById(db: Db, id: number) {
  return db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.userId')
    .select(orderColumns)
    .where('orders.id', '=', id)
    .executeTakeFirst();
}

export type OrderRowWithUser = NonNullable<Awaited<ReturnType<typeof findOrderById>>>;

/** The lines of an order, in the order they were added. */
export function findOrderItems(db: Db, orderId: number) {
  return db
    .selectFrom('orderItems')
    .select(['id', 'productId', 'productName', 'productImage', 'quantity', 'salePricePaise'])
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
}

/** The status history of an order, oldest first. */
export function findOrderStatusHistory(db: Db, orderId: number) {
  return db
    .selectFrom('orderStatusHistory')
    .select(['id', 'status', 'notes', 'createdAt', 'updatedAt'])
    .where('orderId', '=', orderId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/**
 * Per status, over all time: how many orders and the sum of their discounted totals
 * (paise). Read from `order_daily_totals` (a few rows per day, kept in step with the
 * orders by triggers), so it costs the same on any number of orders. Statuses that
 * never had an order are absent.
 */
export async function sumOrdersByStatus(
  db: Db,
): Promise<{ status: OrderStatusValue; orders: number; totalPaise: number }[]> {
  const rows = await db
    .selectFrom('orderDailyTotals')
    .select((eb) => [
      'status',
      eb.fn.sum<number>('orderCount').as('orders'),
      eb.fn.sum<number>('totalPaise').as('totalPaise'),
    ])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, orders: Number(row.orders), totalPaise: Number(row.totalPaise) }));
}

/**
 * Orders, and the sum of the discounted totals (paise) of those in `sumStatus`, per
 * period, for consecutive periods of UTC calendar days bounded by `boundaries`
 * (`YYYY-MM-DD`, ascending; n + 1 boundaries make n periods, period i being
 * `[boundaries[i], boundaries[i + 1])`). Every period answers a row, zeros included,
 * in order. Read from `order_daily_totals` with range predicates on the day (its
 * primary key's first column), one aggregate per period joined with UNION ALL, so
 * one statement serves both databases without date functions.
 */
export async function sumOrdersByPeriod(
  db: Db,
  boundaries: readonly string[],
  sumStatus: OrderStatusValue,
): Promise<{ period: number; orders: number; sumPaise: number }[]> {
  const periods = boundaries.slice(0, -1).map((from, index) =>
    db
      .selectFrom('orderDailyTotals')
      .select((eb) => [
        // A literal: as a parameter, PostgreSQL would type it text.
        sql.lit(index).as('period'),
        eb.fn.coalesce(eb.fn.sum<number>('orderCount'), eb.lit(0)).as('orders'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb.case().when('status', '=', sumStatus).then(eb.ref('totalPaise')).else(eb.lit(0)).end(),
            ),
            eb.lit(0),
          )
          .as('sumPaise'),
      ])
      .where('day', '>=', from)
      .where('day', '<', boundaries[index + 1] as string),
  );
  const [first, ...rest] = periods;
  if (!first) return [];
  const rows = await rest.reduce((query, next) => query.unionAll(next), first).execute();
  return rows
    .map((row) => ({ period: Number(row.period), orders: Number(row.orders), sumPaise: Number(row.sumPaise) }))
    .sort((a, b) => a.period - b.period);
}

/** The `limit` newest orders with the customer's name (the account's, else the billing name). */
export function findNewestOrders(db: Db, limit: number) {
  return db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.userId')
    .select((eb) => [
      'orders.id',
      'orders.trackingNumber',
      eb.fn
        .coalesce('users.name', sql<string | null>`nullif(${eb.ref('orders.billingFullName')}, '')`)
        .as('customerName'),
      'orders.discountedTotalPaise',
      'orders.status',
      'orders.createdAt',
    ])
    .orderBy('orders.createdAt', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
}
