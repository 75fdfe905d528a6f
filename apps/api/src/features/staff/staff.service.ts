import {
  type InvitationResponse,
  type StaffInvitationBody,
  type StaffListResponse,
  type StaffMember,
  type StaffRoleBody,
  staffMessages,
  staffRoleLabels,
} from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { recordActivity } from '../activity/activity.service.js';
import { createInvitation, madeInvitationOf, removeAccount, waitingInvitations } from './invitations.service.js';
import { findStaff, listStaff, type StaffRow, updateStaffRole } from './staff.repository.js';

/**
 * Staff and their roles (issue 36, Staff roles; decision 0128). Only a role with the
 * `staff` permission (the Owner) reaches these; an Owner account is never changed or
 * removed here, and nobody changes their own.
 */

function toMember(row: StaffRow): StaffMember {
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    role: (row.staffRole ?? 'owner') as StaffMember['role'],
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** `GET /api/staff/admin`: every staff member (not removed) and the invitations waiting. */
export async function listStaffAndInvitations(db: Db, now: Date): Promise<Omit<StaffListResponse, 'success'>> {
  const [members, invitations] = await Promise.all([listStaff(db), waitingInvitations(db, 'staff', null, now)]);
  const ownersFirst = members.map(toMember).sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
  return { members: ownersFirst, invitations };
}

/**
 * `POST /api/staff/admin/invitations`: stores the invitation and publishes
 * `staff.invited` (its mail is a subscriber's), in one transaction.
 * @throws AppError CONFLICT (409) when the e-mail has an account or an invitation waiting.
 */
export async function inviteStaff(
  db: Db,
  events: EventBus,
  actor: Actor,
  body: StaffInvitationBody,
): Promise<Omit<InvitationResponse, 'success' | 'message'>> {
  const now = new Date();
  const at = now.toISOString();
  const invitation = await db.transaction().execute(async (trx) => {
    const made = await createInvitation(
      trx,
      { kind: 'staff', email: body.email, name: body.name, role: body.role, vendorId: null, invitedBy: actor.userId },
      now,
    );
    await events.publish(trx, {
      type: 'staff.invited',
      actor: { userId: actor.userId, role: actor.role, name: actor.name },
      invitation: made.invitation,
      token: made.token,
      at,
    });
    await recordActivity(trx, {
      actor,
      action: 'create',
      kind: 'account',
      recordId: made.invitation.id,
      // Names the role, not the person: an invitee who later shops and asks for erasure is in no log line.
      label: `Invitation ${made.invitation.id}`,
      changes: { invitedAs: { before: null, after: staffRoleLabels[body.role] } },
    });
    return made.invitation;
  });
  return { invitation: madeInvitationOf(invitation, at) };
}

/** The member `id` an Owner may change: not an Owner, not themselves. */
async function changeable(trx: Db, actor: Actor, id: number): Promise<StaffRow> {
  const row = await findStaff(trx, id);
  if (!row) throw notFound(staffMessages.notFound);
  if (row.id === actor.userId) throw new AppError('VALIDATION_FAILED', staffMessages.notYourself);
  if ((row.staffRole ?? 'owner') === 'owner') throw new AppError('VALIDATION_FAILED', staffMessages.ownerProtected);
  return row;
}

/**
 * `PUT /api/staff/admin/{id}`: gives the member another role; it applies from their
 * next request (permissions are read on each). @throws NOT_FOUND (404); VALIDATION_FAILED
 * (400) for an Owner or oneself; CONFLICT (409) when `updatedAt` is stale.
 */
export async function setStaffRole(db: Db, actor: Actor, id: number, body: StaffRoleBody): Promise<StaffMember> {
  await db.transaction().execute(async (trx) => {
    const row = await changeable(trx, actor, id);
    if (isStaleVersion(body.updatedAt, new Date(row.updatedAt).toISOString()))
      throw conflict(staffMessages.changedMeanwhile);
    const at = nextVersion(new Date(row.updatedAt).toISOString(), new Date().toISOString());
    await updateStaffRole(trx, id, body.role, at);
    await recordActivity(trx, {
      actor,
      action: 'update',
      kind: 'account',
      recordId: id,
      label: row.name,
      changes: { role: { before: row.staffRole, after: body.role } },
    });
  });
  const after = await findStaff(db, id);
  if (!after) throw notFound(staffMessages.notFound);
  return toMember(after);
}

/**
 * `DELETE /api/staff/admin/{id}`: the member can no longer sign in and every session
 * of theirs ends (token version raised), in one transaction; the account stays for
 * the history it made. @throws NOT_FOUND (404); VALIDATION_FAILED (400) for an Owner or oneself.
 */
export async function removeStaff(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await changeable(trx, actor, id);
    const at = new Date().toISOString();
    await removeAccount(trx, id, at);
    await recordActivity(trx, {
      actor,
      action: 'delete',
      kind: 'account',
      recordId: id,
      label: row.name,
      changes: { role: { before: row.staffRole, after: null } },
    });
  });
}
