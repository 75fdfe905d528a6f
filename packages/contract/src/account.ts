import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, sessionUser } from './auth.js';
import { hasNoNul, isoDateTime, messageResponse, NUL_CHARACTER_MESSAGE, requiredText, versionInput } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * The signed-in user's own account: sign-out, password change and Profile Settings
 * (spec section 2, user menu: Profile Settings and Security; decision 0050).
 */

/** The account screens' and answers' words. */
export const accountMessages = {
  loggedOut: 'Logged out successfully',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  newPasswordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully! Other sessions have been signed out.',
  profileUpdated: 'Profile updated successfully!',
  nameRequired: 'Name is required',
  businessNameRequired: 'Business name is required',
  phoneNumberRequired: 'Phone number is required',
  addressRequired: 'Address is required',
  changedMeanwhile:
    'Your profile was changed elsewhere after you opened it. Reload the page to see the changes, then save yours again.',
} as const;

/** `PUT /api/auth/password` body. */
export const passwordChangeBody = z.object({
  currentPassword: z
    .string({ error: accountMessages.currentPasswordRequired })
    .min(1, accountMessages.currentPasswordRequired)
    .max(200),
  newPassword: z
    .string({ error: accountMessages.newPasswordRequired })
    .min(1, accountMessages.newPasswordRequired)
    .min(PASSWORD_MIN_LENGTH, accountMessages.newPasswordTooShort)
    .max(200, 'Password must be at most 200 characters')
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

/** `PUT /api/auth/password` answer: a fresh token, since every earlier one has ended. */
export const passwordChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
});
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponse>;

/** The business details a vendor keeps on their profile (spec section 3, Vendor). */
export const businessDetails = z.object({
  businessName: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
});

/** `GET /api/auth/profile`: the user, a vendor's business details, and the version to edit from. */
export const profile = sessionUser.extend({
  business: businessDetails.nullable(),
  updatedAt: isoDateTime,
});
export type Profile = z.infer<typeof profile>;

export const profileResponse = z.object({ success: z.literal(true), profile });
export type ProfileResponse = z.infer<typeof profileResponse>;

/**
 * `PUT /api/auth/profile` body: the name, and for a vendor the business details (ignored
 * for an admin). `updatedAt` is the version the form loaded (decision 0018): 409 when stale.
 */
export const profileBody = z.object({
  name: requiredText(accountMessages.nameRequired, 120),
  business: z
    .object({
      businessName: requiredText(accountMessages.businessNameRequired, 160),
      phoneNumber: requiredText(accountMessages.phoneNumberRequired, 40),
      address: requiredText(accountMessages.addressRequired, 500),
    })
    .optional(),
  updatedAt: versionInput.optional(),
});
export type ProfileBody = z.infer<typeof profileBody>;

/**
 * The signed-in user's own account (user menu: Logout, Profile Settings and Security;
 * decision 0050), for admins and approved vendors alike. A 404 on these means the
 * account was deleted while its token still lived.
 */
export const accountEndpoints = {
  /**
   * Signs out the token the request carries; other sessions of the account stay
   * (decision 0050) → `{ success, message }`. 401 when already signed out.
   */
  logout: endpoint('POST', '/api/auth/logout', { access: 'staff', summary: 'Sign out this token' }).output(
    messageResponse,
  ),
  /**
   * `{ currentPassword, newPassword }` (new at least 6 characters) → `{ success, message,
   * token }`: ends every session of the account, in every API process, and answers a
   * fresh token for this one. 400 also for a wrong current password
   * (`errors.currentPassword`).
   */
  changePassword: endpoint('PUT', '/api/auth/password', {
    access: 'staff',
    summary: "Change the signed-in user's password; ends every other session",
    errors: [404],
  })
    .input(z.object({ body: passwordChangeBody }))
    .output(passwordChangeResponse),
  /**
   * `{ success, profile }`: the name, e-mail, role, a vendor's `business` (else null)
   * and `updatedAt` (UTC), the version to edit from.
   */
  profile: endpoint('GET', '/api/auth/profile', {
    access: 'staff',
    summary: "The signed-in user's profile",
    errors: [404],
  }).output(profileResponse),
  /**
   * `{ name, business?: { businessName, phoneNumber, address }, updatedAt? }` →
   * `{ success, profile }`. A vendor must send `business`; an admin's is ignored. 409
   * when the profile changed since `updatedAt`.
   */
  updateProfile: endpoint('PUT', '/api/auth/profile', {
    access: 'staff',
    summary: "Save the signed-in user's name and business details",
    errors: [404],
  })
    .input(z.object({ body: profileBody }))
    .output(profileResponse),
};
