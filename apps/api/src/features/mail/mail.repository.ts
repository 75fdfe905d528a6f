import type { Db } from '../../platform/db/create-db.js';

/** Every SQL statement of the mail feature (issue 36): the outbox's list and the facts its subscribers read. */

/** A vendor's user and business name. */
export function findVendor(db: Db, vendorId: number) {
  return db
    .selectFrom('vendors')
    .innerJoin('users', 'users.id', 'vendors.userId')
    .select(['vendors.id', 'vendors.userId', 'vendors.businessName', 'users.name'])
    .where('vendors.id', '=', vendorId)
    .executeTakeFirst();
}

/** A product's name, its vendor (null for the store's own) and its rejection reason. */
export function findProductForMail(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .select(['products.id', 'products.name', 'products.rejectionReason', 'products.vendorId'])
    .where('products.id', '=', productId)
    .executeTakeFirst();
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

/** A vendor's KYC review reasons by field (JSON as stored), or null without a KYC. */
export async function findKycReasons(db: Db, vendorId: number): Promise<Record<string, string> | null> {
  const row = await db.selectFrom('vendorKyc').select('reasons').where('vendorId', '=', vendorId).executeTakeFirst();
  if (!row) return null;
  try {
    const value: unknown = JSON.parse(row.reasons);
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * Shipments past their ship-by (`now`, UTC ISO) and not yet on the road ('Order Placed'
 * or 'Packaging'), of vendors (not the store's own), by vendor then ship-by: what the
 * late-shipment digest lists.
 */
export function findLateShipments(db: Db, now: string) {
  return db
    .selectFrom('shipments')
    .innerJoin('orders', 'orders.id', 'shipments.orderId')
    .innerJoin('vendors', 'vendors.id', 'shipments.vendorId')
    .select([
      'shipments.id',
      'shipments.shipBy',
      'shipments.vendorId',
      'shipments.orderId',
      'vendors.userId',
      'vendors.businessName',
      'orders.trackingNumber',
    ])
    .where('shipments.status', 'in', ['Order Placed', 'Packaging'])
    .where('shipments.shipBy', '<', now)
    .orderBy('shipments.vendorId')
    .orderBy('shipments.shipBy')
    .orderBy('shipments.id')
    .execute();
}

/**
 * The shipments already named by a late-shipment mail to `userId` queued at or after
 * `since` (UTC ISO; the oldest ship-by among those late now: no mail about them can be
 * older): each shipment is mailed about once.
 */
export async function findShipmentsMailedLate(db: Db, userId: number, since: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('mailOutbox')
    .select('data')
    .where('toUserId', '=', userId)
    .where('template', '=', 'shipment-late')
    .where('createdAt', '>=', since)
    .execute();
  const ids = new Set<number>();
  for (const row of rows) {
    const data = JSON.parse(row.data) as { items?: { shipmentId?: unknown }[] };
    for (const item of data.items ?? []) if (typeof item.shipmentId === 'number') ids.add(item.shipmentId);
  }
  return ids;
}

/**
 * Deletes the invitation mails (staff and team) to `emails` (lower-cased), sent or not:
 * the erasure of a person (decision 0120's map) leaves no mail naming them, as it leaves
 * no invitation.
 */
export async function deleteInvitationMailsTo(db: Db, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .deleteFrom('mailOutbox')
    .where('template', 'in', ['staff-invitation', 'team-invitation'])
    .where('toEmail', 'in', [...emails])
    .execute();
}
