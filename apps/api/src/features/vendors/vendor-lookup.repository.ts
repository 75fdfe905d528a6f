import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import type { Database } from '../../platform/db/schema.js';
import { ftsPhrase, likeContains, startsWith, usesTrigrams } from '../../platform/db/search-text.js';

/**
 * SQL of the global search's vendor lookups (issue 10, docs/decisions/0060): the
 * vendors an admin finds, and the orders a vendor finds among those holding a line of
 * one of their products (as `vendor-orders.repository.ts` scopes them, decision 0051).
 */

const vendorColumns = ['v.id', 'v.businessName', 'v.status', 'u.name', 'u.email'] as const;

/**
 * Up to `limit` vendors whose business name, name or e-mail contains `text`, any case
 * (a scan with LIKE: a store has a few hundred vendors at most), business name order.
 */
export function findVendorsMatching(db: Db, text: string, limit: number) {
  const postgres = isPostgres(db);
  return db
    .selectFrom('vendors as v')
    .innerJoin('users as u', 'u.id', 'v.userId')
    .select(vendorColumns)
    .where((eb) =>
      eb.or([
        likeContains(postgres, eb.ref('v.businessName'), text),
        likeContains(postgres, eb.ref('u.name'), text),
        likeContains(postgres, eb.ref('u.email'), text),
      ]),
    )
    .orderBy('v.businessName')
    .limit(limit)
    .execute();
}

export type VendorLookupRow = Awaited<ReturnType<typeof findVendorsMatching>>[number];

type OrdersEb = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>;

/** Order `o` holds a line of one of the vendor's products (decision 0051). */
const holdsOwnLine = (eb: OrdersEb, vendorId: number) =>
  eb.exists(
    eb
      .selectFrom('orderItems as oi')
      .innerJoin('products as p', 'p.id', 'oi.productId')
      .select('oi.id')
      .whereRef('oi.orderId', '=', 'o.id')
      .where('p.vendorId', '=', vendorId),
  );

const ownOrderColumns = ['o.id', 'o.trackingNumber', 'o.billingFullName', 'o.status', 'o.createdAt'] as const;

/** The vendor's order whose tracking number is `text` (upper case), if it holds their line. */
export function findOwnOrderByTrackingNumber(db: Db, vendorId: number, text: string) {
  return db
    .selectFrom('orders as o')
    .select(ownOrderColumns)
    .where('o.trackingNumber', '=', text.toUpperCase())
    .where((eb) => holdsOwnLine(eb, vendorId))
    .execute();
}

export type OwnOrderLookupRow = Awaited<ReturnType<typeof findOwnOrderByTrackingNumber>>[number];

/**
 * Up to `limit` of the vendor's orders whose tracking number contains `text` (3+
 * characters: SQLite's `orders_search`, its tracking-number column only, newest first;
 * PostgreSQL's pg_trgm index) or starts with it (2 characters). Only the tracking
 * number: a vendor does not see the customer's e-mail (decision 0051).
 */
export async function findOwnOrdersMatching(db: Db, vendorId: number, text: string, limit: number) {
  if (!usesTrigrams(text)) {
    return db
      .selectFrom('orders as o')
      .select(ownOrderColumns)
      .where((eb) => startsWith(eb.ref('o.trackingNumber'), text.toUpperCase()))
      .where((eb) => holdsOwnLine(eb, vendorId))
      .limit(limit)
      .execute();
  }
  if (isPostgres(db)) {
    return db
      .selectFrom('orders as o')
      .select(ownOrderColumns)
      .where((eb) => likeContains(true, eb.ref('o.trackingNumber'), text))
      .where((eb) => holdsOwnLine(eb, vendorId))
      .limit(limit)
      .execute();
  }
  return db
    .selectFrom(sql<{ rowid: number }>`orders_search`.as('s'))
    .innerJoin('orders as o', 'o.id', 's.rowid')
    .select(ownOrderColumns)
    .where(sql<boolean>`s.orders_search match ${ftsPhrase(text, 'tracking_number')}`)
    .where((eb) => holdsOwnLine(eb as unknown as OrdersEb, vendorId))
    .orderBy(sql`s.rowid`, 'desc')
    .limit(limit)
    .execute();
}
