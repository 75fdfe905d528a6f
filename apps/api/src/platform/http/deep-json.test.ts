import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findNulCharacter, isNestedDeeperThan, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './request-guards.js';

/**
 * Issue 23, 'Deeply nested JSON': a body of 10,000 nested arrays or objects answered
 * 500 on any JSON route (the NUL guard recursed until the stack overflowed), the
 * anonymous sign-in included. The JSON parser now refuses nesting past 64 levels with
 * 400 before anything walks the body, on SQLite and PostgreSQL alike.
 */

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = authAs(t.app, await createAdmin(t.db));
});
afterAll(() => t.close());

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('isNestedDeeperThan', () => {
  it('counts arrays and objects, and not brackets inside strings', () => {
    expect(isNestedDeeperThan(nestedArrays(3), 3)).toBe(false);
    expect(isNestedDeeperThan(nestedArrays(4), 3)).toBe(true);
    expect(isNestedDeeperThan(`{"a":[{"b":"[[[[[[[[{{{{{"}]}`, 3)).toBe(false);
    expect(isNestedDeeperThan(`{"a":"\\"[[[[[[[["}`, 3)).toBe(false);
    expect(isNestedDeeperThan(`{"a":"\\\\",  "b":[[[[1]]]]}`, 3)).toBe(true);
  });

  it('walks 500,000 levels without recursion', () => {
    expect(isNestedDeeperThan(nestedArrays(500_000), 1_000_000)).toBe(false);
  });
});

describe('findNulCharacter', () => {
  it('walks a value 100,000 levels deep without overflowing the stack', () => {
    let value: unknown = 'a\u0000b';
    for (let i = 0; i < 100_000; i += 1) value = [value];
    expect(findNulCharacter(value)).toBe(`${'0.'.repeat(99_999)}0`);
  });

  it('names the first offender in reading order', () => {
    expect(findNulCharacter({ a: ['x', 'y\u0000'], b: '\u0000' })).toBe('a.1');
  });
});

describe('a JSON body nested past 64 levels (issue 23)', () => {
  const routes = [
    { method: 'POST' as const, url: '/api/auth/admin/login', signedIn: false },
    { method: 'POST' as const, url: '/api/contacts', signedIn: false },
    { method: 'POST' as const, url: '/api/orders', signedIn: false },
    { method: 'POST' as const, url: '/api/categories/create', signedIn: true },
    { method: 'PUT' as const, url: '/api/blogs/1', signedIn: true },
  ];

  it.each(routes)('answers 400 to 10,000 nested arrays and objects on $method $url', async (route) => {
    for (const payload of [
      nestedArrays(10_000),
      nestedObjects(10_000),
      `{"email":${nestedArrays(10_000)}}`,
      `{"x":"${'['.repeat(10)}", "y":${nestedObjects(MAX_JSON_DEPTH)}}`,
    ]) {
      const res = await t.app.inject({
        method: route.method,
        url: route.url,
        headers: { 'content-type': 'application/json', ...(route.signedIn ? admin : {}) },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, code: 'BAD_REQUEST', message: TOO_DEEP_MESSAGE });
    }
  });

  it('answers 400 to a 1 MB body nested 500,000 deep and writes nothing', async () => {
    const before = await t.db.selectFrom('contacts').select('id').execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { 'content-type': 'application/json' },
      payload: nestedArrays(500_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TOO_DEEP_MESSAGE);
    expect(await t.db.selectFrom('contacts').select('id').execute()).toEqual(before);
  });

  it('still takes a body nested exactly 64 levels (and the route judges it)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"a@b.test","password":"x","extra":${nestedObjects(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(res.statusCode).not.toBe(500);
    expect(res.json().message).not.toBe(TOO_DEEP_MESSAGE);
  });

  it('still refuses __proto__ keys and malformed JSON as before', async () => {
    for (const payload of ['{"__proto__":{"x":1}}', '{"a":', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
