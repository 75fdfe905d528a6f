import { randomBytes } from 'node:crypto';
import { authMessages, type SessionUser, securityMessages } from '@haat/contract';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { accountRefusal } from '../../platform/auth/access.js';
import { selectAccount } from '../../platform/auth/actor.repository.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { endAllSessions, type TokenSubject } from '../../platform/auth/sessions.js';
import {
  countWrong,
  refuseIfTooManyWrong,
  SECURITY_WINDOW_MS,
  sha256,
  totpStep,
  useCode,
} from '../../platform/auth/two-factor.js';
import { findTwoFactor, setTwoFactor } from '../../platform/auth/two-factor.repository.js';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { AppError } from '../../platform/errors.js';
import { countHit } from '../../platform/http/rate-limit-store.js';
import { queueMail } from '../../platform/mail/outbox.js';
import { updatePasswordHash } from './auth.repository.js';
import { sessionUserOf } from './auth.service.js';
import {
  countRecoveryCodesLeft,
  countWrongCode,
  findAccountToken,
  findRequireTwoFactor,
  findStaffByEmail,
  hasKnownDevices,
  insertAccountToken,
  markEmailVerified,
  rememberDevice,
  replaceRecoveryCodes,
  useAccountToken,
  useAllTokens,
} from './security.repository.js';

/**
 * Password reset, e-mail verification and two-factor sign-in (issue 36; decisions 0126,
 * 0127). Every token and recovery code is stored as its SHA-256 only; a token is random
 * (32 bytes), so a hash without salt cannot be reversed.
 */

/** A reset link's life, ms (issue 36: 30 minutes). */
export const RESET_TOKEN_MS = 30 * 60_000;
/** An e-mail verification link's life, ms. */
export const VERIFY_TOKEN_MS = 7 * 24 * 60 * 60_000;
/** A two-factor challenge's life, ms. */
export const CHALLENGE_MS = 5 * 60_000;
function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * `POST /api/auth/password-reset/request`: counts the request against the address's and
 * the e-mail's limits, then — only for an admin or vendor account with that e-mail —
 * stores a reset token's hash (30 minutes) and queues the mail with the link, in one
 * transaction. The caller answers the same whatever happened.
 * @throws AppError RATE_LIMITED (429) past `limit` requests in 10 minutes from the address or for the e-mail.
 */
export async function requestPasswordReset(db: Db, email: string, ip: string, limit: number): Promise<void> {
  const now = new Date();
  const normalised = email.trim().toLowerCase();
  const byAddress = await countHit(db, `password-reset-ip-${ip}`, SECURITY_WINDOW_MS, now);
  const byEmail = await countHit(db, `password-reset-email-${normalised}`, SECURITY_WINDOW_MS, now);
  if (byAddress.current > limit || byEmail.current > limit)
    throw new AppError('RATE_LIMITED', securityMessages.tooManyRequests);
  const user = await findStaffByEmail(db, normalised);
  if (!user || user.anonymisedAt !== null) return;
  const token = newToken();
  await runTransaction(db, async (trx) => {
    const id = await insertAccountToken(trx, {
      userId: user.id,
      purpose: 'password_reset',
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MS).toISOString(),
      createdAt: now.toISOString(),
    });
    await queueMail(trx, {
      to: { userId: user.id },
      template: 'password-reset',
      data: { name: user.name, token },
      dedupeKey: `password-reset:${id}`,
    });
  });
}

/**
 * `POST /api/auth/password-reset/confirm`: with an unused, unexpired reset token, sets
 * the password, ends every session of the account (token version), ends every other
 * reset link and mails that the password changed — one transaction.
 * @throws AppError BAD_REQUEST (400) for a used, expired or unknown token (nothing changes).
 */
export async function confirmPasswordReset(db: Db, token: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await runTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const row = await findAccountToken(trx, 'password_reset', sha256(token));
    if (!row || row.usedAt !== null || new Date(row.expiresAt).toISOString() <= now)
      throw new AppError('BAD_REQUEST', securityMessages.resetTokenInvalid);
    if (!(await useAccountToken(trx, row.id, now)))
      throw new AppError('BAD_REQUEST', securityMessages.resetTokenInvalid);
    await updatePasswordHash(trx, row.userId, hash, now);
    await endAllSessions(trx, row.userId);
    await useAllTokens(trx, row.userId, 'password_reset', now);
    await queueMail(trx, {
      to: { userId: row.userId },
      template: 'password-changed',
      data: { at: now },
      dedupeKey: `password-reset-done:${row.id}`,
    });
  });
}

