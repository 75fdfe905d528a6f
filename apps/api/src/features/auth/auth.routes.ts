import {
  accountMessages,
  apiError,
  authMessages,
  loginBody,
  loginResponse,
  meResponse,
  messageResponse,
  passwordChangeBody,
  passwordChangeResponse,
  profileBody,
  profileResponse,
  type SessionUser,
  userCountResponse,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import {
  deleteExpiredRevocations,
  issueToken,
  REVOCATION_CLEANUP_INTERVAL_MS,
  revokeToken,
} from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/errors.js';
import { countHit } from '../../platform/http/rate-limit-store.js';
import { countCustomers } from './auth.repository.js';
import { authenticate, changePassword, getProfile, updateProfile } from './auth.service.js';

/** Sign-in, the current session and the user count. Mounted at `/api/auth`. */
/** The window of the per-address sign-in limit (`LOGIN_ADDRESS_RATE_LIMIT` attempts in it), in ms. */
export const LOGIN_ADDRESS_WINDOW_MS = 10 * 60_000;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /** When this process last deleted expired revocations (ms since the epoch). */
  let lastRevocationCleanup = 0;

  /**
   * `POST /api/auth/admin/login` (spec section 7): `{ email, password }` →
   * `{ success, message, token, user: { _id, name, email, role } }`. The token is a
   * JWT expiring after `JWT_TTL`. Rate limited per IP address and e-mail
   * (`LOGIN_RATE_LIMIT` a minute), and per IP address whatever the e-mail
   * (`LOGIN_ADDRESS_RATE_LIMIT` per 10 minutes, issue 11: one address trying many
   * e-mails), both counted in the database (decision 0015). Errors: 400 validation, 401 wrong e-mail or password, 403 vendor not approved.
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
      // Every attempt from the address counts, in the same table and with the same atomic
      // upsert as the per-e-mail limit, so it holds across processes on PostgreSQL.
      preHandler: async (request) => {
        const hit = await countHit(app.db, `login-address-${request.ip}`, LOGIN_ADDRESS_WINDOW_MS, new Date());
        if (hit.current > app.config.loginAddressRateLimit) {
          throw new AppError('RATE_LIMITED', authMessages.tooManyAttempts);
        }
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in as an admin or an approved vendor',
        body: loginBody,
        response: { 200: loginResponse, 400: apiError, 401: apiError, 403: apiError, 429: apiError },
      },
    },
    async (request) => {
      const { user, subject } = await authenticate(app.db, request.body.email, request.body.password);
      const token = issueToken(app, subject);
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

  /**
   * `POST /api/auth/logout` (sidebar and user menu: Logout): signs out the token the
   * request carries; other sessions of the account stay (decision 0050). At most once a
   * minute per process it also deletes revocations of tokens already expired. Answers
   * `{ success, message }`. Errors: 401 without a valid token (already signed out).
   */
  app.post(
    '/logout',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out this token',
        response: { 200: messageResponse, 401: apiError, 403: apiError },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await revokeToken(app.db, actor.token.jti, actor.userId, actor.token.expiresAt);
      // Revocations of tokens past their expiry are useless: delete them now and then.
      const now = Date.now();
      if (now - lastRevocationCleanup >= REVOCATION_CLEANUP_INTERVAL_MS) {
        lastRevocationCleanup = now;
        await deleteExpiredRevocations(app.db, new Date(now)).catch((error: unknown) =>
          request.log.warn({ err: error }, 'deleting expired token revocations failed'),
        );
      }
      return { success: true as const, message: accountMessages.loggedOut };
    },
  );

  /**
   * `PUT /api/auth/password` (user menu: Security): `{ currentPassword, newPassword }`
   * (new at least 6 characters) → `{ success, message, token }`. Ends every session of
   * the account, in every API process, and answers a fresh token for this one.
   * Errors: 400 validation or wrong current password (`errors.currentPassword`); 401; 403.
   */
  app.put(
    '/password',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's password; ends every other session",
        body: passwordChangeBody,
        response: { 200: passwordChangeResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const subject = await changePassword(app.db, actor, request.body.currentPassword, request.body.newPassword);
      return { success: true as const, message: accountMessages.passwordChanged, token: issueToken(app, subject) };
    },
  );

  /**
   * `GET /api/auth/profile` (user menu: Profile Settings): `{ success, profile }` with the
   * name, e-mail, role, a vendor's `business` (else null) and `updatedAt` (UTC).
   * Errors: 401; 403.
   */
  app.get(
    '/profile',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's profile",
        response: { 200: profileResponse, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => ({ success: true as const, profile: await getProfile(app.db, actorOf(request).userId) }),
  );

  /**
   * `PUT /api/auth/profile`: `{ name, business?: { businessName, phoneNumber, address },
   * updatedAt? }` → `{ success, profile }`. A vendor must send `business`; an admin's is
   * ignored. Errors: 400 validation; 401; 403; 409 changed since `updatedAt`.
   */
  app.put(
    '/profile',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['auth'],
        summary: "Save the signed-in user's name and business details",
        body: profileBody,
        response: { 200: profileResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request) => ({
      success: true as const,
      profile: await updateProfile(app.db, actorOf(request), request.body),
    }),
  );
};
