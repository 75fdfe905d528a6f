import {
  apiError,
  authMessages,
  loginBody,
  loginResponse,
  meResponse,
  type SessionUser,
  userCountResponse,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import { countCustomers } from './auth.repository.js';
import { authenticate } from './auth.service.js';

/** Sign-in, the current session and the user count. Mounted at `/api/auth`. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `POST /api/auth/admin/login` (spec section 7): `{ email, password }` →
   * `{ success, message, token, user: { _id, name, email, role } }`. The token is a
   * JWT expiring after `JWT_TTL`. Rate limited per IP address and e-mail (429).
   * Errors: 400 validation, 401 wrong e-mail or password, 403 vendor not approved.
   */
  app.post(
    '/admin/login',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: app.config.loginRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
          },
          errorResponseBuilder: () => ({
            statusCode: 429,
            code: 'RATE_LIMITED',
            message: authMessages.tooManyAttempts,
          }),
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in as an admin or an approved vendor',
        body: loginBody,
        response: { 200: loginResponse, 400: apiError, 401: apiError, 403: apiError, 429: apiError },
      },
    },
    async (request) => {
      const user = await authenticate(app.db, request.body.email, request.body.password);
      const token = app.jwt.sign({ sub: user._id, role: user.role as 'admin' | 'vendor' });
      return { success: true as const, message: authMessages.loginSucceeded, token, user };
    },
  );

  /** `GET /api/auth/me`: the signed-in user. Errors: 401 without or with a bad token; 403 account not allowed. */
  app.get(
    '/me',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: meResponse, 401: apiError, 403: apiError },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const user: SessionUser = { _id: String(actor.userId), name: actor.name, email: actor.email, role: actor.role };
      return { success: true as const, user };
    },
  );

  /** `GET /api/auth/admin/users/count` (spec section 7, dashboard): customer accounts. Admin only. */
  app.get(
    '/admin/users/count',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['auth'],
        summary: 'Number of customer accounts',
        response: { 200: userCountResponse, 401: apiError, 403: apiError },
      },
    },
    async () => ({ success: true as const, totalUsers: await countCustomers(app.db) }),
  );
};
