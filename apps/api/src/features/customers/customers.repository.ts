import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import { chunked } from '../../platform/db/chunks.js';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { type ErasedIdentity, redactedText } from '../../platform/db/erasure.js';
import { afterKeyset, type Keyset } from '../../platform/db/lists.js';
import type { Database, UsersTable } from '../../platform/db/schema.js';
import { anyContains, ftsPhrase, usesTrigrams } from '../../platform/db/search-text.js';
import { refreshShipmentSearchTerms } from '../../platform/db/shipment-search-terms.js';

/**
 * Every SQL statement on customers (issue 26 'Customers'): storefront accounts
 * (`users.role = 'customer'`), newest first by the keyset (created_at, id) over
 * `users_role_created_at_idx`; a page's order figures read over `orders_user_id_idx`,
 * so a page costs the same whatever the number of orders. Money in paise, times UTC.
 */

const eb = expressionBuilder<Database & { u: UsersTable }, 'u'>();

/** True when `text` reads as (part of) a phone number: digits with spaces, `+`, `-`, brackets, 3+ digits. */
const isPhoneLike = (text: string) => /^[+\d\s()-]+$/.test(text) && (text.match(/\d/g)?.length ?? 0) >= 3;

/**
 * The search as a predicate on `users as u`: a phone number is matched anywhere in the
 * phone; a text of 3+ characters anywhere in the name or e-mail through each database's
 * trigram index (SQLite's `users_search` FTS5 table, PostgreSQL's pg_trgm indexes); a
 * shorter one anywhere in them by a scan the page's limit stops early.
 */
function searchPredicate(db: Db, text: string): Expression<SqlBool> {
  const postgres = isPostgres(db);
  if (isPhoneLike(text)) return anyContains(postgres, [eb.ref('u.phone')], text);
  if (!usesTrigrams(text) || postgres) return anyContains(postgres, [eb.ref('u.name'), eb.ref('u.email')], text);
  return eb(
    'u.id',
    'in',
    eb
      .selectFrom(sql<{ rowid: number }>`users_search`.as('s'))
      .select(sql<number>`s.rowid`.as('id'))
      .where(sql<boolean>`s.users_search match ${ftsPhrase(text)}`),
  );
}

/** Customers matching `search` (or all), as a query of `users as u`. */
function customers(db: Db, search: string | undefined) {
  return db
    .selectFrom('users as u')
    .where('u.role', '=', 'customer')
    .$if(Boolean(search), (q) => q.where(searchPredicate(db, search as string)));
}

const customerColumns = ['u.id', 'u.name', 'u.email', 'u.phone', 'u.createdAt', 'u.anonymisedAt'] as const;

/** Customers matching `search`, newest first; with `page`, `limit + 1` rows after the cursor. */
export function listCustomers(
  db: Db,
  search: string | undefined,
  page?: { limit: number; after?: Keyset | undefined },
) {
  let query = customers(db, search).select(customerColumns);
  if (page?.after) query = query.where(afterKeyset(eb.ref('u.createdAt'), eb.ref('u.id'), 'desc', page.after));
  query = query.orderBy('u.createdAt', 'desc').orderBy('u.id', 'desc');
  if (page) query = query.limit(page.limit + 1);
  return query.execute();
}

export type CustomerRow = Awaited<ReturnType<typeof listCustomers>>[number];

