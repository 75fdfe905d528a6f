import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, sessionUser } from './auth.js';
import { hasNoNul, isoDateTime, NUL_CHARACTER_MESSAGE, requiredText } from './common.js';

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
  updatedAt: isoDateTime.optional(),
});
export type ProfileBody = z.infer<typeof profileBody>;
