import {
  apiError,
  contactBody,
  contactCreatedResponse,
  contactListQuery,
  contactListResponse,
  contactMessages,
  contactResponse,
  idParams,
  messageResponse,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import { createContact, deleteContact, getContact, listContacts } from './contacts.service.js';

const tags = ['contacts'];

/**
 * Contact messages (spec sections 2 'Contact messages', 3, 7). Mounted at
 * `/api/contacts`; the spec's `/contacts...` spellings reach the same routes through
 * the legacy-path rewrite.
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `POST /api/contacts`: the storefront's contact form, `{ name, email, phone?, message }`
   * → 201 `{ success, message, contact }`. Public; rate limited per IP address
   * (`CONTACT_RATE_LIMIT` messages per 10 minutes, counted in the database).
   * Errors: 400 validation ('Name is required', 'Email is required', 'Invalid email
   * format', 'Please enter a valid phone number', 'Message is required'), 429.
   */
  app.post(
    '/',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: app.config.contactRateLimit,
          timeWindow: '10 minutes',
          hook: 'preHandler',
          keyGenerator: (request) => request.ip,
          errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: contactMessages.tooMany }),
        },
      },
      schema: {
        tags,
        summary: 'Send a message through the storefront contact form',
        body: contactBody,
        response: { 201: contactCreatedResponse, 400: apiError, 415: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const contact = await createContact(app.db, request.body);
      return reply.status(201).send({ success: true as const, message: contactMessages.received, contact });
    },
  );

  /**
   * `GET /api/contacts` (spec section 7: `contacts` array): newest first. Admin only.
   * `search` matches name, e-mail, message or phone; with `limit` a page plus `total`
   * and `nextCursor`. Errors: 400 bad query or cursor, 401, 403.
   */
  app.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Contact messages, newest first',
        querystring: contactListQuery,
        response: { 200: contactListResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request) => ({ success: true as const, ...(await listContacts(app.db, app.lists, request.query)) }),
  );

  /** `GET /api/contacts/:id` (spec section 7: `contact` single). Admin only. Errors: 400, 401, 403, 404. */
  app.get(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One contact message',
        params: idParams,
        response: { 200: contactResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => ({ success: true as const, contact: await getContact(app.db, request.params.id) }),
  );

  /**
   * `DELETE /api/contacts/:id` (spec section 7; 'Are you sure you want to delete this
   * contact?') → 'Contact deleted successfully!'. Admin only. Errors: 400, 401, 403, 404.
   */
  app.delete(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a contact message',
        params: idParams,
        response: { 200: messageResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => {
      await deleteContact(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: contactMessages.deleted };
    },
  );
};
