import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import type { CouponRow, CouponsTable } from '../../platform/db/schema.js';

/**
 * Coupons' SQL: the rows, their product and category restrictions, and the two
 * conditional writes checkout relies on. Every function takes the Kysely handle
 * first so a service can pass its transaction. Money in paise, dates `YYYY-MM-DD`.
 */

/** A coupon's restrictions, with names for the screens. */
export interface CouponRestrictions {
  products: { id: number; name: string }[];
  categories: { id: number; name: string }[];
}

/** Every coupon, newest first. */
export function findCoupons(db: Db): Promise<CouponRow[]> {
  return db.selectFrom('coupons').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

/**
 * One coupon by id; undefined if none. Inside a transaction on PostgreSQL the row is
 * locked (`FOR UPDATE`) until it ends, so an edit decided on this read cannot interleave.
 */
export function findCouponById(db: Db, id: number): Promise<CouponRow | undefined> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('id', '=', id)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** One coupon by its code (stored upper case; pass it upper case); undefined if none. */
export function findCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The restrictions of each of `ids`, by coupon id (coupons without any are absent). */
export async function findRestrictions(db: Db, ids: readonly number[]): Promise<Map<number, CouponRestrictions>> {
  const result = new Map<number, CouponRestrictions>();
  if (ids.length === 0) return result;
  const [products, categories] = await Promise.all([
    db
      .selectFrom('couponProducts as cp')
      .innerJoin('products as p', 'p.id', 'cp.productId')
      .select(['cp.couponId', 'p.id', 'p.name'])
      .where('cp.couponId', 'in', ids)
      .orderBy('p.name')
      .execute(),
    db
      .selectFrom('couponCategories as cc')
      .innerJoin('categories as c', 'c.id', 'cc.categoryId')
      .select(['cc.couponId', 'c.id', 'c.name'])
      .where('cc.couponId', 'in', ids)
      .orderBy('c.name')
      .execute(),
  ]);
  const entry = (couponId: number) => {
    let found = result.get(couponId);
    if (!found) {
      found = { products: [], categories: [] };
      result.set(couponId, found);
    }
    return found;
  };
  for (const row of products) entry(row.couponId).products.push({ id: row.id, name: row.name });
  for (const row of categories) entry(row.couponId).categories.push({ id: row.id, name: row.name });
  return result;
}

/** How many of `ids` are existing products. */
export async function countExistingProducts(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many of `ids` are existing categories. */
export async function countExistingCategories(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts a coupon; returns its id. */
export async function insertCoupon(db: Db, row: Insertable<CouponsTable>): Promise<number> {
  const inserted = await db.insertInto('coupons').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Updates a coupon's columns. */
export async function updateCouponRow(db: Db, id: number, changes: Updateable<CouponsTable>): Promise<void> {
  await db.updateTable('coupons').set(changes).where('id', '=', id).execute();
}

/** Replaces a coupon's product and category restrictions. */
export async function replaceRestrictions(
  db: Db,
  couponId: number,
  productIds: readonly number[],
  categoryIds: readonly number[],
  now: string,
): Promise<void> {
  await db.deleteFrom('couponProducts').where('couponId', '=', couponId).execute();
  await db.deleteFrom('couponCategories').where('couponId', '=', couponId).execute();
  if (productIds.length > 0)
    await db
      .insertInto('couponProducts')
      .values(productIds.map((productId) => ({ couponId, productId, createdAt: now, updatedAt: now })))
      .execute();
  if (categoryIds.length > 0)
    await db
      .insertInto('couponCategories')
      .values(categoryIds.map((categoryId) => ({ couponId, categoryId, createdAt: now, updatedAt: now })))
      .execute();
}

/**
 * Deletes a coupon (its restrictions go with it; orders that used it keep their code
 * and discount and lose only the link, `orders.coupon_id` set null by the database).
 * @returns true when a row went.
 */
export async function deleteCouponRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('coupons').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Counts one use of a coupon, only while it is active and below its usage limit: one
 * conditional `UPDATE`, which the database serialises per row, so of two checkouts
 * racing for the last use exactly one gets `true`. `updated_at` is left alone: a use
 * is not an edit, so an admin's open form stays valid.
 */
/** Takes one use off the coupon's count, never below zero (a cancelled order gives its use back). */
export async function uncountCouponUse(db: Db, id: number): Promise<void> {
  await db
    .updateTable('coupons')
    .set((eb) => ({ usedCount: eb('usedCount', '-', 1) }))
    .where('id', '=', id)
    .where('usedCount', '>', 0)
    .execute();
}

export async function countCouponUse(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set((eb) => ({ usedCount: eb('usedCount', '+', 1) }))
    .where('id', '=', id)
    .where('isActive', '=', true)
    .where((eb) => eb.or([eb('usageLimit', 'is', null), eb('usedCount', '<', eb.ref('usageLimit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
