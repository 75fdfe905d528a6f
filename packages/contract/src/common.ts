import { z } from 'zod';

/**
 * Shapes shared by every feature: identifiers, money, timestamps, paging and the
 * error body. Spec sections 3 (entities) and 7 (calls).
 */

/** Largest page a list endpoint serves at once. */
export const MAX_PAGE_SIZE = 200;

/**
 * The largest identifier there can be: ids are PostgreSQL `integer` columns (SQLite
 * stores the same range), so a larger one names nothing, and PostgreSQL would fail on
 * it rather than find nothing. Refused in every id schema.
 */
export const MAX_ID = 2_147_483_647;

/** Matches a decimal id of at most ten digits; `MAX_ID` bounds its value. */
const ID_PATTERN = /^[1-9]\d{0,9}$/;

/**
 * An identifier as the API speaks it: `_id` is an opaque string on the wire
 * (the spec's `_id`), a positive integer in the database.
 */
export const idString = z.string().describe('Opaque identifier');

/**
 * An identifier as clients send it, in a path or a body: a positive integer, or
 * its decimal string. Parses to the number the database uses.
 */
export const idInput = z
  .union([
    z.number().int().positive().max(MAX_ID, 'Must be a valid id'),
    z
      .string()
      .trim()
      .max(10, 'Must be a valid id')
      .regex(ID_PATTERN, 'Must be a valid id')
      .refine((value) => Number(value) <= MAX_ID, 'Must be a valid id'),
  ])
  .transform((value) => Number(value));

/**
 * A required reference to another record (a category, a vendor...): like `idInput`,
 * but any missing or malformed value fails with the single `message` the screen shows.
 */
export const requiredId = (message: string) =>
  z
    .union(
      [
        z.number().int(message).positive(message).max(MAX_ID, message),
        z
          .string()
          .trim()
          .max(10, message)
          .regex(ID_PATTERN, message)
          .refine((value) => Number(value) <= MAX_ID, message),
      ],
      { error: message },
    )
    .transform((value) => Number(value));

/** `{ id }` path parameter of every `/:id` route. */
export const idParams = z.object({ id: idInput });
export type IdParams = z.infer<typeof idParams>;

/**
 * True when `value` is a whole number of paise: at most two digits after the decimal
 * point, allowing the float noise of a client's arithmetic (`0.1 + 0.2`). An amount
 * that is not zero but under half a paisa (`1e-9`) would round to 0 paise, so it is
 * refused, not taken as zero.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  const paise = Math.round(value * 100);
  return Math.abs(paise - value * 100) < 1e-6 && (paise !== 0 || value === 0);
}

/**
 * An amount of money in rupees as it travels on the wire (a number, at most two
 * decimals). The database keeps integer paise; see `toPaise` / `toRupees` (money.ts).
 */
export const rupees = z.number().finite().nonnegative().max(100_000_000).refine(hasAtMostTwoDecimals, {
  message: 'Must have at most two decimals',
});

/** Answered to an amount finer than a paisa, where a form names its own message for the rest. */
export const WHOLE_PAISE_MESSAGE = 'Amounts must be in whole paise (at most two decimals)';

/**
 * An amount in rupees like `rupees` (0 to Rs.10 crore, whole paise), for a form field
 * that answers its own `message` when the amount is missing, not a number or out of
 * range; one finer than a paisa answers `WHOLE_PAISE_MESSAGE`.
 */
export const rupeesField = (message: string) =>
  z
    .number({ error: message })
    .finite(message)
    .min(0, message)
    .max(100_000_000, message)
    .refine(hasAtMostTwoDecimals, WHOLE_PAISE_MESSAGE);

/**
 * Answered to text carrying a NUL character, which neither database can store in text.
 * The API's request guard refuses one anywhere in a request (docs/decisions/0021);
 * the body schemas a web form validates with refuse it too (`hasNoNul`), so the form
 * shows the message on its field.
 */
export const NUL_CHARACTER_MESSAGE = 'Must not contain NUL characters';

/** True when `value` holds no NUL character (U+0000). */
export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

/**
 * Required text: trimmed, at least one character (else `required`), at most `max`
 * characters (else `tooLong`), and no NUL character (`NUL_CHARACTER_MESSAGE`).
 */
export const requiredText = (required: string, max: number, tooLong = `Must be at most ${max} characters`) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong).refine(hasNoNul, NUL_CHARACTER_MESSAGE);

/**
 * Optional text: trimmed; empty, null or missing become `undefined`; at most `max`
 * characters; no NUL character.
 */
export const optionalSafeText = (max: number) =>
  z
    // The input's documented length is the limit the trimmed text is held to.
    .union([z.string().meta({ maxLength: max }), z.null()])
    .optional()
    .transform((value) => (value == null ? undefined : value.trim() || undefined))
    .pipe(z.string().max(max, `Must be at most ${max} characters`).refine(hasNoNul, NUL_CHARACTER_MESSAGE).optional());

/**
 * A record's version as an edit form loaded it (`updatedAt`, ISO 8601 with its offset;
 * decision 0018), refused with `message` when it is not one.
 */
