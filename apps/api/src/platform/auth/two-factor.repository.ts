import type { Db } from '../db/create-db.js';
import { isPostgres } from '../db/dialect.js';

/**
 * SQL of an account's two-factor state (issue 36; decision 0127): its TOTP secret, the
 * last time step used and its recovery codes. The sign-in security feature and any
 * feature asking a fresh code (`requireFreshCode`) share it.
 */

/** The account's two-factor state, locked on PostgreSQL inside a transaction. */
export function findTwoFactor(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'tokenVersion', 'totpSecret', 'totpPendingSecret', 'totpLastStep'])
    .where('id', '=', userId)
    .$if(isPostgres(db) && db.isTransaction, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** Writes the account's two-factor columns. */
export async function setTwoFactor(
  db: Db,
  userId: number,
  values: { totpSecret?: string | null; totpPendingSecret?: string | null; totpLastStep?: number | null },
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', userId).execute();
}

/** Uses the unused recovery code with this hash: true when one was found and used now. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('recoveryCodes')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
