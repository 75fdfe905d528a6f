import { accountMessages, authMessages, type Profile, type ProfileBody, type SessionUser } from '@haat/contract';
import { accountRefusal, rolesOf } from '../../platform/auth/access.js';
import type { ActorRow } from '../../platform/auth/actor.repository.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { endAllSessions, type TokenSubject } from '../../platform/auth/sessions.js';
import type { Db } from '../../platform/db/create-db.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import { queueMail } from '../../platform/mail/outbox.js';
import { type ActivityActor, diffFields, recordActivity } from '../activity/activity.service.js';
import {
  countCustomers as countCustomerAccounts,
  findPasswordOf,
  findProfile,
  findUserForLogin,
  updatePasswordHash,
  updateProfileRows,
} from './auth.repository.js';

/**
 * The signed-in user as sign-in, `GET /api/auth/me` and an accepted invitation answer
 * it: the spec's `{ _id, name, email, role }`, with an admin's staff role and
 * permissions or a vendor member's team role (decisions 0128, 0129), which the web uses
 * to show only what the role may use.
 */
export function sessionUserOf(
  user: Pick<ActorRow, 'id' | 'name' | 'email' | 'role' | 'staffRole' | 'teamRole'>,
): SessionUser {
  const roles = rolesOf(user);
  return {
    _id: String(user.id),
    name: user.name,
    email: user.email,
    role: user.role,
    ...(roles.staffRole && { staffRole: roles.staffRole, permissions: [...roles.permissions] }),
    ...(roles.teamRole && { teamRole: roles.teamRole }),
  };
}

/**
 * Checks an e-mail and password (spec section 7, `POST /api/auth/admin/login`).
 * Admins and approved vendors may sign in.
 * @returns the user as the session keeps it, and what the token must carry.
 * @throws AppError INVALID_CREDENTIALS (401) for an unknown e-mail or a wrong password, alike;
 *   ACCOUNT_PENDING / ACCOUNT_REJECTED (403) for a vendor not approved; FORBIDDEN (403) for customers.
 */
export async function authenticate(
  db: Db,
  email: string,
  password: string,
): Promise<{ user: SessionUser; subject: TokenSubject }> {
  const user = await findUserForLogin(db, email);
  const passwordMatches = await verifyPassword(password, user?.passwordHash);
  if (!user || !passwordMatches) throw new AppError('INVALID_CREDENTIALS', authMessages.invalidCredentials);
  const refusal = accountRefusal(user);
  if (refusal) throw refusal;
  return {
    user: {
      ...sessionUserOf({ ...user, staffRole: user.staffRole as ActorRow['staffRole'], teamRole: user.teamRole }),
      // A staff account the store requires to set up two-factor sign-in is told so (decision 0147).
      ...(user.twoFactorSetupRequired === 1 && { twoFactorSetupRequired: true }),
    },
    subject: { id: user.id, role: user.role as TokenSubject['role'], tokenVersion: user.tokenVersion },
  };
}

/**
 * `PUT /api/auth/password` (user menu: Security): replaces the signed-in user's
 * password after checking the current one, and ends every session of the account
 * (decision 0050), in one transaction.
 * @returns what a fresh token for this user must carry (the new token version).
 * @throws AppError VALIDATION_FAILED (400) with `errors.currentPassword` when the current
 *   password is wrong (not 401: the session itself is fine); NOT_FOUND (404) if the account is gone.
 */
export async function changePassword(
  db: Db,
  actor: ActivityActor,
  currentPassword: string,
  newPassword: string,
): Promise<TokenSubject> {
  const userId = actor.userId;
  const account = await findPasswordOf(db, userId);
  if (!account) throw notFound(authMessages.invalidToken);
  if (!(await verifyPassword(currentPassword, account.passwordHash))) {
    throw new AppError('VALIDATION_FAILED', accountMessages.currentPasswordWrong, {
      currentPassword: accountMessages.currentPasswordWrong,
    });
  }
  const hash = await hashPassword(newPassword);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, userId, hash, now);
    await endAllSessions(trx, userId);
    await queueMail(trx, {
      to: { userId },
      template: 'password-changed',
      data: { at: now },
      dedupeKey: `password-change:${userId}:${now}`,
    });
    // That it changed, never the value (issue 10).
    const changes = { passwordChanged: { before: false, after: true } };
    await recordActivity(trx, {
      actor,
      action: 'password_change',
      kind: 'account',
      recordId: userId,
      label: actor.name,
      changes,
    });
  });
  const after = await findPasswordOf(db, userId);
  if (!after) throw notFound(authMessages.invalidToken);
  return { id: after.id, role: after.role as TokenSubject['role'], tokenVersion: after.tokenVersion };
}

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

function toProfile(row: ProfileRow): Profile {
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    role: row.role,
    business:
      row.vendorId === null
        ? null
        : { businessName: row.businessName ?? '', phoneNumber: row.phoneNumber ?? '', address: row.address ?? '' },
    updatedAt: row.updatedAt,
  };
}

/**
 * `GET /api/auth/profile` (user menu: Profile Settings): the signed-in user's name,
 * e-mail, role, a vendor's business details and the version (`updatedAt`, UTC).
 * @throws AppError NOT_FOUND (404) if the account is gone.
 */
export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const row = await findProfile(db, userId);
  if (!row) throw notFound(authMessages.invalidToken);
  return toProfile(row);
}

/**
 * `PUT /api/auth/profile`: saves the signed-in user's name and, for a vendor, their
 * business details (an admin's `business` is ignored). The e-mail is not changed here
 * (an admin changes a vendor's). With `updatedAt`, a profile saved since answers 409.
 * @throws AppError CONFLICT (409) for a stale version; VALIDATION_FAILED (400) when a
 *   vendor leaves out the business details; NOT_FOUND (404) if the account is gone.
 */
export async function updateProfile(db: Db, actor: ActivityActor, body: ProfileBody): Promise<Profile> {
  const userId = actor.userId;
  await db.transaction().execute(async (trx) => {
    const current = await findProfile(trx, userId);
    if (!current) throw notFound(authMessages.invalidToken);
    if (isStaleVersion(body.updatedAt, current.updatedAt))
      throw new AppError('CONFLICT', accountMessages.changedMeanwhile);
    const isVendor = current.vendorId !== null;
    if (isVendor && !body.business)
      throw new AppError('VALIDATION_FAILED', accountMessages.businessNameRequired, {
        business: accountMessages.businessNameRequired,
      });
    const savedAt = nextVersion(current.updatedAt, new Date().toISOString());
    await updateProfileRows(trx, userId, body.name, isVendor && body.business ? body.business : null, savedAt);
    const after = await findProfile(trx, userId);
    const changes = diffFields(current, after ?? null, { ignore: ['vendorId', 'role'] });
    await recordActivity(trx, {
      actor,
      action: 'update',
      kind: 'account',
      recordId: userId,
      label: body.name,
      changes,
    });
  });
  return getProfile(db, userId);
}

/** How many customer accounts the store has (spec section 2, the dashboard's 'Total Users'). */
export function countCustomers(db: Db): Promise<number> {
  return countCustomerAccounts(db);
}
