import { z } from 'zod';
import { loginBody, loginResponse, PASSWORD_MIN_LENGTH } from './auth.js';
import { messageResponse } from './common.js';
import { endpoint } from './endpoint.js';

/** Messages of password reset and two-factor sign-in (issue 36). */
export const securityMessages = {
  resetRequested: 'If an account uses this e-mail, a link to reset its password is on its way.',
  resetDone: 'Your password was reset. Sign in with your new password.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  verifyDone: 'Your e-mail address is verified.',
  verifyTokenInvalid: 'This verification link is invalid or has expired.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  codeInvalid: 'The code is not valid',
  codeRequired: 'Enter the code from your authenticator app',
  tooManyCodes: 'Too many wrong codes. Please wait a few minutes and try again.',
  challengeInvalid: 'This sign-in has expired. Please sign in again.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on',
  twoFactorNotSetUp: 'Start the set-up first',
  twoFactorOff: 'Two-factor sign-in is off',
  twoFactorDisabled: 'Two-factor sign-in was turned off',
  twoFactorRequired: 'Enter the code from your authenticator app',
  settingsSaved: 'Security settings saved',
  staffMustUseTwoFactor: 'The store requires two-factor sign-in for staff; it cannot be turned off',
  ownTwoFactorFirst: 'Turn on two-factor sign-in for yourself first',
  staffTwoFactorSetupRequired: 'Two-factor sign-in is required for staff: turn it on in Profile → Security',
} as const;

/**
 * The routes a staff account may still call while the store requires two-factor sign-in
 * for staff and the account has not turned it on (decision 0147): who it is, its profile,
 * setting two-factor sign-in up, the bell's count and signing out. Every other
 * non-public route answers 403 `securityMessages.staffTwoFactorSetupRequired`.
 * `METHOD path` as the contract declares them.
 */
export const twoFactorSetupRoutes: readonly string[] = [
  'GET /api/auth/me',
  'GET /api/auth/profile',
  'GET /api/auth/2fa',
  'POST /api/auth/2fa/setup',
  'POST /api/auth/2fa/enable',
  'POST /api/auth/logout',
  'GET /api/notifications/unread-count',
];

