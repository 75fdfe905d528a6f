import { z } from 'zod';
import { loginBody, loginResponse, PASSWORD_MIN_LENGTH } from './auth.js';
import {
  editVersion,
  idParams,
  idString,
  isoDateTime,
  messageResponse,
  optionalSafeText,
  requiredText,
} from './common.js';
import { endpoint } from './endpoint.js';
import { assignableStaffRoles, permissions, staffRoles } from './permissions.js';

/**
 * Staff and their roles, and invitations for staff and seller teams (issue 36;
 * decisions 0128 and 0130). An invitation is accepted through `POST
 * /api/auth/invitations/accept` whether it came from the Staff screen or a seller's Team.
 */

/** The Staff screen's and the answers' words. */
export const staffMessages = {
  invited: 'Invitation sent',
  roleChanged: 'Role updated',
  removed: 'Staff member removed',
  emailTaken: 'An account with this e-mail already exists',
  alreadyInvited: 'This e-mail already has an invitation waiting',
  ownerProtected: 'The Owner cannot be removed or given another role',
  notYourself: 'You cannot change or remove your own account here',
  notFound: 'Staff member not found',
  changedMeanwhile: 'This staff member was changed after you opened it. Reload and try again.',
  invitationInvalid: 'This invitation link is invalid, used or expired',
  accepted: 'Welcome! Your account is ready',
  roleRequired: 'Role is required',
} as const;

/** How long an invitation link stays valid: 7 days, in ms. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** An e-mail as an invitation takes it: trimmed and lower-cased, like sign-in's. */
const inviteEmail = loginBody.shape.email.transform((value) => value.toLowerCase());

/** `POST /api/staff/admin/invitations` body. */
export const staffInvitationBody = z.object({
  email: inviteEmail,
  name: requiredText('Name is required', 100),
  role: z.enum(assignableStaffRoles, { error: staffMessages.roleRequired }),
});
export type StaffInvitationBody = z.infer<typeof staffInvitationBody>;

/** `PUT /api/staff/admin/{id}` body: the new role and the version the screen showed. */
export const staffRoleBody = z.object({
  role: z.enum(assignableStaffRoles, { error: staffMessages.roleRequired }),
  updatedAt: editVersion(staffMessages.changedMeanwhile),
});
export type StaffRoleBody = z.infer<typeof staffRoleBody>;

/** A staff member (an admin account) as the Staff screen lists it. */
export const staffMember = z.object({
  _id: idString,
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type StaffMember = z.infer<typeof staffMember>;

/** An invitation not accepted yet (its token is never shown again). */
export const pendingInvitation = z.object({
  _id: idString,
  name: z.string(),
  email: z.string(),
  role: z.string(),
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;

/** `GET /api/staff/admin` answer: every staff member, and invitations waiting (not expired). */
export const staffListResponse = z.object({
  success: z.literal(true),
  members: z.array(staffMember),
  invitations: z.array(pendingInvitation),
});
export type StaffListResponse = z.infer<typeof staffListResponse>;

/** `POST /api/staff/admin/invitations` (and the Team's) answer. */
export const invitationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  invitation: pendingInvitation,
});
export type InvitationResponse = z.infer<typeof invitationResponse>;

/** `PUT /api/staff/admin/{id}` answer. */
export const staffMemberResponse = z.object({ success: z.literal(true), message: z.string(), member: staffMember });
export type StaffMemberResponse = z.infer<typeof staffMemberResponse>;

/** `POST /api/auth/invitations/accept` body: the link's token, a name (else the invitation's) and a password. */
export const acceptInvitationBody = z.object({
  token: z.string({ error: staffMessages.invitationInvalid }).min(1, staffMessages.invitationInvalid).max(200),
  name: optionalSafeText(100),
  password: z
    .string({ error: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'Password must be at most 200 characters'),
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;
export type AcceptInvitationBodyInput = z.input<typeof acceptInvitationBody>;

/** The permission catalogue as the wire carries it, for documentation. */
export const permissionSchema = z.enum(permissions as [string, ...string[]]);

/** Staff (decision 0128): admins with the `staff` permission (the Owner). */
export const staffEndpoints = {
  /** `{ success, members, invitations }`: every admin account with its role, and invitations waiting. */
  list: endpoint('GET', '/api/staff/admin', {
    access: 'admin',
    permission: 'staff:read',
    summary: 'Staff members and their roles',
  }).output(staffListResponse),
  /**
   * Invites a staff member by e-mail with a role: a single-use link valid 7 days
   * (`INVITATION_TTL_MS`), its token stored hashed; publishes `staff.invited` (the mail
   * is its subscriber). 409 when the e-mail has an account or an invitation waiting.
   */
  invite: endpoint('POST', '/api/staff/admin/invitations', {
    access: 'admin',
    permission: 'staff:write',
    summary: 'Invite a staff member',
    status: 201,
    errors: [409],
  })
    .input(z.object({ body: staffInvitationBody }))
    .output(invitationResponse),
  /** Gives a member another role. 400 for the Owner or oneself; 409 stale `updatedAt`. */
  setRole: endpoint('PUT', '/api/staff/admin/{id}', {
    access: 'admin',
    permission: 'staff:write',
    summary: "Change a staff member's role",
  })
    .input(z.object({ params: idParams, body: staffRoleBody }))
    .output(staffMemberResponse),
  /** Removes a member: their account can no longer sign in and every session ends. 400 for the Owner or oneself. */
  remove: endpoint('DELETE', '/api/staff/admin/{id}', {
    access: 'admin',
    permission: 'staff:write',
    summary: 'Remove a staff member',
  })
    .input(z.object({ params: idParams }))
    .output(messageResponse),
};

/** Accepting an invitation (staff or seller team): answers a session like sign-in. */
export const invitationEndpoints = {
  /**
   * `{ token, name?, password }` → `{ success, message, token, user }` like sign-in. 400
   * for a token unknown, used or expired (nothing changes). Rate limited.
   */
  accept: endpoint('POST', '/api/auth/invitations/accept', {
    access: 'public',
    summary: 'Accept an invitation and sign in',
    rateLimited: true,
  })
    .input(z.object({ body: acceptInvitationBody }))
    .output(loginResponse),
};
