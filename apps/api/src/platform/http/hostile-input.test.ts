import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Named regressions for each class of hostile input (issue 11): each used to reach a
 * 500 on PostgreSQL or SQLite. Each must answer 400 or 404 with the error body, on both
 * databases, and change nothing. The classes are refused once, in shared places: the
 * contract's schemas (ids, money), the JSON body parser (NUL characters, non-object
 * bodies), the query-string guard and the error handler (database data errors).
 */

let t: TestApp;
let admin: { authorization: string };
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = authAs(t.app, await createAdmin(t.db));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/categories/create',
    headers: admin,
    payload: { name: 'Kitchen', imageUrl: 'https://example.com/k.jpg' },
  });
  categoryId = Number(res.json().category._id);
});
afterAll(() => t.close());

const PAST_32_BITS = [2147483648, 4294967296, 9007199254740991];

async function snapshot() {
  const [categories, products] = await Promise.all([
    t.db.selectFrom('categories').selectAll().orderBy('id').execute(),
    t.db.selectFrom('products').selectAll().orderBy('id').execute(),
  ]);
  return { categories, products };
}

function expectRefused(res: { statusCode: number; json(): unknown }, statuses: number[] = [400]) {
  expect(statuses).toContain(res.statusCode);
  expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
}

const productBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Steel tumbler',
  productDetails: 'A steel tumbler',
  sku: `SKU-${Math.random().toString(36).slice(2, 10)}`,
  salePrice: 100,
  actualPrice: 120,
  stockQuantity: 3,
  category: categoryId,
  ...overrides,
});

describe('ids past a 32-bit integer', () => {
  it.each(PAST_32_BITS)('answers 404 or 400 for id %s in paths', async (id) => {
    for (const url of [`/api/products/${id}`, `/api/orders/admin/orders/${id}`]) {
      expectRefused(await t.app.inject({ method: 'GET', url, headers: admin }), [400, 404]);
    }
    expectRefused(await t.app.inject({ method: 'DELETE', url: `/api/categories/${id}`, headers: admin }), [400, 404]);
  });

  it.each(PAST_32_BITS)('refuses %s in query filters', async (id) => {
    for (const url of [`/api/products/admin/all?category=${id}`, `/api/subcategories?category=${id}&limit=5`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin });
      expectRefused(res);
    }
  });

  it.each(PAST_32_BITS)('refuses %s as a body reference and writes nothing', async (id) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: admin,
      payload: productBody({ category: id }),
    });
    expectRefused(res);
    expect(await snapshot()).toEqual(before);
  });
});

describe('NUL characters', () => {
  it.each([
    '/api/products/admin/all?search=a%00b',
    '/api/products/admin/all?search=a%00b&limit=10',
    '/api/orders/admin/orders?search=%00&limit=10',
    '/api/categories?search=x%00&limit=10',
    '/api/vendors?search=%00',
  ])('refuses a search text with one: %s', async (url) => {
    expectRefused(await t.app.inject({ method: 'GET', url, headers: admin }));
  });

  it('refuses one in a body text and writes nothing', async () => {
    const before = await snapshot();
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/categories/create',
        headers: admin,
        payload: { name: 'Bad\u0000name', imageUrl: 'https://example.com/b.jpg' },
      }),
    );
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/products/create',
        headers: admin,
        payload: productBody({ productDetails: 'x\u0000y' }),
      }),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses one in an object key', async () => {
    expectRefused(
      await t.app.inject({
        method: 'POST',
        url: '/api/categories/create',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: '{"name":"Fine","a\\u0000b":1}',
      }),
    );
  });
});

describe('forged cursors', () => {
  const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['/api/orders/admin/orders?limit=5&cursor=', forge(['newest', 'not a time', 1])],
    ['/api/orders/admin/orders?limit=5&cursor=', forge(['newest', '2026-01-01T00:00:00.000Z', 2147483648])],
    ['/api/products/admin/all?limit=5&cursor=', forge(['newest', 'yesterday', 1])],
    ['/api/products/admin/all?limit=5&cursor=', forge(['newest', '2026-01-01T00:00:00.000Z', 4294967296])],
    ['/api/products/admin/all?sort=price-asc&limit=5&cursor=', forge(['price-asc', 1e300, 1])],
    ['/api/products/admin/all?sort=price-asc&limit=5&cursor=', forge(['price-asc', 'cheap', 1])],
    ['/api/categories?limit=5&cursor=', forge(['name-asc', 'a', 2147483648])],
    ['/api/categories?limit=5&cursor=', 'not-base64-json'],
  ])('refuses %s%s', async (path, cursor) => {
    expectRefused(await t.app.inject({ method: 'GET', url: `${path}${cursor}`, headers: admin }));
  });
});

describe('bodies that are not JSON objects', () => {
  it.each(['null', '5', '"text"', 'true', 'false'])('refuses %s on every write and writes nothing', async (body) => {
    const before = await snapshot();
    for (const [method, url] of [
      ['POST', '/api/auth/admin/login'],
      ['POST', '/api/categories/create'],
      ['PUT', `/api/categories/${categoryId}`],
      ['POST', '/api/subcategories'],
      ['POST', '/api/products/create'],
      ['PUT', '/api/products/edit/1'],
      ['PUT', '/api/products/admin/approve/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...admin, 'content-type': 'application/json' },
        payload: body,
      });
      expectRefused(res);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('amounts under one paisa', () => {
  it.each([1e-9, 0.001, 0.005, 99.999, 1e-300])('refuses a sale price of %s and writes nothing', async (amount) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: admin,
      payload: productBody({ salePrice: amount, actualPrice: 120 }),
    });
    expectRefused(res);
    expect(await snapshot()).toEqual(before);
  });

  it('still takes two decimals exactly', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: admin,
      payload: productBody({ salePrice: 0.29, actualPrice: 1234.56 }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ salePrice: 0.29, actualPrice: 1234.56 });
  });
});
