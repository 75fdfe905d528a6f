import { z } from 'zod';
import { loginBody } from './auth.js';
import { idInput, idString, isoDateTime, messageResponse, requiredText } from './common.js';
import { endpoint } from './endpoint.js';
import { assignableTeamRoles, teamRoles } from './permissions.js';
import { invitationResponse, pendingInvitation } from './staff.js';

/**
 * A seller's team (issue 36; decision 0129): the vendor account's members. The owner
 * (who signed up, or to whom ownership was handed) invites, changes roles, removes and
 * may hand ownership to a manager; every member sees the team.
 */

/** The Team screen's and the answers' words. */
export const teamMessages = {
  invited: 'Invitation sent',
  roleChanged: 'Role updated',
  ownershipHanded: 'Ownership handed over',
  removed: 'Member removed',
  notFound: 'Member not found',
  ownerProtected: 'The owner cannot be removed or given another role; hand ownership to a manager first',
  ownershipToManagersOnly: 'Ownership can be handed only to a manager',
  roleRequired: 'Role is required',
} as const;

/** `POST /api/vendor/team/invitations` body. */
export const teamInvitationBody = z.object({
  email: loginBody.shape.email.transform((value) => value.toLowerCase()),
  name: requiredText('Name is required', 100),
  role: z.enum(assignableTeamRoles, { error: teamMessages.roleRequired }),
});
export type TeamInvitationBody = z.infer<typeof teamInvitationBody>;

/** `PUT /api/vendor/team/{userId}` body: `manager` or `staff`, or `owner` to hand ownership to a manager. */
export const teamRoleBody = z.object({ role: z.enum(teamRoles, { error: teamMessages.roleRequired }) });
export type TeamRoleBody = z.infer<typeof teamRoleBody>;

/** A member of the seller's team. */
export const teamMember = z.object({
  _id: idString.describe("The member's user id"),
  name: z.string(),
  email: z.string(),
  role: z.enum(teamRoles),
  joinedAt: isoDateTime,
});
export type TeamMember = z.infer<typeof teamMember>;

/** `GET /api/vendor/team` answer. */
export const teamListResponse = z.object({
  success: z.literal(true),
  members: z.array(teamMember),
  invitations: z.array(pendingInvitation),
});
export type TeamListResponse = z.infer<typeof teamListResponse>;

/** `{ userId }` path parameter of the team's member routes. */
export const teamMemberParams = z.object({ userId: idInput });

/** The seller's team (vendors; the owner changes it). */
export const teamEndpoints = {
  /** `{ success, members, invitations }`: the owner first, then managers and staff by name. */
  list: endpoint('GET', '/api/vendor/team', { access: 'vendor', summary: "The seller's team" }).output(
    teamListResponse,
  ),
  /** Invites a member (`manager` or `staff`); publishes `team.member_invited`. 409 when the e-mail has an account or an invitation waiting. */
  invite: endpoint('POST', '/api/vendor/team/invitations', {
    access: 'vendor',
    teamRole: 'owner',
    summary: 'Invite a team member',
    status: 201,
    errors: [409],
  })
    .input(z.object({ body: teamInvitationBody }))
    .output(invitationResponse),
  /** Changes a member's role; `owner` hands ownership to a manager (the old owner becomes a manager). 400 for the owner's own role. */
  setRole: endpoint('PUT', '/api/vendor/team/{userId}', {
    access: 'vendor',
    teamRole: 'owner',
    summary: "Change a team member's role",
  })
    .input(z.object({ params: teamMemberParams, body: teamRoleBody }))
    .output(z.object({ success: z.literal(true), message: z.string(), member: teamMember })),
  /** Removes a member: their account can no longer sign in and every session ends. 400 for the owner. */
  remove: endpoint('DELETE', '/api/vendor/team/{userId}', {
    access: 'vendor',
    teamRole: 'owner',
    summary: 'Remove a team member',
  })
    .input(z.object({ params: teamMemberParams }))
    .output(messageResponse),
};
