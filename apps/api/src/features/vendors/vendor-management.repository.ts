import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';

/** SQL of vendor management: one vendor with its account, and the writes on both rows. */

/**
 * One vendor with its user account. Inside a transaction on PostgreSQL the vendor row
 * is locked (`FOR UPDATE`) until the transaction ends, so a write decided on what was
 * read here cannot race another.
 */
export function findVendorAccount(db: Db, vendorId: number) {
  return db
    .selectFrom('vendors as v')
    .innerJoin('users as u', 'u.id', 'v.userId')
    .select([
      'v.id',
      'v.userId',
      'u.name',
      'u.email',
      'u.emailVerifiedAt',
      'v.businessName',
      'v.phoneNumber',
      'v.address',
      'v.status',
      'v.createdAt',
      'v.updatedAt',
    ])
    .where('v.id', '=', vendorId)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate('v'))
    .executeTakeFirst();
}

/** True when a user of any role other than `exceptUserId` has this (lower-cased) e-mail. */
export async function isEmailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .$if(exceptUserId !== undefined, (q) => q.where('id', '<>', exceptUserId as number))
    .executeTakeFirst();
  return row !== undefined;
}

/** The columns of a new vendor: their account and their profile. Times UTC. */
export interface NewVendorAccount {
  name: string;
  email: string;
  passwordHash: string;
  businessName: string;
  phoneNumber: string;
  address: string;
  status: 'pending' | 'approved' | 'rejected';
  reviewedBy: number | null;
  now: string;
}

/** Inserts a vendor user and their vendor profile; answers the vendor id. */
export async function insertVendorAccount(db: Db, values: NewVendorAccount): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({
      name: values.name,
      email: values.email,
      passwordHash: values.passwordHash,
      role: 'vendor',
      phone: null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const vendor = await db
    .insertInto('vendors')
    .values({
      userId: user.id,
      businessName: values.businessName,
      phoneNumber: values.phoneNumber,
      address: values.address,
      status: values.status,
      reviewedBy: values.reviewedBy,
      reviewedAt: values.reviewedBy === null ? null : values.now,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return vendor.id;
}

/** Writes a vendor's account (name, e-mail, a new password hash when given) and profile, both stamped `savedAt`. */
export async function updateVendorAccount(
  db: Db,
  target: { vendorId: number; userId: number },
  changes: {
    name: string;
    email: string;
    passwordHash?: string;
    businessName: string;
    phoneNumber: string;
    address: string;
    status: 'pending' | 'approved' | 'rejected';
    reviewedBy?: number;
  },
  savedAt: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      name: changes.name,
      email: changes.email,
      ...(changes.passwordHash !== undefined && { passwordHash: changes.passwordHash }),
      updatedAt: savedAt,
    })
    .where('id', '=', target.userId)
    .execute();
  await db
    .updateTable('vendors')
    .set({
      businessName: changes.businessName,
      phoneNumber: changes.phoneNumber,
      address: changes.address,
      status: changes.status,
      ...(changes.reviewedBy !== undefined && { reviewedBy: changes.reviewedBy, reviewedAt: savedAt }),
      updatedAt: savedAt,
    })
    .where('id', '=', target.vendorId)
    .execute();
}

/** Sets a vendor's status and who decided it, stamped `savedAt` (UTC). */
export async function setVendorStatus(
  db: Db,
  vendorId: number,
  status: 'approved' | 'rejected',
  reviewedBy: number,
  savedAt: string,
): Promise<void> {
  await db
    .updateTable('vendors')
    .set({ status, reviewedBy, reviewedAt: savedAt, updatedAt: savedAt })
    .where('id', '=', vendorId)
    .execute();
}

/**
 * Gives every product of a vendor to the store (no vendor) and makes it inactive, so
 * nothing of theirs is sold unseen; answers how many. Order lines are untouched.
 */
export async function handProductsToStore(db: Db, vendorId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('products')
    .set({ vendorId: null, status: 'inactive', updatedAt: now })
    .where('vendorId', '=', vendorId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes a vendor's user account; their vendor profile goes with it (cascade). */
export async function deleteVendorUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** How many vendors have each status. */
export async function countVendorsByStatus(db: Db): Promise<Record<'pending' | 'approved' | 'rejected', number>> {
  const rows = await db
    .selectFrom('vendors')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const counts = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
