import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import type { OrdersTable } from '../../platform/db/schema.js';

/**
 * The SQL of moving an order along its pipeline. Functions take the Kysely handle
 * first so the service's transaction is passed in. Times are UTC ISO 8601.
 */

/**
 * An order's status, version and tracking number; undefined if none. Inside a transaction on PostgreSQL
 * the row is locked (`FOR UPDATE`) until the transaction ends, so two admins moving one
 * order are decided one after the other; SQLite runs one write transaction at a time.
 */
export function findOrderStatusForUpdate(db: Db, id: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'updatedAt', 'trackingNumber'])
    .where('id', '=', id)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/**
 * Sets an order's status and version. The per-day totals (`order_daily_totals`) and
 * the search index follow by their triggers.
 */
export async function setOrderStatus(
  db: Db,
  id: number,
  status: OrdersTable['status'],
  updatedAt: string,
): Promise<void> {
  await db.updateTable('orders').set({ status, updatedAt }).where('id', '=', id).execute();
}

/** Appends a status history entry: who moved it (null for the storefront), when, and the note. */
export async function insertStatusEntry(
  db: Db,
  entry: { orderId: number; status: OrdersTable['status']; notes: string | null; changedBy: number | null; at: string },
): Promise<void> {
  await db
    .insertInto('orderStatusHistory')
    .values({
      orderId: entry.orderId,
      status: entry.status,
      notes: entry.notes,
      changedBy: entry.changedBy,
      createdAt: entry.at,
      updatedAt: entry.at,
    })
    .execute();
}
