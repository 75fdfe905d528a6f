import { selectAccount } from '../../platform/auth/actor.repository.js';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';

/** A user with their password hash and vendor status, for sign-in; the e-mail is matched trimmed and lower-cased. */
export function findUserForLogin(db: Db, email: string) {
  return selectAccount(db)
    .select(['users.passwordHash'])
    .where('users.email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Storefront customer accounts. */
export async function countCustomers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'customer')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The account's password hash and version columns, for a password change. */
export function findPasswordOf(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'passwordHash', 'tokenVersion'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Stores a new password hash (scrypt) and its save time (UTC). */
export async function updatePasswordHash(db: Db, userId: number, passwordHash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash, updatedAt: now }).where('id', '=', userId).execute();
}

/**
 * The profile of a user: name, e-mail, role and version, with a vendor's business
 * details. Read `FOR UPDATE` on PostgreSQL inside a transaction (an edit decides on it).
 */
export function findProfile(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('vendors', 'vendors.userId', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.updatedAt',
      'vendors.id as vendorId',
      'vendors.businessName',
      'vendors.phoneNumber',
      'vendors.address',
    ])
    .where('users.id', '=', userId)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate('users'))
    .executeTakeFirst();
}

/** Writes a user's name (and a vendor's business details), both rows stamped `now` (UTC). */
export async function updateProfileRows(
  db: Db,
  userId: number,
  name: string,
  business: { businessName: string; phoneNumber: string; address: string } | null,
  now: string,
): Promise<void> {
  await db.updateTable('users').set({ name, updatedAt: now }).where('id', '=', userId).execute();
  if (business)
    await db
      .updateTable('vendors')
      .set({ ...business, updatedAt: now })
      .where('userId', '=', userId)
      .execute();
}
