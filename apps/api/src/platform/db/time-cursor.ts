import { MAX_INT32 } from '@haat/contract';
import { AppError } from '../errors.js';
import { decodeCursor, INVALID_CURSOR_MESSAGE, type Keyset } from './lists.js';

/** A UTC instant as we write them (`toISOString()`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;

/**
 * `decodeCursor` for a list sorted by a timestamp (`created_at`): the key must also be
 * a UTC ISO 8601 instant and the id fit a 32-bit `integer`. A forged cursor carrying
 * other text or a larger id would otherwise reach PostgreSQL's comparison and fail
 * there as a 5xx.
 * @throws AppError BAD_REQUEST (400) for a malformed cursor, one from another sort, or
 *   one whose key is not an instant.
 */
export function decodeTimeCursor(cursor: string, sort: string): Keyset {
  const keyset = decodeCursor(cursor, sort, 'string');
  const key = keyset.key as string;
  if (!ISO_INSTANT.test(key) || Number.isNaN(Date.parse(key)) || keyset.id > MAX_INT32) {
    throw new AppError('BAD_REQUEST', INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  }
  return keyset;
}
