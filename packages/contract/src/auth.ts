import { z } from 'zod';
import { idString } from './common.js';
import { endpoint } from './endpoint.js';
import { permissions, staffRoles, teamRoles } from './permissions.js';

/** Roles of spec section 6; customers shop on the storefront and never sign in here. */
export const roles = ['admin', 'vendor', 'customer'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Spec section 5, Login. */
export const loginMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
} as const;

/** Minimum password length (spec section 9). */
export const PASSWORD_MIN_LENGTH = 6;

/** `POST /api/auth/admin/login` body (spec section 7). */
export const loginBody = z.object({
  email: z
    .string({ error: loginMessages.emailRequired })
    .trim()
    .min(1, loginMessages.emailRequired)
    .max(254, loginMessages.emailInvalid)
    .pipe(z.email(loginMessages.emailInvalid)),
  password: z
    .string({ error: loginMessages.passwordRequired })
    .min(1, loginMessages.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, loginMessages.passwordTooShort)
    .max(200, 'Password must be at most 200 characters'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The signed-in user as the back office reads it (spec section 3, User). */
export const sessionUser = z.object({
  _id: idString,
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** An admin's staff role (decision 0128); the spec's admin is `owner`. */
  staffRole: z.enum(staffRoles).optional(),
  /** An admin's permissions (`area:level`), for the screens to show only what the role may use. */
  permissions: z.array(z.enum(permissions as [string, ...string[]])).optional(),
  /** A vendor member's role in the seller's team (decision 0129). */
  teamRole: z.enum(teamRoles).optional(),
  /**
   * True for a staff account that must turn two-factor sign-in on before anything else
   * (the store requires it for staff; decision 0147); absent otherwise.
   */
  twoFactorSetupRequired: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** `POST /api/auth/admin/login` answer. */
export const loginResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: sessionUser,
});
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * `POST /api/auth/admin/login` answer for an account with two-factor sign-in on (issue
 * 36): no token yet; `POST /api/auth/2fa/verify` `{ challenge, code }` answers it.
 */
export const loginChallengeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type LoginChallengeResponse = z.infer<typeof loginChallengeResponse>;

/** `GET /api/auth/me` answer. */
export const meResponse = z.object({
  success: z.literal(true),
  user: sessionUser,
});
export type MeResponse = z.infer<typeof meResponse>;

/** `GET /api/auth/admin/users/count` answer: customer accounts (spec section 7). */
export const userCountResponse = z.object({
  success: z.literal(true),
  totalUsers: z.number().int().nonnegative(),
});
export type UserCountResponse = z.infer<typeof userCountResponse>;

/** Messages the server answers on sign-in. */
export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  vendorPending: 'Your vendor account is awaiting approval. Please wait for admin approval.',
  vendorRejected: 'Your vendor account application was rejected. Contact your administrator.',
  roleNotAllowed: 'This account cannot sign in to the back office',
  loginSucceeded: 'Logged in successfully',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
  missingToken: 'No authentication token found. Please log in again.',
  invalidToken: 'Your session is invalid or has expired. Please log in again.',
  forbidden: 'You do not have permission to do this',
} as const;

/**
 * Sign-in and the current session (spec section 7). The account's own calls (sign-out,
 * password, profile) are `accountEndpoints`.
 */
export const authEndpoints = {
  /**
   * `{ email, password }` → `{ success, message, token, user: { _id, name, email, role } }`;
   * the token is a JWT expiring after `JWT_TTL`. Rate limited per IP address and e-mail
   * (`LOGIN_RATE_LIMIT` a minute) and per IP address whatever the e-mail
   * (`LOGIN_ADDRESS_RATE_LIMIT` per 10 minutes), both counted in the database (decision
   * 0015): 429 past either. 401 for a wrong e-mail or password, 403 for a vendor not
   * approved.
   */
  login: endpoint('POST', '/api/auth/admin/login', {
    access: 'public',
    summary: 'Sign in as an admin or an approved vendor',
    rateLimited: true,
  })
    .input(z.object({ body: loginBody }))
    .output(z.union([loginResponse, loginChallengeResponse])),
  /** The signed-in user: `{ success, user }`. */
  me: endpoint('GET', '/api/auth/me', { access: 'staff', summary: 'The signed-in user' }).output(meResponse),
  /** Customer accounts (spec section 7, the dashboard's card): `{ success, totalUsers }`. */
  userCount: endpoint('GET', '/api/auth/admin/users/count', {
    access: 'admin',
    permission: 'customers:read',
    summary: 'Number of customer accounts',
  }).output(userCountResponse),
};
