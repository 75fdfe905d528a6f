import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';

/** SQL of password reset, e-mail verification and two-factor sign-in (issue 36). */

type Purpose = 'password_reset' | 'email_verification' | 'two_factor';

/** An account by its (trimmed, lower-cased) e-mail: staff only (customers never sign in here). */
export function findStaffByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'anonymisedAt'])
    .where('email', '=', email.trim().toLowerCase())
    .where('role', 'in', ['admin', 'vendor'])
    .executeTakeFirst();
}

/** Stores a token's hash for `userId`. */
export async function insertAccountToken(
  db: Db,
  token: { userId: number; purpose: Purpose; tokenHash: string; expiresAt: string; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('accountTokens')
    .values({ ...token, usedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A token by its hash and purpose, locked on PostgreSQL inside a transaction. */
export function findAccountToken(db: Db, purpose: Purpose, tokenHash: string) {
  return db
    .selectFrom('accountTokens')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** Marks a token used, only if it was not: true when this call used it. */
export async function useAccountToken(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('accountTokens')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks every unused token of `purpose` of the account used (a reset ends the other links). */
export async function useAllTokens(db: Db, userId: number, purpose: Purpose, now: string): Promise<void> {
  await db
    .updateTable('accountTokens')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}

/** Counts a wrong code against a challenge. */
export async function countWrongCode(db: Db, id: number): Promise<void> {
  await db
    .updateTable('accountTokens')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Replaces the account's recovery codes by these hashes. */
export async function replaceRecoveryCodes(db: Db, userId: number, hashes: readonly string[], now: string) {
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
  if (hashes.length > 0)
    await db
      .insertInto('recoveryCodes')
      .values(hashes.map((codeHash) => ({ userId, codeHash, usedAt: null, createdAt: now })))
      .execute();
}

/** Unused recovery codes of the account. */
export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recoveryCodes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether staff must use two-factor sign-in (no row: no). */
export async function findRequireTwoFactor(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('securitySettings')
    .select('requireTwoFactorForStaff')
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(row?.requireTwoFactorForStaff ?? 0) === 1;
}

/** Sets whether staff must use two-factor sign-in. */
export async function saveRequireTwoFactor(db: Db, required: boolean, now: string): Promise<void> {
  await db
    .insertInto('securitySettings')
    .values({ id: 1, requireTwoFactorForStaff: required ? 1 : 0, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ requireTwoFactorForStaff: required ? 1 : 0, updatedAt: now }))
    .execute();
}

/** Records a device for the account: true when it was new. */
export async function rememberDevice(db: Db, userId: number, deviceHash: string, now: string): Promise<boolean> {
  const row = await db
    .insertInto('knownDevices')
    .values({ userId, deviceHash, createdAt: now })
    .onConflict((oc) => oc.columns(['userId', 'deviceHash']).doNothing())
    .returning('userId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the account ever signed in from a recorded device. */
export async function hasKnownDevices(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('knownDevices').select('userId').where('userId', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Marks the account's address verified at `now`. */
export async function markEmailVerified(db: Db, userId: number, now: string): Promise<void> {
  await db.updateTable('users').set({ emailVerifiedAt: now }).where('id', '=', userId).execute();
}
