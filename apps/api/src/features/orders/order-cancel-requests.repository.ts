import type { Db } from '../../platform/db/create-db.js';

/**
 * The SQL of vendors' cancellation requests (issue 24). Functions take the Kysely
 * handle first so the service's transaction is passed in. Times UTC ISO 8601.
 */

const requestColumns = [
  'r.id',
  'r.orderId',
  'r.vendorId',
  'v.businessName as vendor',
  'r.reason',
  'r.status',
  'r.decisionReason',
  'r.createdAt',
  'r.decidedAt',
] as const;

/** The order's requests, oldest first, with the vendor's business name. */
export function findCancelRequests(db: Db, orderId: number) {
  return db
    .selectFrom('orderCancelRequests as r')
    .innerJoin('vendors as v', 'v.id', 'r.vendorId')
    .select(requestColumns)
    .where('r.orderId', '=', orderId)
    .orderBy('r.id')
    .execute();
}

export type CancelRequestRow = Awaited<ReturnType<typeof findCancelRequests>>[number];

/** One request of the order; undefined when there is none with this id on this order. */
export function findCancelRequest(db: Db, orderId: number, requestId: number) {
  return db
    .selectFrom('orderCancelRequests as r')
    .innerJoin('vendors as v', 'v.id', 'r.vendorId')
    .select(requestColumns)
    .where('r.orderId', '=', orderId)
    .where('r.id', '=', requestId)
    .executeTakeFirst();
}

/** Whether the vendor has a request of this order awaiting an answer. */
export async function hasPendingRequest(db: Db, orderId: number, vendorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orderCancelRequests')
    .select('id')
    .where('orderId', '=', orderId)
    .where('vendorId', '=', vendorId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

/** The order's lines of the vendor's products, with the units taken back from each. */
export function findVendorLines(db: Db, orderId: number, vendorId: number) {
  return db
    .selectFrom('orderItems as i')
    .innerJoin('products as p', 'p.id', 'i.productId')
    .select(['i.id', 'i.quantity', 'i.cancelledQuantity', 'i.returnedQuantity'])
    .where('i.orderId', '=', orderId)
    .where('p.vendorId', '=', vendorId)
    .orderBy('i.id')
    .execute();
}

/** Inserts a pending request; returns its id. */
export async function insertCancelRequest(
  db: Db,
  request: { orderId: number; vendorId: number; reason: string; at: string },
): Promise<number> {
  const { id } = await db
    .insertInto('orderCancelRequests')
    .values({
      orderId: request.orderId,
      vendorId: request.vendorId,
      reason: request.reason,
      status: 'pending',
      decisionReason: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: request.at,
      updatedAt: request.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Records an admin's answer to a pending request. */
export async function answerCancelRequest(
  db: Db,
  requestId: number,
  answer: { status: 'accepted' | 'declined'; decisionReason: string | null; decidedBy: number; at: string },
): Promise<void> {
  await db
    .updateTable('orderCancelRequests')
    .set({
      status: answer.status,
      decisionReason: answer.decisionReason,
      decidedBy: answer.decidedBy,
      decidedAt: answer.at,
      updatedAt: answer.at,
    })
    .where('id', '=', requestId)
    .where('status', '=', 'pending')
    .execute();
}
