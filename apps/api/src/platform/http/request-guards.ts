import { NUL_CHARACTER_MESSAGE } from '@haat/contract';
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
 * - a JSON body nested deeper than `MAX_JSON_DEPTH` arrays and objects, refused by the
 *   JSON parser itself before `JSON.parse` runs (issue 23): a body of 10,000 nested
 *   arrays made every walk of it (the NUL guard, the contract) overflow the stack, a
 *   500, and 1 MB bodies nested 500,000 deep held the whole process for seconds.
 * All answer 400 and nothing runs.
 */

/** The deepest nesting of arrays and objects a JSON body may have; no body the API takes needs more than 5. */
export const MAX_JSON_DEPTH = 64;

/** Answered to a JSON body nested deeper than `MAX_JSON_DEPTH`. */
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`;

/**
 * True when the JSON text `text` opens more than `max` arrays and objects inside one
 * another. One pass over the characters, without recursion and without parsing:
 * brackets inside strings (after an unescaped `"`) do not count. Malformed text is
 * left to the parser, which refuses it. About 1 ms a megabyte when the text holds more
 * than `max` brackets (and far less when it holds fewer), and it stops at the first
 * bracket past `max`.
 */
export function isNestedDeeperThan(text: string, max: number): boolean {
  // Most bodies hold fewer brackets than `max` in all: then none can nest past it, and
  // the native `indexOf` scans settle it without walking the text character by character.
  let brackets = 0;
  for (const bracket of ['[', '{']) {
    for (let at = text.indexOf(bracket); at >= 0 && brackets <= max; at = text.indexOf(bracket, at + 1)) brackets += 1;
  }
  if (brackets <= max) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index += 1;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) depth -= 1;
  }
  return false;
}

/** Answered to a JSON body that is not an object or array. */
export const NOT_AN_OBJECT_MESSAGE = 'The request body must be a JSON object';

/**
 * The dotted path of the first string (value or key) in `value` that holds a NUL
 * character, or null. Walks with a stack of its own rather than recursing, so no
 * shape of value can overflow the call stack (the JSON parser already bounds the
 * depth, but the query and the path are walked here too).
 */
export function findNulCharacter(value: unknown, path = ''): string | null {
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [item, here] = pending.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return here || 'value';
    } else if (Array.isArray(item)) {
      // Pushed last to first, so the first offender in reading order is found first.
      for (let index = item.length - 1; index >= 0; index -= 1) {
        pending.push([item[index], here ? `${here}.${index}` : String(index)]);
      }
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        const childPath = here ? `${here}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        pending.push([child, childPath]);
      }
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
  // Fastify's own JSON parser (secure-json-parse: `__proto__` and `constructor` keys
  // still refused), behind the depth check. The route's body limit still applies first.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (isNestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new AppError('BAD_REQUEST', TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
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
