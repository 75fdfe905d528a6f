import type { Db } from '../../platform/db/create-db.js';

/** Every SQL statement of the mail feature (issue 36): the outbox's list and the facts its subscribers read. */

/** Ids of every admin account. */
export async function findAdminIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** A vendor's user and business name. */
export function findVendor(db: Db, vendorId: number) {
  return db
    .selectFrom('vendors')
    .innerJoin('users', 'users.id', 'vendors.userId')
    .select(['vendors.id', 'vendors.userId', 'vendors.businessName', 'users.name'])
    .where('vendors.id', '=', vendorId)
    .executeTakeFirst();
}

/** A product's name, its vendor's user (null for the store's own) and its rejection reason. */
export function findProductForMail(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .leftJoin('vendors', 'vendors.id', 'products.vendorId')
    .select(['products.id', 'products.name', 'products.rejectionReason', 'vendors.userId as vendorUserId'])
    .where('products.id', '=', productId)
    .executeTakeFirst();
}

/** An order's tracking number and, per vendor (their user), the units of their lines. */
export async function findOrderVendors(db: Db, orderId: number) {
  return db
    .selectFrom('orderItems')
    .innerJoin('orders', 'orders.id', 'orderItems.orderId')
    .innerJoin('vendors', 'vendors.id', 'orderItems.vendorId')
    .select((eb) => [
      'orders.trackingNumber',
      'vendors.id as vendorId',
      'vendors.userId',
      eb.fn.sum<number | string>('orderItems.quantity').as('units'),
    ])
    .where('orderItems.orderId', '=', orderId)
    .groupBy(['orders.trackingNumber', 'vendors.id', 'vendors.userId'])
    .execute();
}

/** Products waiting for review: how many, and the first `limit` names (oldest first). */
export async function findProductsWaiting(db: Db, limit: number) {
  const count = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('approvalStatus', '=', 'pending')
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('products')
    .select(['name'])
    .where('approvalStatus', '=', 'pending')
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  return { count: Number(count.count), names: rows.map((row) => row.name) };
}
