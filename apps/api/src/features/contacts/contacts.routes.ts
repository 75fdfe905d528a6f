import { contactEndpoints, contactMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerExporter, sendExport } from '../../platform/csv/exporter.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import {
  bulkContacts,
  contactExporter,
  createContact,
  deleteContact,
  getContact,
  listContacts,
  setHandled,
} from './contacts.service.js';

/**
 * Contact messages (spec sections 2 'Contact messages', 3, 7; `contactEndpoints`). The
 * storefront's form is public and rate limited; reading and deleting are admin only.
 * The spec's `/contacts...` spellings reach the same routes through the legacy-path rewrite.
 */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  registerExporter(app, contactExporter);
  registerEndpoints(app, contactEndpoints, {
    /**
     * `POST /api/contacts` → 201 `{ success, message, contact }`. Errors: 400 validation
     * (spec section 5's messages); 429 past `CONTACT_RATE_LIMIT` per 10 minutes per address.
     */
    create: {
      options: {
        config: {
          rateLimit: {
            max: app.config.contactRateLimit,
            timeWindow: '10 minutes',
            hook: 'preHandler',
            keyGenerator: (request) => request.ip,
            errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: contactMessages.tooMany }),
          },
        },
      },
      handler: async (request) => ({
        success: true as const,
        message: contactMessages.received,
        contact: await createContact(app.db, app.events, request.body),
      }),
    },

    /** `GET /api/contacts` → `{ success, contacts }` newest first, or a page. Errors: 400 bad query or cursor. */
    list: async (request) => ({ success: true as const, ...(await listContacts(app.db, app.lists, request.query)) }),

    /**
     * `GET /api/contacts/export` → `text/csv` of every message the list's `search` and `handled` select, newest
     * first, times in `STORE_TIME_ZONE` (issue 26). Errors: 400 bad query.
     */
    export: async (request, reply) => sendExport(app, request, reply, contactExporter, request.query),

    /** `GET /api/contacts/{id}` → `{ success, contact }`. Errors: 400; 404. */
    get: async (request) => ({ success: true as const, contact: await getContact(app.db, request.params.id) }),

    /** `PUT /api/contacts/{id}/handled` → `{ success, message, contact }` (issue 27). Errors: 400; 404. */
    setHandled: async (request) => ({
      success: true as const,
      message: request.body.handled ? contactMessages.markedHandled : contactMessages.markedWaiting,
      contact: await setHandled(app.db, actorOf(request), request.params.id, request.body.handled),
    }),

    /**
     * `POST /api/contacts/bulk` → `{ success, message, done, refused }`: each selected message
     * marked handled, not handled, or deleted (issue 26). Errors: 400 bad body.
     */
    bulk: async (request) => ({
      success: true as const,
      ...(await bulkContacts(app.db, actorOf(request), request.body)),
    }),

    /** `DELETE /api/contacts/{id}` → 'Contact deleted successfully!'. Errors: 400; 404. */
    remove: async (request) => {
      await deleteContact(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: contactMessages.deleted };
    },
  });
};
