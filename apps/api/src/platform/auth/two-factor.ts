import { createHash } from 'node:crypto';
import { securityMessages } from '@haat/contract';
import { verifySync } from 'otplib';
import type { Db } from '../db/create-db.js';
import { runTransaction } from '../db/transactions.js';
import { AppError } from '../errors.js';
import { countHit } from '../http/rate-limit-store.js';
import { findTwoFactor, setTwoFactor, useRecoveryCode } from './two-factor.repository.js';

/**
 * Checking a two-factor code (issue 36; decision 0127): a TOTP code of the account's
 * secret, never one of a time step already used, or one of its unused recovery codes;
 * wrong codes are counted per account and refused past a limit. The sign-in security
 * feature (set-up, sign-in, turning it off) and any feature asking a fresh code for a
 * sensitive action (`requireFreshCode`: payouts, bank details) use these.
 */

/** The window of the reset request and wrong-code limits, ms. */
export const SECURITY_WINDOW_MS = 10 * 60_000;

/** Hex SHA-256 of a token or code. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Refuses a code check once the account had `limit` wrong codes in the window.
 * @throws AppError RATE_LIMITED (429).
 */
export async function refuseIfTooManyWrong(db: Db, userId: number, limit: number, now: Date): Promise<void> {
  const row = await db
    .selectFrom('rateLimitHits')
    .select(['hits', 'resetAt'])
    .where('key', '=', `two-factor-wrong-${userId}`)
    .executeTakeFirst();
  if (row && new Date(row.resetAt).getTime() > now.getTime() && row.hits >= limit)
    throw new AppError('RATE_LIMITED', securityMessages.tooManyCodes);
}

/** Counts a wrong code for the account (outside any transaction that will roll back). */
export async function countWrong(db: Db, userId: number, now: Date): Promise<void> {
  await countHit(db, `two-factor-wrong-${userId}`, SECURITY_WINDOW_MS, now);
}

/** The TOTP time step `code` matches for `secret` (one step either side), or null. */
export function totpStep(secret: string, code: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({ secret, token: code, epochTolerance: 30 });
  if (!result.valid) return null;
  // otplib v13 answers the matched step as `timeStep` (its TOTP result); the union type leaves it out.
  return (result as { timeStep?: number }).timeStep ?? null;
}

/** A recovery code as stored (its hash is of this): trimmed and lower-cased. */
function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase();
}

/**
 * Checks a TOTP code (never one of a time step already used) or an unused recovery code
 * of the account, in `trx`, using it. False when it matches neither.
 */
export async function useCode(
  trx: Db,
  user: { id: number; totpSecret: string | null; totpLastStep: number | string | null },
  code: string,
  now: string,
): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = totpStep(user.totpSecret, code);
  if (step !== null) {
    if (user.totpLastStep !== null && step <= Number(user.totpLastStep)) return false;
    await setTwoFactor(trx, user.id, { totpLastStep: step });
    return true;
  }
  return useRecoveryCode(trx, user.id, sha256(normaliseRecoveryCode(code)), now);
}

/**
 * A fresh code for a sensitive action (marking a payout paid, changing bank details):
 * required when the account has two-factor sign-in on; ignored when it is off, so the
 * spec's calls work as documented for accounts without it.
 * @throws AppError VALIDATION_FAILED (400) missing or wrong code; RATE_LIMITED (429).
 */
export async function requireFreshCode(db: Db, userId: number, code: string | undefined, limit: number) {
  const user = await findTwoFactor(db, userId);
  if (!user?.totpSecret) return;
  const now = new Date();
  await refuseIfTooManyWrong(db, userId, limit, now);
  if (!code)
    throw new AppError('VALIDATION_FAILED', securityMessages.codeRequired, {
      twoFactorCode: securityMessages.codeRequired,
    });
  const ok = await runTransaction(db, async (trx) => {
    const locked = await findTwoFactor(trx, userId);
    return locked ? useCode(trx, locked, code, now.toISOString()) : false;
  });
  if (!ok) {
    await countWrong(db, userId, now);
    throw new AppError('VALIDATION_FAILED', securityMessages.codeInvalid, {
      twoFactorCode: securityMessages.codeInvalid,
    });
  }
}
