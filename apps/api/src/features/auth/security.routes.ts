import { authMessages, securityEndpoints, securityMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { issueToken } from '../../platform/auth/sessions.js';
import { findTwoFactor } from '../../platform/auth/two-factor.repository.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { findRequireTwoFactor, saveRequireTwoFactor } from './security.repository.js';
import {
  confirmPasswordReset,
  disableTwoFactor,
  enableTwoFactor,
  noteSignInDevice,
  requestPasswordReset,
  setupTwoFactor,
  twoFactorStatus,
  verifyChallenge,
  verifyEmail,
} from './security.service.js';

/** Password reset, e-mail verification and two-factor sign-in (issue 36; decisions 0126, 0127). */
export const securityRoutes: FastifyPluginAsync = async (app) => {
  const codeLimit = app.config.twoFactorRateLimit;
  registerEndpoints(app, securityEndpoints, {
    /** `POST /api/auth/password-reset/request` → 202 `{ success, message }`, the same for any e-mail. 429 past the limits. */
    resetRequest: async (request, reply) => {
      await requestPasswordReset(app.db, request.body.email, request.ip, app.config.passwordResetRateLimit);
      app.mail.kick();
      reply.status(202);
      return { success: true as const, message: securityMessages.resetRequested };
    },
    /** `POST /api/auth/password-reset/confirm` → `{ success, message }`. 400 used, expired or forged token. */
    resetConfirm: async (request) => {
      await confirmPasswordReset(app.db, request.body.token, request.body.password);
      app.mail.kick();
      return { success: true as const, message: securityMessages.resetDone };
    },
    /** `POST /api/auth/verify-email` → `{ success, message }`. 400 used, expired or forged token. */
    verifyEmail: async (request) => {
      await verifyEmail(app.db, request.body.token);
      return { success: true as const, message: securityMessages.verifyDone };
    },
    /** `GET /api/auth/2fa` → `{ success, enabled, recoveryCodesLeft, requiredForStaff }`. */
    twoFactorStatus: async (request) => ({
      success: true as const,
      ...(await twoFactorStatus(app.db, actorOf(request).userId)),
    }),
    /** `POST /api/auth/2fa/setup` → `{ success, secret, otpauthUrl, qrSvg }`. 409 already on. */
    twoFactorSetup: async (request) => ({
      success: true as const,
      ...(await setupTwoFactor(app.db, actorOf(request).userId, app.config.storeName)),
    }),
    /** `POST /api/auth/2fa/enable` `{ code }` → `{ success, message, recoveryCodes }`. 400 wrong code; 409; 429. */
    twoFactorEnable: async (request) => ({
      success: true as const,
      message: 'Two-factor sign-in is on',
      recoveryCodes: await enableTwoFactor(app.db, actorOf(request).userId, request.body.code, codeLimit),
    }),
    /** `DELETE /api/auth/2fa` `{ code }` → `{ success, message }`. 400 wrong code; 409 required; 429. */
    twoFactorDisable: async (request) => {
      await disableTwoFactor(app.db, actorOf(request).userId, request.body.code, codeLimit);
      return { success: true as const, message: securityMessages.twoFactorDisabled };
    },
    /** `POST /api/auth/2fa/verify` `{ challenge, code }` → the login's answer. 400 wrong code or challenge; 429. */
    twoFactorVerify: async (request) => {
      const { user, subject } = await verifyChallenge(app.db, request.body.challenge, request.body.code, codeLimit);
      await noteSignInDevice(app.db, subject.id, request.headers['user-agent'] ?? '', request.ip);
      return { success: true as const, message: authMessages.loginSucceeded, token: issueToken(app, subject), user };
    },
    /** `GET /api/auth/admin/security-settings` → `{ success, requireTwoFactorForStaff }`. */
    settings: async () => ({ success: true as const, requireTwoFactorForStaff: await findRequireTwoFactor(app.db) }),
    /**
     * `PUT /api/auth/admin/security-settings` `{ requireTwoFactorForStaff }` → the same.
     * 409 when turning it on without two-factor sign-in of one's own, which would lock the
     * Owner out of every screen but the set-up (decision 0147).
     */
    saveSettings: async (request) => {
      if (request.body.requireTwoFactorForStaff) {
        const own = await findTwoFactor(app.db, actorOf(request).userId);
        if (!own?.totpSecret) throw new AppError('CONFLICT', securityMessages.ownTwoFactorFirst);
      }
      await saveRequireTwoFactor(app.db, request.body.requireTwoFactorForStaff, new Date().toISOString());
      return { success: true as const, requireTwoFactorForStaff: request.body.requireTwoFactorForStaff };
    },
  });
};
