import { invitationEndpoints, staffEndpoints, staffMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { issueToken } from '../../platform/auth/sessions.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { acceptInvitation } from './invitations.service.js';
import { inviteStaff, listStaffAndInvitations, removeStaff, setStaffRole } from './staff.service.js';

/** Invitation accepts a minute per address: tokens are 32 random bytes, the limit only blunts floods. */
const ACCEPT_RATE_LIMIT = 20;

/**
 * Staff (`staffEndpoints`, issue 36; decision 0128) and accepting an invitation, staff
 * or team (`invitationEndpoints`; decision 0130).
 */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, staffEndpoints, {
    /** `GET /api/staff/admin` → `{ success, members, invitations }`. */
    list: async () => ({ success: true as const, ...(await listStaffAndInvitations(app.db, new Date())) }),
    /** `POST /api/staff/admin/invitations` → 201 `{ success, message, invitation }`. Errors: 409 e-mail taken or invited. */
    invite: async (request) => ({
      success: true as const,
      message: staffMessages.invited,
      ...(await inviteStaff(app.db, app.events, actorOf(request), request.body)),
    }),
    /** `PUT /api/staff/admin/{id}` → `{ success, message, member }`. Errors: 400 Owner or oneself; 404; 409 stale. */
    setRole: async (request) => ({
      success: true as const,
      message: staffMessages.roleChanged,
      member: await setStaffRole(app.db, actorOf(request), request.params.id, request.body),
    }),
    /** `DELETE /api/staff/admin/{id}` → `{ success, message }`; their sessions end. Errors: 400 Owner or oneself; 404. */
    remove: async (request) => {
      await removeStaff(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: staffMessages.removed };
    },
  });

  registerEndpoints(app, invitationEndpoints, {
    /**
     * `POST /api/auth/invitations/accept` → `{ success, message, token, user }` like sign-in.
     * Errors: 400 token unknown, used or expired (nothing changes); 429.
     */
    accept: {
      options: { config: { rateLimit: { max: ACCEPT_RATE_LIMIT, timeWindow: '1 minute' } } },
      handler: async (request) => {
        const { user, subject } = await acceptInvitation(app.db, request.body, new Date());
        return { success: true as const, message: staffMessages.accepted, token: issueToken(app, subject), user };
      },
    },
  });
};
