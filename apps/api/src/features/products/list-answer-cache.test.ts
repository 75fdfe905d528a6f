import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createListAnswerCache } from './list-answer-cache.js';

/**
 * The per-process cache of list answers (decisions 0026, 0033): valid for one catalog
 * version, one build shared by concurrent misses, bounded by entries and bytes with the
 * least recently used answer going first.
 */

/** A build that counts its calls and answers `body`. */
function counted(body: string) {
  const build = async () => {
    build.calls += 1;
    return body;
  };
  build.calls = 0;
  return build;
}

describe('createListAnswerCache', () => {
  it('answers a repeat at the same version without building, and builds again at a new one', async () => {
    const cache = createListAnswerCache();
    const build = counted('{"a":1}');
    expect((await cache.get('k', '1', build)).json.toString()).toBe('{"a":1}');
    await cache.get('k', '1', build);
    expect(build.calls).toBe(1);
    const newer = counted('{"a":2}');
    expect((await cache.get('k', '2', newer)).json.toString()).toBe('{"a":2}');
    expect(newer.calls).toBe(1);
  });

  it('shares one build among concurrent misses on a key and version', async () => {
    const cache = createListAnswerCache();
    const build = counted('{}');
    const answers = await Promise.all([
      cache.get('k', '7', build),
      cache.get('k', '7', build),
      cache.get('k', '7', build),
    ]);
    expect(build.calls).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('keeps nothing with a budget of 0 bytes', async () => {
    const cache = createListAnswerCache({ maxBytes: 0 });
    const build = counted('{}');
    await cache.get('k', '1', build);
    await cache.get('k', '1', build);
    expect(build.calls).toBe(2);
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('answers an answer it does not keep as built, plain and compressed', async () => {
    const cache = createListAnswerCache({ maxBytes: 0 });
    // Past Latin-1, so the string is two-byte and its UTF-8 is longer than it.
    const text = JSON.stringify({ name: 'Kurta ₹ “Navy”', details: 'é'.repeat(2000) });
    const answer = await cache.get('k', '1', counted(text));
    expect(Buffer.from(await answer.body(null)).toString('utf8')).toBe(text);
    expect(brotliDecompressSync(await answer.body('br')).toString('utf8')).toBe(text);
    expect(gunzipSync(await answer.body('gzip')).toString('utf8')).toBe(text);
  });

  it('keeps nothing with a budget of 0 entries', async () => {
    const cache = createListAnswerCache({ maxEntries: 0 });
    const build = counted('{}');
    await cache.get('k', '1', build);
    await cache.get('k', '1', build);
    expect(build.calls).toBe(2);
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops the least recently used answer first when past its entries', async () => {
    const cache = createListAnswerCache({ maxEntries: 2 });
    const a = counted('"a"');
    const b = counted('"b"');
    await cache.get('a', '1', a);
    await cache.get('b', '1', b);
    await cache.get('a', '1', a); // a is now the most recently used
    await cache.get('c', '1', counted('"c"'));
    await cache.get('a', '1', a);
    await cache.get('b', '1', b);
    expect(a.calls).toBe(1);
    expect(b.calls).toBe(2);
  });

  it('stays within its bytes, compressed forms included, and keeps no answer larger than them', async () => {
    const cache = createListAnswerCache({ maxBytes: 1000 });
    const big = counted(JSON.stringify('x'.repeat(2000)));
    await cache.get('big', '1', big);
    expect(cache.size().entries).toBe(0);
    const answer = await cache.get('one', '1', counted(JSON.stringify('y'.repeat(600))));
    await answer.body('gzip');
    expect(cache.size().bytes).toBeGreaterThan(602);
    await cache.get('two', '1', counted(JSON.stringify('z'.repeat(600))));
    expect(cache.size().bytes).toBeLessThanOrEqual(1000);
    expect(cache.size().entries).toBe(1);
  });
});
