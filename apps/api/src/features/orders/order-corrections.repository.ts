import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import type { OrderReturnsTable } from '../../platform/db/schema.js';

/**
 * The SQL of cancellations and returns (issue 24). Functions take the Kysely handle
 * first so the service's transaction is passed in. Money in paise, times UTC ISO 8601.
 */

/**
 * The order's status, version and money; undefined if none. Inside a transaction on
 * PostgreSQL the row is locked (`FOR UPDATE`) until it ends, so two admins correcting
 * one order are decided one after the other; SQLite runs one write transaction at a time.
 */
export function findOrderForCorrection(db: Db, id: number) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'trackingNumber',
      'status',
      'updatedAt',
      'couponId',
      'couponDiscountPaise',
      'subtotalPaise',
      'discountPaise',
      'discountedTotalPaise',
      'cancelledTotalPaise',
      'refundedTotalPaise',
      'paymentMethod',
    ])
    .where('id', '=', id)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The order's lines in the order they were placed, with the units taken back from each and their net as placed (null before issue 25). */
export function findLinesForCorrection(db: Db, orderId: number) {
  return db
    .selectFrom('orderItems')
    .select([
      'id',
      'productId',
      'productName',
      'quantity',
      'salePricePaise',
      'cancelledQuantity',
      'returnedQuantity',
      'netPaise',
    ])
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
}

/** Adds `cancelled` and `returned` units to a line's counts. */
export async function addTakenBackUnits(
  db: Db,
  itemId: number,
  units: { cancelled: number; returned: number },
  now: string,
): Promise<void> {
  await db
    .updateTable('orderItems')
    .set((eb) => ({
      cancelledQuantity: eb('cancelledQuantity', '+', units.cancelled),
      returnedQuantity: eb('returnedQuantity', '+', units.returned),
      updatedAt: now,
    }))
    .where('id', '=', itemId)
    .execute();
}

/** Writes an order's money, status and version after a cancellation or a return. */
export async function setOrderAfterCorrection(
  db: Db,
  id: number,
  order: {
    status: 'Order Placed' | 'Packaging' | 'On The Road' | 'Delivered' | 'Cancelled';
    subtotalPaise: number;
    discountPaise: number;
    discountedTotalPaise: number;
    cancelledTotalPaise: number;
    refundedTotalPaise: number;
    updatedAt: string;
  },
): Promise<void> {
  await db.updateTable('orders').set(order).where('id', '=', id).execute();
}

/**
 * Puts `quantity` units back into a product's stock, moving its version on by at least
 * a millisecond as a sale does (decision 0042), so an edit loaded before cannot write
 * the old stock back. A deleted product takes nothing.
 */
export async function putBackStock(db: Db, productId: number, quantity: number, now: string): Promise<void> {
  const later = isPostgres(db)
    ? sql<string>`greatest(${now}::timestamptz, updated_at + interval '1 millisecond')`
    : sql<string>`max(${now}, strftime('%Y-%m-%dT%H:%M:%fZ', updated_at, '+0.001 seconds'))`;
  await db
    .updateTable('products')
    .set((eb) => ({ stockQuantity: eb('stockQuantity', '+', quantity), updatedAt: later }))
    .where('id', '=', productId)
    .execute();
}

/** A line of a cancellation or a return as written: an order line, its units and their value (paise). */
export interface CorrectionLineRow {
  orderItemId: number;
  quantity: number;
  amountPaise: number;
  discountPaise: number;
}

/** Inserts a cancellation with its lines; returns its id. */
export async function insertCancellation(
  db: Db,
  cancellation: {
    orderId: number;
    reason: string;
    isWholeOrder: boolean;
    amountPaise: number;
    discountPaise: number;
    cancelledBy: number;
    /** The vendor whose own cancellation it is (issue 34); null for the store's. */
    sellerVendorId?: number | null;
    at: string;
  },
  lines: readonly CorrectionLineRow[],
): Promise<number> {
  const { at, ...values } = cancellation;
  const { id } = await db
    .insertInto('orderCancellations')
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('orderCancellationItems')
    .values(lines.map((line) => ({ ...line, cancellationId: id })))
    .execute();
  return id;
}

/** Inserts a return with its lines; returns its id. */
export async function insertReturn(
  db: Db,
  entry: {
    orderId: number;
    reason: OrderReturnsTable['reason'];
    note: string | null;
    isRestocked: boolean;
    refundPaise: number;
    refundMethod: string;
    returnedBy: number;
    at: string;
  },
  lines: readonly CorrectionLineRow[],
): Promise<number> {
  const { at, ...values } = entry;
  const { id } = await db
    .insertInto('orderReturns')
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('orderReturnItems')
    .values(lines.map((line) => ({ ...line, returnId: id })))
    .execute();
  return id;
}

/** An order's cancellations, oldest first, with the admin's name (null once the account is gone). */
export function findCancellations(db: Db, orderId: number) {
  return db
    .selectFrom('orderCancellations as c')
    .leftJoin('users as u', 'u.id', 'c.cancelledBy')
    .select(['c.id', 'c.reason', 'c.isWholeOrder', 'c.amountPaise', 'c.createdAt', 'u.name as byName'])
    .where('c.orderId', '=', orderId)
    .orderBy('c.id')
    .execute();
}

/** An order's returns, oldest first, with the admin's name. */
export function findReturns(db: Db, orderId: number) {
  return db
    .selectFrom('orderReturns as r')
    .leftJoin('users as u', 'u.id', 'r.returnedBy')
    .select([
      'r.id',
      'r.reason',
      'r.note',
      'r.isRestocked',
      'r.refundPaise',
      'r.refundMethod',
      'r.createdAt',
      'u.name as byName',
    ])
    .where('r.orderId', '=', orderId)
    .orderBy('r.id')
    .execute();
}

/** The lines of an order's cancellations, with the product name as sold. */
export function findCancellationLines(db: Db, orderId: number) {
  return db
    .selectFrom('orderCancellationItems as l')
    .innerJoin('orderCancellations as c', 'c.id', 'l.cancellationId')
    .innerJoin('orderItems as i', 'i.id', 'l.orderItemId')
    .select(['l.cancellationId as parentId', 'l.orderItemId', 'i.productName', 'l.quantity', 'l.amountPaise'])
    .where('c.orderId', '=', orderId)
    .orderBy('l.id')
    .execute();
}

/** The lines of an order's returns, with the product name as sold. */
export function findReturnLines(db: Db, orderId: number) {
  return db
    .selectFrom('orderReturnItems as l')
    .innerJoin('orderReturns as r', 'r.id', 'l.returnId')
    .innerJoin('orderItems as i', 'i.id', 'l.orderItemId')
    .select(['l.returnId as parentId', 'l.orderItemId', 'i.productName', 'l.quantity', 'l.amountPaise'])
    .where('r.orderId', '=', orderId)
    .orderBy('l.id')
    .execute();
}