const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`). */
export const twoFactorCode = z
  .string({ error: securityMessages.codeRequired })
  .trim()
  .min(6, securityMessages.codeInvalid)
  .max(20, securityMessages.codeInvalid)
  .regex(/^[0-9a-zA-Z-]+$/, securityMessages.codeInvalid);

export const passwordResetRequestBody = z.object({ email: loginBody.shape.email });
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBody>;

export const passwordResetConfirmBody = z.object({
  token: z.string().trim().min(1, securityMessages.resetTokenInvalid).max(200, securityMessages.resetTokenInvalid),
  password,
});
export type PasswordResetConfirmBody = z.input<typeof passwordResetConfirmBody>;

export const emailVerifyBody = z.object({
  token: z.string().trim().min(1, securityMessages.verifyTokenInvalid).max(200, securityMessages.verifyTokenInvalid),
});

export const twoFactorSetupResponse = z.object({
  success: z.literal(true),
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;

export const twoFactorCodeBody = z.object({ code: twoFactorCode });
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBody>;

export const recoveryCodesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  recoveryCodes: z.array(z.string()).length(10),
});

export const twoFactorVerifyBody = z.object({
  challenge: z.string().trim().min(1, securityMessages.challengeInvalid).max(200, securityMessages.challengeInvalid),
  code: twoFactorCode,
});
export type TwoFactorVerifyBody = z.input<typeof twoFactorVerifyBody>;

export const twoFactorStatusResponse = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
  requiredForStaff: z.boolean(),
});
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponse>;

export const securitySettingsBody = z.object({ requireTwoFactorForStaff: z.boolean() });
export const securitySettingsResponse = z.object({ success: z.literal(true), requireTwoFactorForStaff: z.boolean() });

/**
 * Password reset, e-mail verification and two-factor sign-in (issue 36; decisions 0126,
 * 0127). The sign-in itself stays `POST /api/auth/admin/login`, which answers
 * `{ twoFactorRequired: true, challenge }` for an account with two-factor sign-in on.
 */
export const securityEndpoints = {
  /** 202 with the same message whether or not the account exists; 429 past the limits (per address, per e-mail). */
  resetRequest: endpoint('POST', '/api/auth/password-reset/request', {
    access: 'public',
    summary: 'Ask for a password reset link',
    status: 202,
    rateLimited: true,
  })
    .input(z.object({ body: passwordResetRequestBody }))
    .output(messageResponse),
  /** Sets the password and ends every session; 400 for a used, expired or forged token (nothing changes). */
  resetConfirm: endpoint('POST', '/api/auth/password-reset/confirm', {
    access: 'public',
    summary: 'Set a new password with a reset link',
  })
    .input(z.object({ body: passwordResetConfirmBody }))
    .output(messageResponse),
  /** Marks the account's e-mail verified; 400 for a used, expired or forged token. */
  verifyEmail: endpoint('POST', '/api/auth/verify-email', { access: 'public', summary: 'Confirm an e-mail address' })
    .input(z.object({ body: emailVerifyBody }))
    .output(messageResponse),
  /** Whether two-factor sign-in is on for the signed-in user. */
  twoFactorStatus: endpoint('GET', '/api/auth/2fa', { access: 'staff', summary: 'My two-factor sign-in' }).output(
    twoFactorStatusResponse,
  ),
  /** A new secret with its otpauth URL and QR code (SVG); on once `enable` confirms a code. 409 when already on. */
  twoFactorSetup: endpoint('POST', '/api/auth/2fa/setup', {
    access: 'staff',
    summary: 'Start setting up two-factor sign-in',
    errors: [409],
  }).output(twoFactorSetupResponse),
  /** Turns it on with a code of the new secret; answers 10 recovery codes, shown once. 400 wrong code; 429 too many. */
  twoFactorEnable: endpoint('POST', '/api/auth/2fa/enable', {
    access: 'staff',
    summary: 'Turn on two-factor sign-in',
    rateLimited: true,
    errors: [409],
  })
    .input(z.object({ body: twoFactorCodeBody }))
    .output(recoveryCodesResponse),
  /** Turns it off with a code (TOTP or recovery). 400 wrong code; 409 required for staff; 429 too many. */
  twoFactorDisable: endpoint('DELETE', '/api/auth/2fa', {
    access: 'staff',
    summary: 'Turn off two-factor sign-in',
    rateLimited: true,
    errors: [409],
  })
    .input(z.object({ body: twoFactorCodeBody }))
    .output(messageResponse),
  /** The second step of sign-in: `{ challenge, code }` → the login's answer. 400 wrong code or challenge; 429 too many. */
  twoFactorVerify: endpoint('POST', '/api/auth/2fa/verify', {
    access: 'public',
    summary: 'Finish signing in with a two-factor code',
    rateLimited: true,
  })
    .input(z.object({ body: twoFactorVerifyBody }))
    .output(loginResponse),
  /** The store's sign-in rules. */
  settings: endpoint('GET', '/api/auth/admin/security-settings', {
    access: 'admin',
    permission: 'staff:read',
    summary: 'Sign-in security settings',
  }).output(securitySettingsResponse),
  /**
   * Require two-factor sign-in for staff, or not. While on, a staff account without it may
   * call only `twoFactorSetupRoutes` (decision 0147). 409 turning it on without one's own.
   */
  saveSettings: endpoint('PUT', '/api/auth/admin/security-settings', {
    access: 'admin',
    permission: 'staff:write',
    summary: 'Save sign-in security settings',
    errors: [409],
  })
    .input(z.object({ body: securitySettingsBody }))
    .output(securitySettingsResponse),
};