export const editVersion = (message: string) => z.iso.datetime({ offset: true, error: message }).max(40, message);

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

/**
 * Text as a form sends it: trimmed, at most `max` characters, without a NUL character
 * (`NUL_CHARACTER_MESSAGE`). With `requiredMessage`, also at least one character, and a
 * missing or non-string value answers that message.
 */
export const cleanText = (max: number, requiredMessage?: string) => {
  const base = z.string(requiredMessage ? { error: requiredMessage } : undefined).trim();
  return (requiredMessage ? base.min(1, requiredMessage) : base)
    .max(max, `Must be at most ${max} characters`)
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE);
};

/** A UTC instant in ISO 8601 (`2026-11-21T09:30:00.000Z`). */
export const isoDateTime = z.string().describe('UTC timestamp, ISO 8601');

/** The earliest calendar date any date field takes (issue 23: one range for every date). */
export const MIN_DATE = '2000-01-01';
/** The latest calendar date any date field takes. */
export const MAX_DATE = '2100-12-31';
/** Answered to a date outside `MIN_DATE`..`MAX_DATE`. */
export const DATE_RANGE_MESSAGE = `Dates must be between ${MIN_DATE} and ${MAX_DATE}`;

/**
 * A calendar date `YYYY-MM-DD` between `MIN_DATE` and `MAX_DATE` (both inclusive), for
 * every date field and filter. Years 2000 to 2100 are plenty for a store, and both
 * databases store all of them: PostgreSQL refused `0000-01-01` (it has no year 0)
 * while SQLite kept it, so the same coupon answered differently on each.
 */
export const isoDate = z
  .string()
  .max(10, 'Must be a date (YYYY-MM-DD)')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)')
  .refine((value) => value >= MIN_DATE && value <= MAX_DATE, DATE_RANGE_MESSAGE);

/** A trimmed string that empty input turns into `undefined` (optional text fields). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/**
 * Characters a well-formed URL never holds as typed (RFC 3986 leaves them out; a
 * browser would percent-encode them): white space and controls, quotes, `<`, `>`,
 * backticks, backslashes, braces, `|` and `^`. `new URL` quietly encodes them, so
 * without this check `http://x.test/x.png" onerror="alert(1)` passed as a URL and was
 * stored (issue 23).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const NOT_IN_A_URL = /[\s\u0000-\u001f\u007f-\u009f"'<>`\\{}|^]/;

/**
 * An absolute http(s) URL, well formed as written: `http://` or `https://` and a host
 * right after it (not `https:///x`, which `new URL` reads as host `x`),
 * and none of the characters `NOT_IN_A_URL` names (so no quote, angle bracket or
 * space, whatever `new URL` would make of them). Every URL field of the contract
 * (category, product and banner images, the logo, social and banner links, the blog's
 * featured image) checks with this.
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^/?#]/i.test(value) || NOT_IN_A_URL.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A path the API serves an uploaded image from (`/api/uploads/{id}`). */
export const UPLOAD_PATH_PATTERN = /^\/api\/uploads\/[1-9]\d{0,9}$/;

/**
 * True for where an image may be: an absolute http(s) URL, or the path of an image
 * uploaded to the store (`/api/uploads/{id}`; issue 27: the store's own pictures).
 */
export function isImageAddress(value: string): boolean {
  return isHttpUrl(value) || UPLOAD_PATH_PATTERN.test(value);
}

/**
 * The longest cursor a list hands out: base64url of `[sort, key, id]` in JSON, where a
 * name sort's key is a product name of up to 200 characters, each of which JSON may
 * write as six (`\u001f`): about 1,650 characters. A cursor of 200 at most refused the
 * next page of a list sorted by name after a product with a long name.
 */
export const MAX_CURSOR_LENGTH = 2048;

/**
 * Paging, search and sort accepted by every list endpoint besides its filters.
 * Without `limit` a list answers the spec's unpaged array; with it, a page.
 */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * How far the product and order lists count a page's total exactly (decision 0027);
 * past it they answer this number with `totalRelation: 'gte'`.
 */
export const LIST_COUNT_BOUND = 10_000;

/** Paging fields added to a list answer when `limit` was given. */
export const pageInfo = {
  /** Rows matching the filters, over all pages (a lower bound when `totalRelation` is 'gte'). */
  total: z.number().int().nonnegative().optional(),
  /**
   * On the product and order lists (decision 0027): 'eq' when `total` is exact, 'gte'
   * when more rows match than the list counts (`LIST_COUNT_BOUND`): show '10,000+'.
   * Absent on lists that always count exactly.
   */
  totalRelation: z.enum(['eq', 'gte']).optional(),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable().optional(),
};

/** `{ success: true, message }`: the answer of most writes (spec section 7). */
export const messageResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponse>;

/** The error body every failing call answers (spec section 7: 'Error bodies are JSON with message'). */
export const apiError = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  /** Per-field messages on validation errors, keyed by the field's dotted path. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiError>;
