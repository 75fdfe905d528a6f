import { teamEndpoints, teamMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { getTeam, inviteMember, removeMember, setMemberRole } from './team.service.js';

/** A seller's team (`teamEndpoints`, issue 36; decision 0129): members read it, the owner changes it. */
export const teamRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, teamEndpoints, {
    /** `GET /api/vendor/team` → `{ success, members, invitations }`. */
    list: async (request) => ({ success: true as const, ...(await getTeam(app.db, actorOf(request), new Date())) }),
    /** `POST /api/vendor/team/invitations` → 201 `{ success, message, invitation }`. Errors: 403 not the owner; 409. */
    invite: async (request) => ({
      success: true as const,
      message: teamMessages.invited,
      ...(await inviteMember(app.db, app.events, actorOf(request), request.body)),
    }),
    /** `PUT /api/vendor/team/{userId}` → `{ success, message, member }`. Errors: 400 the owner / not a manager; 404. */
    setRole: async (request) => ({
      success: true as const,
      message: request.body.role === 'owner' ? teamMessages.ownershipHanded : teamMessages.roleChanged,
      member: await setMemberRole(app.db, actorOf(request), request.params.userId, request.body.role),
    }),
    /** `DELETE /api/vendor/team/{userId}` → `{ success, message }`; their sessions end. Errors: 400 the owner; 404. */
    remove: async (request) => {
      await removeMember(app.db, actorOf(request), request.params.userId);
      return { success: true as const, message: teamMessages.removed };
    },
  });
};
