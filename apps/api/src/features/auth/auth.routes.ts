import {
  accountEndpoints,
  accountMessages,
  authEndpoints,
  authMessages,
  type LoginBody,
  type SessionUser,
  securityMessages,
} from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import {
  deleteExpiredRevocations,
  issueToken,
  REVOCATION_CLEANUP_INTERVAL_MS,
  revokeToken,
} from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { countHit } from '../../platform/http/rate-limit-store.js';
import { countCustomers } from './auth.repository.js';
import { authenticate, changePassword, getProfile, sessionUserOf, updateProfile } from './auth.service.js';
import { noteSignInDevice, startChallenge } from './security.service.js';

/** The window of the per-address sign-in limit (`LOGIN_ADDRESS_RATE_LIMIT` attempts in it), in ms. */
export const LOGIN_ADDRESS_WINDOW_MS = 10 * 60_000;

/**
 * Sign-in, the current session and the user count (`authEndpoints`), and the signed-in
 * user's own account: sign-out, password and profile (`accountEndpoints`, decision 0050).
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  /** When this process last deleted expired revocations (ms since the epoch). */
  let lastRevocationCleanup = 0;

  registerEndpoints(app, authEndpoints, {
    /**
     * `POST /api/auth/admin/login` (spec section 7) → `{ success, message, token, user }`.
     * Errors: 401 wrong e-mail or password; 403 vendor not approved; 429 past either
     * limit (per address and e-mail, and per address alone; decision 0015).
     */
    login: {
      options: {
        config: {
          rateLimit: {
            max: app.config.loginRateLimit,
            timeWindow: '1 minute',
            hook: 'preHandler',
            keyGenerator: (request) => {
              const email = (request.body as Partial<LoginBody> | undefined)?.email;
              return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
            },
            errorResponseBuilder: () => ({
              statusCode: 429,
              code: 'RATE_LIMITED',
              message: authMessages.tooManyAttempts,
            }),
          },
        },
        // Every attempt from the address counts, in the same table and with the same
        // atomic upsert as the per-e-mail limit, so it holds across processes on
        // PostgreSQL. It runs before that limit's hook, which the plugin appends.
        preHandler: async (request) => {
          const hit = await countHit(app.db, `login-address-${request.ip}`, LOGIN_ADDRESS_WINDOW_MS, new Date());
          if (hit.current > app.config.loginAddressRateLimit) {
            throw new AppError('RATE_LIMITED', authMessages.tooManyAttempts);
          }
        },
      },
      handler: async (request) => {
        const { user, subject } = await authenticate(app.db, request.body.email, request.body.password);
        // Two-factor sign-in on (issue 36): no token yet, a challenge for `POST /api/auth/2fa/verify`.
        const challenge = await startChallenge(app.db, subject.id);
        if (challenge !== null)
          return {
            success: true as const,
            message: securityMessages.twoFactorRequired,
            twoFactorRequired: true as const,
            challenge,
          };
        await noteSignInDevice(app.db, subject.id, request.headers['user-agent'] ?? '', request.ip);
        const token = issueToken(app, subject);
        return { success: true as const, message: authMessages.loginSucceeded, token, user };
      },
    },

    /** `GET /api/auth/me` → `{ success, user }`: the signed-in user. */
    me: async (request) => {
      const actor = actorOf(request);
      const user: SessionUser = {
        ...sessionUserOf({ ...actor, id: actor.userId }),
        ...(actor.twoFactorSetupRequired && { twoFactorSetupRequired: true }),
      };
      return { success: true as const, user };
    },

    /** `GET /api/auth/admin/users/count` (spec section 7, dashboard) → `{ success, totalUsers }`. */
    userCount: async () => ({ success: true as const, totalUsers: await countCustomers(app.db) }),
  });

  registerEndpoints(app, accountEndpoints, {
    /**
     * `POST /api/auth/logout` → `{ success, message }`: revokes this token. At most once a
     * minute per process it also deletes revocations of tokens already expired.
     */
    logout: async (request) => {
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

    /**
     * `PUT /api/auth/password` → `{ success, message, token }`, a fresh token; every
     * other session ends. Errors: 400 also for a wrong current password; 404 account gone.
     */
    changePassword: async (request) => {
      const actor = actorOf(request);
      const subject = await changePassword(app.db, actor, request.body.currentPassword, request.body.newPassword);
      return { success: true as const, message: accountMessages.passwordChanged, token: issueToken(app, subject) };
    },

    /** `GET /api/auth/profile` → `{ success, profile }`. Errors: 404 account gone. */
    profile: async (request) => ({
      success: true as const,
      profile: await getProfile(app.db, actorOf(request).userId),
    }),

    /**
     * `PUT /api/auth/profile` → `{ success, profile }`. Errors: 400 validation (a vendor
     * without `business`); 404 account gone; 409 changed since `updatedAt`.
     */
    updateProfile: async (request) => ({
      success: true as const,
      profile: await updateProfile(app.db, actorOf(request), request.body),
    }),
  });
};
