import { mailEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { getOutboxMail, getPreferences, listOutbox, savePreferences } from './mail.service.js';

/** The outbox for admins and each user's mail preferences (issue 36; decision 0125). */
export const mailRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, mailEndpoints, {
    /** `GET /api/mail/admin/outbox` → `{ success, mails, total?, nextCursor? }`. 400 bad cursor. */
    outbox: async (request) => ({ success: true as const, ...(await listOutbox(app.db, request.query)) }),
    /** `GET /api/mail/admin/outbox/{id}` → `{ success, mail }` with `html` and `text`. 404 none. */
    outboxMail: async (request) => ({
      success: true as const,
      mail: await getOutboxMail(app.db, request.params.id, app.config),
    }),
    /** `GET /api/mail/preferences` → `{ success, preferences }`. */
    preferences: async (request) => ({
      success: true as const,
      preferences: await getPreferences(app.db, actorOf(request).userId),
    }),
    /** `PUT /api/mail/preferences` → `{ success, preferences }`. 400 unknown or essential template. */
    savePreferences: async (request) => ({
      success: true as const,
      preferences: await savePreferences(app.db, actorOf(request).userId, request.body.preferences),
    }),
  });
};