/**
 * Stores an e-mail verification token for `userId` and queues its mail, in `trx` (the
 * vendor's sign-up). Verification holds up nothing (issue 36).
 */
export async function queueEmailVerification(trx: Db, userId: number, name: string, at: string): Promise<void> {
  const token = newToken();
  const id = await insertAccountToken(trx, {
    userId,
    purpose: 'email_verification',
    tokenHash: sha256(token),
    expiresAt: new Date(Date.parse(at) + VERIFY_TOKEN_MS).toISOString(),
    createdAt: at,
  });
  await queueMail(trx, {
    to: { userId },
    template: 'email-verification',
    data: { name, token },
    dedupeKey: `email-verification:${id}`,
    at,
  });
}

/**
 * `POST /api/auth/verify-email`: marks the account's address verified.
 * @throws AppError BAD_REQUEST (400) for a used, expired or unknown token.
 */
export async function verifyEmail(db: Db, token: string): Promise<void> {
  await runTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const row = await findAccountToken(trx, 'email_verification', sha256(token));
    if (!row || row.usedAt !== null || new Date(row.expiresAt).toISOString() <= now)
      throw new AppError('BAD_REQUEST', securityMessages.verifyTokenInvalid);
    await useAccountToken(trx, row.id, now);
    await markEmailVerified(trx, row.userId, now);
  });
}

/** Ten recovery codes, `xxxxx-xxxxx` (hex). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

/** `GET /api/auth/2fa`: on or off, recovery codes left, and whether the store requires it. */
export async function twoFactorStatus(db: Db, userId: number) {
  const user = await findTwoFactor(db, userId);
  return {
    enabled: Boolean(user?.totpSecret),
    recoveryCodesLeft: user?.totpSecret ? await countRecoveryCodesLeft(db, userId) : 0,
    requiredForStaff: await findRequireTwoFactor(db),
  };
}

/**
 * `POST /api/auth/2fa/setup`: a new secret kept pending until `enable` confirms a code.
 * @throws AppError CONFLICT (409) when two-factor sign-in is already on.
 */