/** How many customers match `search`, exact up to `bound`, `bound + 1` for any more. */
export async function countCustomers(db: Db, search: string | undefined, bound: number): Promise<number> {
  const row = await db
    .selectFrom(
      customers(db, search)
        .select(sql<number>`1`.as('one'))
        .limit(bound + 1)
        .as('bounded'),
    )
    .select((qb) => qb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One customer, or undefined (none, or not a customer's account). */
export function findCustomerById(db: Db, id: number) {
  return db
    .selectFrom('users as u')
    .select(customerColumns)
    .where('u.id', '=', id)
    .where('u.role', '=', 'customer')
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** Each customer's order figures: how many orders, what they came to (net of refunds, paise) and the last one's time. */
export interface CustomerFigures {
  ordersCount: number;
  netPaise: number;
  lastOrderAt: string | null;
}

/** The order figures of the customers `userIds` (absent for a customer with no orders). */
export async function findCustomerFigures(db: Db, userIds: readonly number[]): Promise<Map<number, CustomerFigures>> {
  const figures = new Map<number, CustomerFigures>();
  for (const chunk of chunked(userIds, 1)) {
    if (chunk.length === 0) continue;
    const rows = await db
      .selectFrom('orders as o')
      .select((qb) => [
        'o.userId',
        qb.fn.countAll<number>().as('ordersCount'),
        sql<number>`coalesce(sum(o.discounted_total_paise - o.refunded_total_paise), 0)`.as('netPaise'),
        qb.fn.max('o.createdAt').as('lastOrderAt'),
      ])
      .where('o.userId', 'in', chunk)
      .groupBy('o.userId')
      .execute();
    for (const row of rows) {
      figures.set(row.userId as number, {
        ordersCount: Number(row.ordersCount),
        netPaise: Number(row.netPaise),
        lastOrderAt: row.lastOrderAt === null ? null : String(row.lastOrderAt),
      });
    }
  }
  return figures;
}

/** The customer's newest `limit` orders. Money in paise, times UTC. */
export function findCustomerOrders(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('orders as o')
    .select(['o.id', 'o.trackingNumber', 'o.status', 'o.discountedTotalPaise', 'o.refundedTotalPaise', 'o.createdAt'])
    .where('o.userId', '=', userId)
    .orderBy('o.createdAt', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Replaces a customer's personal data (issue 26 'Customers'): in their account the name,
 * e-mail (`email`, unique and not an address anyone owns) and phone; in every order of
 * theirs the billing name, e-mail, phone, address, city, province and note. Orders,
 * lines and figures are left as they are. `now` is the time of the request (UTC).
 */
export async function anonymiseCustomer(
  db: Db,
  id: number,
  replacement: { name: string; email: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      name: replacement.name,
      email: replacement.email,
      phone: null,
      anonymisedAt: now,
      updatedAt: now,
      tokenVersion: (qb) => qb('tokenVersion', '+', 1),
    })
    .where('id', '=', id)
    .execute();
  await db
    .updateTable('orders')
    .set({
      billingFullName: replacement.name,
      billingEmail: replacement.email,
      billingPhone: '',
      billingAddress: '',
      billingCity: '',
      billingProvince: '',
      billingPostalCode: null,
      billingNote: null,
    })
    .where('userId', '=', id)
    .execute();
  // The shipments' search terms hold the billing name's words (decision 0150).
  await refreshShipmentSearchTerms(db, (q) => q.where('o.userId', '=', id));
}

/**
 * Who the customer `id` is, in every form their account and orders stored them (the
 * texts an erasure looks for, issue 33), and the ids of their orders. Read after the
 * account's row is locked, so a checkout committed before is included.
 */
export async function findCustomerIdentity(db: Db, id: number): Promise<ErasedIdentity & { orderIds: number[] }> {
  const account = await db
    .selectFrom('users')
    .select(['name', 'email', 'phone'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'billingFullName', 'billingEmail', 'billingPhone', 'billingAddress'])
    .where('userId', '=', id)
    .orderBy('id')
    .execute();
  const distinct = (texts: (string | null)[]) => [...new Set(texts.filter((text): text is string => Boolean(text)))];
  return {
    orderIds: orders.map((order) => order.id),
    names: distinct([account.name, ...orders.map((order) => order.billingFullName)]),
    emails: distinct([account.email, ...orders.map((order) => order.billingEmail)].map((e) => e.toLowerCase())),
    phones: distinct([account.phone, ...orders.map((order) => order.billingPhone)]),
    addresses: distinct(orders.map((order) => order.billingAddress)),
  };
}

/**
 * Replaces `needles` (an erased customer's texts) by `replacement` in what staff and
 * vendors wrote about the orders `orderIds`: status notes, cancellation reasons, return
 * notes, and cancel requests' reasons and answers (issue 33).
 */
export async function redactOrderTexts(
  db: Db,
  orderIds: readonly number[],
  needles: readonly string[],
  replacement: string,
): Promise<void> {
  if (needles.length === 0) return;
  for (const chunk of chunked(orderIds, 1)) {
    await db
      .updateTable('orderStatusHistory')
      .set((row) => ({ notes: redactedText(row.ref('notes'), needles, replacement) }))
      .where('orderId', 'in', chunk)
      .execute();
    await db
      .updateTable('orderCancellations')
      .set((row) => ({ reason: redactedText(row.ref('reason'), needles, replacement) }))
      .where('orderId', 'in', chunk)
      .execute();
    await db
      .updateTable('orderReturns')
      .set((row) => ({ note: redactedText(row.ref('note'), needles, replacement) }))
      .where('orderId', 'in', chunk)
      .execute();
    await db
      .updateTable('orderCancelRequests')
      .set((row) => ({
        reason: redactedText(row.ref('reason'), needles, replacement),
        decisionReason: redactedText(row.ref('decisionReason'), needles, replacement),
      }))
      .where('orderId', 'in', chunk)
      .execute();
  }
  // Mails quoting an admin's answer to a cancel request (issue 36; decision 0125): their data and body as sent.
  await db
    .updateTable('mailOutbox')
    .set((row) => ({
      data: redactedText(row.ref('data'), needles, replacement),
      html: redactedText(row.ref('html'), needles, replacement),
      text: redactedText(row.ref('text'), needles, replacement),
    }))
    .where('template', '=', 'cancel-request-answered')
    .execute();
}
