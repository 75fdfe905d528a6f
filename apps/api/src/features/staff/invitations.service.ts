import { createHash, randomBytes } from 'node:crypto';
import {
  type AcceptInvitationBody,
  INVITATION_TTL_MS,
  type PendingInvitation,
  type SessionUser,
  staffMessages,
} from '@haat/contract';
import type { ActorRow } from '../../platform/auth/actor.repository.js';
import { findActorById } from '../../platform/auth/actor.repository.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { TokenSubject } from '../../platform/auth/sessions.js';
import { endAllSessions } from '../../platform/auth/sessions.js';
import type { Db } from '../../platform/db/create-db.js';
import { AppError, conflict } from '../../platform/errors.js';
import type { InvitationRef } from '../../platform/events/domain-events.js';
import { recordActivity } from '../activity/activity.service.js';
import { sessionUserOf } from '../auth/auth.service.js';
import { eraseInvitationMailsTo } from '../mail/mail.service.js';
import {
  deleteInvitationsTo,
  findAccountByEmail,
  findInvitationByHash,
  hasWaitingInvitation,
  type InvitationRow,
  insertInvitation,
  listWaitingInvitations,
  markAccepted,
} from './invitations.repository.js';
import { markRemoved } from './staff.repository.js';

/**
 * Invitations to the staff or to a seller's team (issue 36; decision 0130): a random
 * 32-byte token, sent once in the invitation's mail (the event carries it) and stored
 * only as its SHA-256 hash; valid `INVITATION_TTL_MS` (7 days) and once.
 */

/** The SHA-256 (hex) of an invitation token, as stored. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** An invitation as the screens list it. */
export function toPendingInvitation(row: InvitationRow): PendingInvitation {
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    role: row.role,
    expiresAt: new Date(row.expiresAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** An invitation just made (`createInvitation`'s), as the invite call answers it; `createdAt` is the call's instant (UTC). */
export function madeInvitationOf(invitation: InvitationRef, createdAt: string): PendingInvitation {
  return {
    _id: String(invitation.id),
    name: invitation.name,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
    createdAt,
  };
}

/**
 * Stores an invitation for `email` with `role` (inside the caller's transaction).
 * @returns the invitation as its event carries it, and the token (never stored).
 * @throws AppError CONFLICT (409) when the e-mail has an account (not removed) or an invitation waiting.
 */
export async function createInvitation(
  trx: Db,
  input: {
    kind: 'staff' | 'team';
    email: string;
    name: string;
    role: string;
    vendorId: number | null;
    invitedBy: number;
  },
  now: Date,
): Promise<{ invitation: InvitationRef; token: string }> {
  const at = now.toISOString();
  const account = await findAccountByEmail(trx, input.email);
  if (account && !account.removedAt) throw conflict(staffMessages.emailTaken);
  if (await hasWaitingInvitation(trx, input.email, at)) throw conflict(staffMessages.alreadyInvited);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  const id = await insertInvitation(trx, {
    kind: input.kind,
    email: input.email,
    name: input.name,
    role: input.role,
    vendorId: input.vendorId,
    tokenHash: hashInvitationToken(token),
    invitedBy: input.invitedBy,
    expiresAt,
    createdAt: at,
  });
  return { invitation: { id, email: input.email, name: input.name, role: input.role, expiresAt }, token };
}

const invalid = () => new AppError('VALIDATION_FAILED', staffMessages.invitationInvalid);

/**
 * `POST /api/auth/invitations/accept`: makes the invited account (or brings back one
 * removed before, with the new role and password, its old sessions ended) and uses the
 * invitation up, in one transaction. A staff invitation makes an admin with its role; a
 * team invitation a vendor member of the inviting vendor account.
 * @returns the session user and what its token must carry.
 * @throws AppError VALIDATION_FAILED (400) for a token unknown, used or expired, an
 *   e-mail that has an account meanwhile, or a vendor account gone; nothing changes then.
 */
export async function acceptInvitation(
  db: Db,
  body: AcceptInvitationBody,
  now: Date,
): Promise<{ user: SessionUser; subject: TokenSubject }> {
  const at = now.toISOString();
  const passwordHash = await hashPassword(body.password);
  const userId = await db.transaction().execute(async (trx) => {
    const invitation = await findInvitationByHash(trx, hashInvitationToken(body.token));
    if (!invitation || invitation.acceptedAt || Date.parse(invitation.expiresAt) <= now.getTime()) throw invalid();
    if (!(await markAccepted(trx, invitation.id, at))) throw invalid();
    if (invitation.kind === 'team') {
      const vendor = await trx
        .selectFrom('vendors')
        .select('id')
        .where('id', '=', invitation.vendorId ?? 0)
        .executeTakeFirst();
      if (!vendor) throw invalid();
    }
    const name = body.name ?? invitation.name;
    const values = {
      name,
      passwordHash,
      role: invitation.kind === 'staff' ? ('admin' as const) : ('vendor' as const),
      staffRole: invitation.kind === 'staff' ? (invitation.role as ActorRow['staffRole']) : null,
      removedAt: null,
      updatedAt: at,
    };
    const existing = await findAccountByEmail(trx, invitation.email);
    if (existing && !existing.removedAt) throw invalid();
    let id: number;
    if (existing) {
      // A member removed before comes back: the same account (its history stays theirs), new sessions only.
      await trx
        .updateTable('users')
        .set((eb) => ({ ...values, tokenVersion: eb('tokenVersion', '+', 1) }))
        .where('id', '=', existing.id)
        .execute();
      id = existing.id;
    } else {
      const row = await trx
        .insertInto('users')
        .values({ ...values, email: invitation.email, phone: null, createdAt: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    if (invitation.kind === 'team') {
      await trx
        .insertInto('vendorMembers')
        .values({
          userId: id,
          vendorId: invitation.vendorId as number,
          role: invitation.role as 'manager' | 'staff',
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    }
    await recordActivity(trx, {
      actor: { userId: id, role: values.role, name },
      action: 'create',
      kind: 'account',
      recordId: id,
      label: name,
      changes: { invitationAccepted: { before: null, after: invitation.role } },
    });
    return id;
  });
  const row = await findActorById(db, userId);
  if (!row) throw invalid();
  return {
    user: sessionUserOf(row),
    subject: { id: row.id, role: row.role as TokenSubject['role'], tokenVersion: row.tokenVersion },
  };
}

/** The staff's (`vendorId` null) or one vendor's team's invitations waiting at `now`, newest first. */
export async function waitingInvitations(
  db: Db,
  kind: 'staff' | 'team',
  vendorId: number | null,
  now: Date,
): Promise<PendingInvitation[]> {
  return (await listWaitingInvitations(db, kind, vendorId, now.toISOString())).map(toPendingInvitation);
}

/**
 * Removes a staff or team member's account at `at` (UTC), inside the caller's
 * transaction: it can no longer sign in, and every session of it ends (decision 0050).
 */
export async function removeAccount(trx: Db, userId: number, at: string): Promise<void> {
  await markRemoved(trx, userId, at);
  await endAllSessions(trx, userId);
}

/** The erasure of a person (decision 0120): every invitation to their e-mails is deleted, and its mail. */
export async function eraseInvitationsTo(trx: Db, emails: readonly string[]): Promise<void> {
  await deleteInvitationsTo(trx, emails);
  await eraseInvitationMailsTo(trx, emails);
}