export async function setupTwoFactor(db: Db, userId: number, issuer: string) {
  const user = await findTwoFactor(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', authMessages.invalidToken);
  if (user.totpSecret) throw new AppError('CONFLICT', securityMessages.twoFactorAlreadyOn);
  const secret = generateSecret();
  await setTwoFactor(db, userId, { totpPendingSecret: secret });
  const otpauthUrl = generateURI({ issuer, label: user.email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * `POST /api/auth/2fa/enable`: with a code of the pending secret, turns it on and answers
 * ten recovery codes (stored hashed; shown this once).
 * @throws AppError CONFLICT (409) already on; BAD_REQUEST (400) no set-up or a wrong code;
 *   RATE_LIMITED (429) past the wrong-code limit.
 */
export async function enableTwoFactor(db: Db, userId: number, code: string, limit: number): Promise<string[]> {
  const now = new Date();
  await refuseIfTooManyWrong(db, userId, limit, now);
  const codes = newRecoveryCodes();
  const ok = await runTransaction(db, async (trx) => {
    const user = await findTwoFactor(trx, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', authMessages.invalidToken);
    if (user.totpSecret) throw new AppError('CONFLICT', securityMessages.twoFactorAlreadyOn);
    if (!user.totpPendingSecret) throw new AppError('BAD_REQUEST', securityMessages.twoFactorNotSetUp);
    const step = totpStep(user.totpPendingSecret, code.trim());
    if (step === null) return false;
    await setTwoFactor(trx, userId, {
      totpSecret: user.totpPendingSecret,
      totpPendingSecret: null,
      totpLastStep: step,
    });
    await replaceRecoveryCodes(trx, userId, codes.map(sha256), now.toISOString());
    return true;
  });
  if (!ok) {
    await countWrong(db, userId, now);
    throw new AppError('BAD_REQUEST', securityMessages.codeInvalid, { code: securityMessages.codeInvalid });
  }
  return codes;
}

/**
 * `DELETE /api/auth/2fa`: with a code (TOTP or recovery), turns it off and deletes the recovery codes.
 * @throws AppError BAD_REQUEST (400) off already or a wrong code; CONFLICT (409) required
 *   for staff; RATE_LIMITED (429) past the wrong-code limit.
 */
export async function disableTwoFactor(db: Db, userId: number, code: string, limit: number): Promise<void> {
  const now = new Date();
  await refuseIfTooManyWrong(db, userId, limit, now);
  if (await findRequireTwoFactor(db)) throw new AppError('CONFLICT', securityMessages.staffMustUseTwoFactor);
  const ok = await runTransaction(db, async (trx) => {
    const user = await findTwoFactor(trx, userId);
    if (!user?.totpSecret) throw new AppError('BAD_REQUEST', securityMessages.twoFactorOff);
    if (!(await useCode(trx, user, code, now.toISOString()))) return false;
    await setTwoFactor(trx, userId, { totpSecret: null, totpPendingSecret: null, totpLastStep: null });
    await replaceRecoveryCodes(trx, userId, [], now.toISOString());
    return true;
  });
  if (!ok) {
    await countWrong(db, userId, now);
    throw new AppError('BAD_REQUEST', securityMessages.codeInvalid, { code: securityMessages.codeInvalid });
  }
}

/** After the password: a challenge when two-factor sign-in is on for the account, else null. */
export async function startChallenge(db: Db, userId: number): Promise<string | null> {
  const user = await findTwoFactor(db, userId);
  if (!user?.totpSecret) return null;
  const challenge = newToken();
  const now = new Date();
  await insertAccountToken(db, {
    userId,
    purpose: 'two_factor',
    tokenHash: sha256(challenge),
    expiresAt: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
    createdAt: now.toISOString(),
  });
  return challenge;
}

/**
 * `POST /api/auth/2fa/verify`: the second step of sign-in. With an unused, unexpired
 * challenge and a right code (a recovery code once), answers what a login answers.
 * @throws AppError BAD_REQUEST (400) for a bad challenge or a wrong code; RATE_LIMITED
 *   (429) past the wrong-code limit; the login's 403s for an account no longer allowed.
 */
export async function verifyChallenge(
  db: Db,
  challenge: string,
  code: string,
  limit: number,
): Promise<{ user: SessionUser; subject: TokenSubject }> {
  const now = new Date();
  const token = await findAccountToken(db, 'two_factor', sha256(challenge));
  if (!token || token.usedAt !== null || new Date(token.expiresAt).getTime() <= now.getTime())
    throw new AppError('BAD_REQUEST', securityMessages.challengeInvalid);
  await refuseIfTooManyWrong(db, token.userId, limit, now);
  const ok = await runTransaction(db, async (trx) => {
    const user = await findTwoFactor(trx, token.userId);
    if (!user) return false;
    if (!(await useCode(trx, user, code, now.toISOString()))) return false;
    if (!(await useAccountToken(trx, token.id, now.toISOString())))
      throw new AppError('BAD_REQUEST', securityMessages.challengeInvalid);
    return true;
  });
  if (!ok) {
    await countWrongCode(db, token.id);
    await countWrong(db, token.userId, now);
    throw new AppError('BAD_REQUEST', securityMessages.codeInvalid, { code: securityMessages.codeInvalid });
  }
  const account = await selectAccount(db).where('users.id', '=', token.userId).executeTakeFirst();
  if (!account) throw new AppError('INVALID_CREDENTIALS', authMessages.invalidCredentials);
  const refusal = accountRefusal(account);
  if (refusal) throw refusal;
  return {
    // As the password's answer: the staff role and permissions, or the team role (decisions 0128, 0129).
    user: sessionUserOf(account),
    subject: { id: account.id, role: account.role as TokenSubject['role'], tokenVersion: account.tokenVersion },
  };
}

/**
 * After a sign-in: remembers the device (a hash of the account and the browser's
 * user agent) and, when it is new to an account that signed in before, mails the account.
 */
export async function noteSignInDevice(db: Db, userId: number, userAgent: string, ip: string): Promise<void> {
  const device = userAgent.slice(0, 300) || 'Unknown device';
  const now = new Date().toISOString();
  await runTransaction(db, async (trx) => {
    const seenBefore = await hasKnownDevices(trx, userId);
    const hash = sha256(`${userId}|${device}`);
    if (!(await rememberDevice(trx, userId, hash, now)) || !seenBefore) return;
    await queueMail(trx, {
      to: { userId },
      template: 'new-device-sign-in',
      data: { device, ip, at: now },
      dedupeKey: `new-device:${hash}`,
    });
  });
}
