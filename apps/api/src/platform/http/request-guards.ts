import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Refusals every route inherits, checked once after the body is parsed and before
 * the route's contract validates it (issue 11, 'no 5xx from any input'):
 * - a JSON body that is not an object or array (`null`, a number, a string, a boolean);
 *   the spec's writes all take objects, and `null` would otherwise reach a handler as
 *   "no body";
 * - a NUL character anywhere in the body (values and keys), the query string or the
 *   path parameters: PostgreSQL cannot store one in text and SQLite's FTS5 query
 *   syntax breaks on it, so it would become a 500; no product text needs one.
 * Both answer 400 and nothing runs.
 */

/** Answered to a JSON body that is not an object or array. */
export const NOT_AN_OBJECT_MESSAGE = 'The request body must be a JSON object';

/** Answered to text carrying a NUL character. */
export const NUL_CHARACTER_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

/** The dotted path of the first string (value or key) in `value` that holds a NUL character, or null. */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findNulCharacter(value[index], path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return here;
      const found = findNulCharacter(item, here);
      if (found) return found;
    }
  }
  return null;
}

function isJson(request: FastifyRequest): boolean {
  return /^application\/([\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? '');
}

/**
 * Registers the guards on `app` (the root instance, before any route, so every route
 * inherits them).
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const body: unknown = request.body;
    if (isJson(request) && request.body !== undefined && (body === null || typeof body !== 'object')) {
      throw new AppError('BAD_REQUEST', NOT_AN_OBJECT_MESSAGE);
    }
    for (const [where, value] of [
      ['query', request.query],
      ['path', request.params],
      ['body', body],
    ] as const) {
      const path = findNulCharacter(value);
      if (path)
        throw new AppError('VALIDATION_FAILED', NUL_CHARACTER_MESSAGE, { [path || where]: NUL_CHARACTER_MESSAGE });
    }
  });
}
