import type { Db } from '../../platform/db/create-db.js';

/**
 * The dashboard's count over the catalog. Order figures come from the orders
 * feature's service, which owns their rules (revenue, 'today'); the customer count
 * from the auth feature's repository, which also serves `GET /api/auth/admin/users/count`.
 */

/** Every product in the catalog, whatever its status or approval. */
export async function countProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
