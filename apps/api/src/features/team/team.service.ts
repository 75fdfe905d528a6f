import {
  type InvitationResponse,
  type TeamInvitationBody,
  type TeamListResponse,
  type TeamMember,
  type TeamRole,
  teamMessages,
  teamRoleLabels,
} from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { recordActivity } from '../activity/activity.service.js';
import { createInvitation, madeInvitationOf, removeAccount, waitingInvitations } from '../staff/invitations.service.js';
import { findMember, findVendorAccount, listTeam, type TeamRow } from './team.repository.js';

/**
 * A seller's team (issue 36, Seller teams; decision 0129). Every vendor route scopes to
 * the vendor account (`actor.vendorId`), whoever of its members acts; the member is
 * `actor.userId`, named in the activity log. The owner (`vendors.user_id`) changes the
 * team; ownership moves only by being handed to a manager.
 */

function toMember(row: TeamRow): TeamMember {
  return {
    _id: String(row.userId),
    name: row.name,
    email: row.email,
    role: row.role,
    joinedAt: new Date(row.joinedAt).toISOString(),
  };
}

const vendorOf = (actor: Actor) => actor.vendorId as number;

/** `GET /api/vendor/team`: the owner, then managers and staff by name, and invitations waiting. */
export async function getTeam(db: Db, actor: Actor, now: Date): Promise<Omit<TeamListResponse, 'success'>> {
  const [members, invitations] = await Promise.all([
    listTeam(db, vendorOf(actor)),
    waitingInvitations(db, 'team', vendorOf(actor), now),
  ]);
  return { members: members.map(toMember), invitations };
}

/**
 * `POST /api/vendor/team/invitations`: stores the invitation and publishes
 * `team.member_invited`, in one transaction. @throws CONFLICT (409) e-mail taken or invited.
 */
export async function inviteMember(
  db: Db,
  events: EventBus,
  actor: Actor,
  body: TeamInvitationBody,
): Promise<Omit<InvitationResponse, 'success' | 'message'>> {
  const now = new Date();
  const at = now.toISOString();
  const invitation = await db.transaction().execute(async (trx) => {
    const vendor = await findVendorAccount(trx, vendorOf(actor));
    if (!vendor) throw notFound(teamMessages.notFound);
    const made = await createInvitation(
      trx,
      {
        kind: 'team',
        email: body.email,
        name: body.name,
        role: body.role,
        vendorId: vendor.id,
        invitedBy: actor.userId,
      },
      now,
    );
    await events.publish(trx, {
      type: 'team.member_invited',
      actor: { userId: actor.userId, role: actor.role, name: actor.name },
      vendor: { id: vendor.id, businessName: vendor.businessName },
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
      changes: { invitedAs: { before: null, after: teamRoleLabels[body.role] } },
    });
    return made.invitation;
  });
  return { invitation: madeInvitationOf(invitation, at) };
}

/**
 * `PUT /api/vendor/team/{userId}`: `manager` or `staff` changes a member's role;
 * `owner` hands the vendor account to a manager (`vendors.user_id` becomes theirs, the
 * old owner becomes a manager), in one transaction.
 * @throws NOT_FOUND (404) not a member; VALIDATION_FAILED (400) for the owner's own role,
 *   or ownership handed to a member who is not a manager.
 */
export async function setMemberRole(db: Db, actor: Actor, userId: number, role: TeamRole): Promise<TeamMember> {
  const vendorId = vendorOf(actor);
  await db.transaction().execute(async (trx) => {
    const vendor = await findVendorAccount(trx, vendorId);
    if (!vendor) throw notFound(teamMessages.notFound);
    if (vendor.userId === userId) throw new AppError('VALIDATION_FAILED', teamMessages.ownerProtected);
    const member = await findMember(trx, vendorId, userId);
    if (!member) throw notFound(teamMessages.notFound);
    const at = new Date().toISOString();
    if (role === 'owner') {
      if (member.role !== 'manager') throw new AppError('VALIDATION_FAILED', teamMessages.ownershipToManagersOnly);
      await trx.deleteFrom('vendorMembers').where('userId', '=', userId).execute();
      await trx.updateTable('vendors').set({ userId, updatedAt: at }).where('id', '=', vendorId).execute();
      await trx
        .insertInto('vendorMembers')
        .values({ userId: vendor.userId, vendorId, role: 'manager', createdAt: at, updatedAt: at })
        .execute();
    } else {
      await trx
        .updateTable('vendorMembers')
        .set({ role, updatedAt: at })
        .where('userId', '=', userId)
        .where('vendorId', '=', vendorId)
        .execute();
    }
    await recordActivity(trx, {
      actor,
      action: 'update',
      kind: 'vendor',
      recordId: vendorId,
      label: member.name,
      changes: { teamRole: { before: member.role, after: role } },
    });
  });
  const after = (await listTeam(db, vendorId)).find((row) => row.userId === userId);
  if (!after) throw notFound(teamMessages.notFound);
  return toMember(after);
}

/**
 * `DELETE /api/vendor/team/{userId}`: the member leaves the team, can no longer sign
 * in, and every session of theirs ends, in one transaction.
 * @throws NOT_FOUND (404) not a member; VALIDATION_FAILED (400) for the owner.
 */
export async function removeMember(db: Db, actor: Actor, userId: number): Promise<void> {
  const vendorId = vendorOf(actor);
  await db.transaction().execute(async (trx) => {
    const vendor = await findVendorAccount(trx, vendorId);
    if (!vendor) throw notFound(teamMessages.notFound);
    if (vendor.userId === userId) throw new AppError('VALIDATION_FAILED', teamMessages.ownerProtected);
    const member = await findMember(trx, vendorId, userId);
    if (!member) throw notFound(teamMessages.notFound);
    const at = new Date().toISOString();
    await trx.deleteFrom('vendorMembers').where('userId', '=', userId).execute();
    await removeAccount(trx, userId, at);
    await recordActivity(trx, {
      actor,
      action: 'update',
      kind: 'vendor',
      recordId: vendorId,
      label: member.name,
      changes: { teamRole: { before: member.role, after: null } },
    });
  });
}
