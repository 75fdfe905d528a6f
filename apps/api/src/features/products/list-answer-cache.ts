import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * Product list answers made cheap to repeat (issue 11):
 * - the catalog's version (`catalog_version`, raised by triggers in the transaction of
 *   every write to what the product lists show) is the storefront list's ETag, so a
 *   client that has the current answer gets `304 Not Modified` for one primary-key read
 *   (docs/decisions/0026-public-product-list-etag-and-cache.md);
 * - each API process keeps the serialized answers (and their brotli and gzip forms,
 *   made once) keyed by audience, caller scope, query and version, so a repeat costs
 *   no SQL beyond that read, no JSON serialization and no compression. A write raises
 *   the version: the next request misses, builds afresh, and an older body is never
 *   served for a newer one. The storefront's list and the staff's list share one such
 *   cache (docs/decisions/0033-staff-product-list-answers-kept-by-catalog-version.md).
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The ETag of the storefront list at catalog `version` (weak: the body may go out compressed). */
export function catalogEtag(version: string): string {
  return `W/"catalog-${version}"`;
}

/** True when an `If-None-Match` header names `etag` (or is `*`); weak comparison, as for GET. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** A content coding the cache can answer in; null for identity. */
export type Coding = 'br' | 'gzip' | null;

/**
 * The coding to answer in for an `Accept-Encoding` header: brotli, else gzip, else
 * none; a coding with `q=0` is refused. Bodies under `threshold` bytes go plain.
 */
function pickCoding(acceptEncoding: string | undefined, bytes: number, threshold = 1024): Coding {
  if (!acceptEncoding || bytes < threshold) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * One cached answer: its JSON and, made on first demand, its compressed forms. A kept
 * answer's JSON is bytes (counted against the budget, sent many times); one that is
 * not kept stays the string it was built as (issue 32): an answer of 50 products is
 * about 80 KB, and turning it into a buffer that is sent once cost as much CPU as
 * `JSON.stringify` made it (two characters past Latin-1 make the whole string
 * two-byte, the slow path of the UTF-8 encoder), plus an allocation outside the heap
 * for each request. The socket encodes the string as it writes it.
 */
export interface CachedAnswer {
  version: string;
  json: Buffer | string;
  /** The body in `coding` (the JSON itself for null), compressed once and kept. */
  body(coding: Coding): Promise<Buffer | string>;
}

export interface ListAnswerCacheOptions {
  /** The most answers kept (different queries); the least recently used goes first. */
  maxEntries?: number;
  /** The most bytes kept (JSON plus compressed forms); an answer larger than this is not kept. */
  maxBytes?: number;
}

/**
 * A per-process cache of list answers, keyed by what the caller names (audience, scope,
 * the parsed query), each valid for one catalog version. Concurrent misses on one key
 * and version share one build (no stampede after a write). Bounded by `maxEntries` and
 * `maxBytes` (0 keeps nothing: every request builds).
 */
export function createListAnswerCache({ maxEntries = 64, maxBytes = 48 * 1024 * 1024 }: ListAnswerCacheOptions = {}) {
  // Each answer's size is its JSON plus its compressed forms, grown as they are made
  // (`account`); past either bound the least recently used answers go first. A bound of
  // 0 keeps nothing (to `LRUCache` a `max` or `maxSize` of 0 would mean no bound).
  const keeps = maxEntries > 0 && maxBytes > 0;
  const entries = new LRUCache<string, { answer: CachedAnswer; bytes: number }>({
    max: Math.max(1, maxEntries),
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (entry) => entry.bytes,
  });
  const building = new Map<string, Promise<CachedAnswer>>();

  function account(key: string, answer: CachedAnswer, delta: number): void {
    const entry = entries.peek(key);
    if (!entry || entry.answer !== answer) return;
    // A new entry with the new size (`LRUCache` re-sizes only a new value): the cache
    // then drops what no longer fits, this answer too when it alone is past the bytes.
    entries.set(key, { answer, bytes: entry.bytes + delta });
  }

  function makeAnswer(key: string, version: string, json: Buffer | string): CachedAnswer {
    const compressed = new Map<'br' | 'gzip', Promise<Buffer>>();
    const answer: CachedAnswer = {
      version,
      json,
      body(coding) {
        if (coding === null) return Promise.resolve(json);
        let made = compressed.get(coding);
        if (!made) {
          // Brotli at quality 5: most of the gain of 11 for a fraction of the time.
          made =
            coding === 'br'
              ? brotli(json, {
                  params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
                })
              : gzipAsync(json);
          compressed.set(coding, made);
          made.then(
            (buffer) => account(key, answer, buffer.length),
            () => compressed.delete(coding),
          );
        }
        return made;
      },
    };
    return answer;
  }

  return {
    /**
     * The answer for `key` at `version`: the kept one, or `build()`'s JSON, kept.
     * @throws whatever `build` throws (nothing is kept then).
     */
    async get(key: string, version: string, build: () => Promise<string>): Promise<CachedAnswer> {
      const kept = entries.get(key);
      if (kept && kept.answer.version === version) return kept.answer;
      const flight = `${version}\u0000${key}`;
      const pending = building.get(flight);
      if (pending) return pending;
      const made = (async () => {
        const text = await build();
        const current = entries.peek(key);
        // Keep it unless a newer version was kept meanwhile (versions only go up).
        const newest = !current || BigInt(current.answer.version) <= BigInt(version);
        // A string's length is at most its UTF-8 size: one longer than the budget never fits.
        const json = newest && keeps && text.length <= maxBytes ? Buffer.from(text) : text;
        const answer = makeAnswer(key, version, json);
        if (newest) {
          entries.delete(key);
          if (typeof json !== 'string' && json.length <= maxBytes) entries.set(key, { answer, bytes: json.length });
        }
        return answer;
      })();
      building.set(flight, made);
      try {
        return await made;
      } finally {
        building.delete(flight);
      }
    },
    /** How many answers and bytes are kept (tests, diagnostics). */
    size: () => ({ entries: entries.size, bytes: entries.calculatedSize }),
  };
}

/**
 * Sends a kept answer as JSON, in the coding the request accepts (brotli, gzip or
 * none), with `Vary: Accept-Encoding`. The route must skip `@fastify/compress`
 * (`compress: false`): the answer carries its own compressed forms.
 */
export async function sendListAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  const coding = pickCoding(request.headers['accept-encoding'], answer.json.length);
  const body = await answer.body(coding);
  if (coding) reply.header('content-encoding', coding);
  return reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8').send(body);
}
