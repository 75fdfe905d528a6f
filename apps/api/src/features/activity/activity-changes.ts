import type { ActivityChange } from '@haat/contract';

/**
 * The changed fields of a record (issue 10, 'Activity log'): a pure helper the
 * services call with the record as it was and as it is. Only fields whose values
 * differ are kept; secrets never are. Money is recorded in rupees, as the wire and
 * the screens speak it: name the paise fields in `money` and they are divided by 100
 * (a field named `pricePaise` is recorded as `price`).
 */

/**
 * Field names never recorded, whatever the caller passes: passwords, hashes, tokens,
 * secrets. `passwordChanged` (before false, after true) is the one allowed: it says a
 * password changed without saying anything of it.
 */
const SECRET_FIELD = /^(?!passwordChanged$).*(password|hash|token|secret|jti)/i;

/** `{ field: { before, after } }`, the log's `changes`. */
export type ActivityChanges = Record<string, ActivityChange>;

type Fields = Record<string, unknown>;

export interface DiffOptions {
  /** Fields holding paise, recorded in rupees (a trailing `Paise` is dropped from the name). */
  money?: readonly string[];
  /** Fields to leave out (bookkeeping such as `updatedAt`). */
  ignore?: readonly string[];
}

const ALWAYS_IGNORED = ['id', 'createdAt', 'updatedAt'];

/** Longest text value kept whole; longer ones (a blog post's HTML) are cut, ending in '…'. */
export const MAX_RECORDED_TEXT = 500;

function shorten(value: unknown): unknown {
  return typeof value === 'string' && value.length > MAX_RECORDED_TEXT
    ? `${value.slice(0, MAX_RECORDED_TEXT)}…`
    : value;
}

function normalise(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `(${value.length} bytes)`;
  return value;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null)
    return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

/** True for a field that must never reach the log. */
export function isSecretField(field: string): boolean {
  return SECRET_FIELD.test(field);
}

/**
 * The fields that differ between `before` and `after` (either may be null: a created
 * or deleted record, whose every field is then listed). Fields only on one side count
 * as changed from or to null. Secrets are dropped; `money` fields become rupees.
 * @returns `{}` when nothing changed.
 */
export function diffFields(before: Fields | null, after: Fields | null, options: DiffOptions = {}): ActivityChanges {
  const money = new Set(options.money ?? []);
  const ignore = new Set([...ALWAYS_IGNORED, ...(options.ignore ?? [])]);
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: ActivityChanges = {};
  for (const field of fields) {
    if (ignore.has(field) || isSecretField(field)) continue;
    let was = normalise(before?.[field]);
    let now = normalise(after?.[field]);
    if (same(was, now)) continue;
    let name = field;
    if (money.has(field)) {
      was = typeof was === 'number' ? was / 100 : was;
      now = typeof now === 'number' ? now / 100 : now;
      name = field.replace(/Paise$/, '');
    }
    changes[name] = { before: shorten(was), after: shorten(now) };
  }
  return changes;
}

/** Removes secret fields from changes built by hand (a last guard before writing). */
export function redactChanges(changes: ActivityChanges): ActivityChanges {
  return Object.fromEntries(Object.entries(changes).filter(([field]) => !isSecretField(field)));
}
