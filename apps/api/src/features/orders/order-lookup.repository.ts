import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { copyContains, ftsPhrase, likeContains, startsWith, usesTrigrams } from '../../platform/db/search-text.js';

/**
 * SQL of the global search's order and customer lookups for admins (issue 10,
 * docs/decisions/0060), over the order search's indexes (decision 0016) and the
 * people index of migration 2026_11_24_1000. A handful of rows each, no count.
 */

const orderColumns = [
  'o.id',
  'o.trackingNumber',
  'o.billingFullName',
  'o.billingEmail',
  'o.status',
  'o.createdAt',
] as const;

/** The order whose tracking number is `text` (tracking numbers are upper case; `orders_tracking_number_key`). */
export function findOrderByTrackingNumber(db: Db, text: string) {
  return db.selectFrom('orders as o').select(orderColumns).where('o.trackingNumber', '=', text.toUpperCase()).execute();
}

export type OrderLookupRow = Awaited<ReturnType<typeof findOrderByTrackingNumber>>[number];

/**
 * Up to `limit` orders whose tracking number or e-mail (billing, or on SQLite the
 * account's too) matches `text`:
 * - 3+ characters, contains, any case: SQLite's `orders_search` newest first, stopping
 *   at `limit`; PostgreSQL's pg_trgm index on their lower-cased copy (decision 0029).
 * - 2 characters: the tracking number or the billing e-mail starts with it, through
 *   their B-tree indexes.
 */
export async function findOrdersMatching(db: Db, text: string, limit: number): Promise<OrderLookupRow[]> {
  if (!usesTrigrams(text)) {
    return db
      .selectFrom('orders as o')
      .select(orderColumns)
      .where((eb) =>
        eb.or([
          startsWith(eb.ref('o.trackingNumber'), text.toUpperCase()),
          startsWith(eb.ref('o.billingEmail'), text.toLowerCase()),
        ]),
      )
      .limit(limit)
      .execute();
  }
  if (isPostgres(db)) {
    return db
      .selectFrom('orders as o')
      .select(orderColumns)
      .where((eb) => copyContains(sql`o.search_text`, [eb.ref('o.trackingNumber'), eb.ref('o.billingEmail')], text))
      .limit(limit)
      .execute();
  }
  return db
    .selectFrom(sql<{ rowid: number }>`orders_search`.as('s'))
    .innerJoin('orders as o', 'o.id', 's.rowid')
    .select(orderColumns)
    .where(sql<boolean>`s.orders_search match ${ftsPhrase(text)}`)
    .orderBy(sql`s.rowid`, 'desc')
    .limit(limit)
    .execute();
}

/** The newest `limit` orders of these accounts (`orders_user_id_idx`). */
export function findOrdersOfAccounts(db: Db, userIds: number[], limit: number): Promise<OrderLookupRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orders as o')
    .select(orderColumns)
    .where('o.userId', 'in', userIds)
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

const customerColumns = ['u.id', 'u.name', 'u.email', 'u.phone'] as const;

/** The customer whose e-mail is `text` (e-mails are stored lower case; `users_email_key`). */
export function findCustomerByEmail(db: Db, text: string) {
  return db
    .selectFrom('users as u')
    .select(customerColumns)
    .where('u.email', '=', text.toLowerCase())
    .where('u.role', '=', 'customer')
    .execute();
}

export type CustomerLookupRow = Awaited<ReturnType<typeof findCustomerByEmail>>[number];

/**
 * Up to `limit` customers (storefront accounts) whose name or e-mail contains `text`
 * (3+ characters: SQLite's `users_search`, newest first; PostgreSQL's pg_trgm indexes),
 * or whose e-mail starts with it (2 characters, `users_email_key`).
 */
export async function findCustomersMatching(db: Db, text: string, limit: number): Promise<CustomerLookupRow[]> {
  if (!usesTrigrams(text)) {
    return db
      .selectFrom('users as u')
      .select(customerColumns)
      .where((eb) => startsWith(eb.ref('u.email'), text.toLowerCase()))
      .where('u.role', '=', 'customer')
      .limit(limit)
      .execute();
  }
  if (isPostgres(db)) {
    return db
      .selectFrom('users as u')
      .select(customerColumns)
      .where((eb) => eb.or([likeContains(true, eb.ref('u.name'), text), likeContains(true, eb.ref('u.email'), text)]))
      .where('u.role', '=', 'customer')
      .limit(limit)
      .execute();
  }
  return db
    .selectFrom(sql<{ rowid: number }>`users_search`.as('s'))
    .innerJoin('users as u', 'u.id', 's.rowid')
    .select(customerColumns)
    .where(sql<boolean>`s.users_search match ${ftsPhrase(text)}`)
    .where('u.role', '=', 'customer')
    .orderBy(sql`s.rowid`, 'desc')
    .limit(limit)
    .execute();
}
