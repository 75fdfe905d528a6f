import { z } from 'zod';

/**
 * Building blocks that stop hostile input at the contract, before it reaches the
 * database (CONVENTIONS: "Hostile input stops at the contract"): PostgreSQL refuses a
 * NUL character in text and an integer past 32 bits in an `integer` column with an
 * error that would otherwise surface as a 5xx.
 */

/** The largest value of a 32-bit signed integer column (`integer` on PostgreSQL). */
export const MAX_INT32 = 2_147_483_647;

/** Answered for text carrying a NUL character (U+0000). */
export const NUL_MESSAGE = 'Must not contain NUL characters';

/** True when `value` holds no NUL character. */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

/**
 * An id of a table whose key is a 32-bit `integer`, as clients send it (number or
 * decimal string). Ids past 2,147,483,647 can name no row, so they are refused with
 * 'Must be a valid id' (400) rather than sent to the database.
 */
export const int32IdInput = z
  .union([
    z.number().int().positive().max(MAX_INT32, 'Must be a valid id'),
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,9}$/, 'Must be a valid id')
      .refine((value) => Number(value) <= MAX_INT32, 'Must be a valid id'),
  ])
  .transform((value) => Number(value));

/** `{ id }` path parameter of a `/:id` route over a 32-bit key. */
export const int32IdParams = z.object({ id: int32IdInput });

/**
 * Required text: trimmed, at least one character (else `required`), at most `max`
 * characters (else `tooLong`), and no NUL character.
 */
export const requiredText = (required: string, max: number, tooLong = `Must be at most ${max} characters`) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong).refine(hasNoNul, NUL_MESSAGE);

/**
 * Optional text: trimmed; empty, null or missing become `undefined`; at most `max`
 * characters; no NUL character.
 */
export const optionalSafeText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value == null ? undefined : value.trim() || undefined))
    .pipe(z.string().max(max, `Must be at most ${max} characters`).refine(hasNoNul, NUL_MESSAGE).optional());

/** A version as loaded (`updatedAt`, UTC ISO 8601) that an edit carries (decision 0018). */
export const versionInput = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Must be a timestamp (ISO 8601)');

/** Loose e-mail shape `{local}@{domain}.{tld}` with no spaces (spec section 5, login). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A phone number: digits, spaces, `+`, `-`, `(`, `)`; 6 to 20 characters with at least 6 digits. */
export function isPhoneNumber(value: string): boolean {
  return /^[+\d\s()-]{6,20}$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6;
}
