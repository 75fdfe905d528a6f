import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';

/**
 * Issue 11: no request makes a process hold an unbounded answer. An unpaged list past
 * `UNPAGED_LIST_LIMIT` rows is refused with a message naming `limit`; up to it, and
 * paged, lists answer as the spec says (docs/decisions/0025). Lowered to 3 here.
 */

let t: TestApp;
let admin: FixtureUser;

beforeAll(async () => {
  t = await createTestApp({ UNPAGED_LIST_LIMIT: '3' });
  admin = await createAdmin(t.db);
  for (let i = 0; i < 3; i++) await createOwnedProduct(t.db, null);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authAs(t.app, admin) });

describe('unpaged lists are bounded (platform/db/lists.ts)', () => {
  it('answers an unpaged list of as many rows as the bound', async () => {
    const res = await get('/api/products/admin/all');
    expect(res.statusCode).toBe(200);
    expect(res.json().products).toHaveLength(3);
  });

  it('refuses an unpaged list past the bound with 400 naming limit, on every list through the helper', async () => {
    await createOwnedProduct(t.db, null);
    const now = new Date().toISOString();
    for (let i = 0; i < 4; i++) {
      await t.db
        .insertInto('contacts')
        .values({ name: 'Asha', email: 'a@example.test', phone: null, message: 'Hi', createdAt: now, updatedAt: now })
        .execute();
    }
    await t.db
      .insertInto('categories')
      .values(
        [1, 2, 3].map((i) => ({
          name: `Extra ${i}`,
          imageUrl: 'https://img.example.test/c.jpg',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    for (const url of ['/api/products', '/api/products/admin/all', '/api/contacts', '/api/categories']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(body.message).toContain('limit');
      expect(body.message).toContain('more than the 3');
      expect(body.errors.limit).toBe(body.message);
    }
  });

  it('still answers every row page by page', async () => {
    const first = (await get('/api/products/admin/all?limit=3')).json();
    expect(first.total).toBe(4);
    const second = (await get(`/api/products/admin/all?limit=3&cursor=${first.nextCursor}`)).json();
    expect([...first.products, ...second.products]).toHaveLength(4);
    expect(second.nextCursor).toBeNull();
  });
});
