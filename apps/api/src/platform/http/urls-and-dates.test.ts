import { DATE_RANGE_MESSAGE } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 23: URL fields took quotes, `<`, `>` and spaces (`http://x.test/x.png"
 * onerror="alert(1)` was stored), and a coupon from `0000-01-01` was stored on SQLite
 * but refused by PostgreSQL with a generic message. Both are refused by the shared
 * contract (`isHttpUrl`, `isoDate`), with the same 400 and field message on SQLite and
 * PostgreSQL, and nothing is written.
 */

let t: TestApp;
let admin: { authorization: string };
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = authAs(t.app, await createAdmin(t.db));
  const res = await send('POST', '/api/categories/create', { name: 'Kitchen', imageUrl: 'https://example.test/k.jpg' });
  expect(res.statusCode, res.body).toBe(201);
  categoryId = res.json().category._id;
});
afterAll(() => t.close());

function send(method: 'POST' | 'PUT', url: string, payload: unknown) {
  return t.app.inject({ method, url, headers: admin, payload: payload as Record<string, unknown> });
}

async function configVersion(): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: '/api/website-config' })).json().config.updatedAt;
}

const HOSTILE_URLS = [
  'http://x.test/x.png" onerror="alert(1)',
  "http://x.test/x.png' onerror='alert(1)",
  'http://x.test/<script>alert(1)</script>.png',
  'http://x.test/a b.png',
  'https://x.test/a.png\tb',
  ' javascript:alert(1)',
  'http://x.test/a`b`.png',
  'http://',
  'https:///path-only.png',
  'ftp://x.test/a.png',
];

/** Every URL field of the contract, as a request that would otherwise succeed. */
const urlFields: {
  field: string;
  request: (url: string) => Promise<{ method: 'POST' | 'PUT'; url: string; payload: unknown }>;
}[] = [
  {
    field: 'category image',
    request: async (url) => ({
      method: 'POST',
      url: '/api/categories/create',
      payload: { name: `C ${Math.random()}`, imageUrl: url },
    }),
  },
  {
    field: 'product image',
    request: async (url) => ({
      method: 'POST',
      url: '/api/products/create',
      payload: {
        name: 'Steel tumbler',
        productDetails: 'A steel tumbler',
        sku: `SKU-${Math.random().toString(36).slice(2, 10)}`,
        salePrice: 100,
        actualPrice: 120,
        stockQuantity: 3,
        category: categoryId,
        images: [url],
      },
    }),
  },
  {
    field: 'blog featured image',
    request: async (url) => ({
      method: 'POST',
      url: '/api/blogs/create',
      payload: { title: 'T', category: 'News', author: 'A', content: '<p>Hi</p>', image: url },
    }),
  },
  {
    field: 'logo',
    request: async (url) => ({
      method: 'PUT',
      url: '/api/website-config/logo',
      payload: { logoUrl: url, updatedAt: await configVersion() },
    }),
  },
  {
    field: 'social link',
    request: async (url) => ({
      method: 'PUT',
      url: '/api/website-config/social-media',
      payload: { socialMediaLinks: [{ platform: 'facebook', url }], updatedAt: await configVersion() },
    }),
  },
  {
    field: 'banner image',
    request: async (url) => ({
      method: 'PUT',
      url: '/api/website-config/banners',
      payload: {
        banners: [{ imageUrl: url, anchorLink: 'https://shop.example.test/a', isActive: true }],
        updatedAt: await configVersion(),
      },
    }),
  },
];

async function counts() {
  const [categories, products, blogs, config] = await Promise.all([
    t.db.selectFrom('categories').select('id').execute(),
    t.db.selectFrom('products').select('id').execute(),
    t.db.selectFrom('blogs').select('id').execute(),
    configVersion(),
  ]);
  return { categories: categories.length, products: products.length, blogs: blogs.length, config };
}

describe('URL fields (issue 23)', () => {
  it.each(urlFields)(
    'the $field refuses quotes, angle brackets, spaces and non-http URLs with 400',
    async ({ request }) => {
      const before = await counts();
      for (const hostile of HOSTILE_URLS) {
        const { method, url, payload } = await request(hostile);
        const res = await send(method, url, payload);
        expect(res.statusCode, `${hostile}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      }
      expect(await counts()).toEqual(before);
    },
  );

  it.each(urlFields)('the $field still takes a well-formed http(s) URL', async ({ request }) => {
    const { method, url, payload } = await request(
      `https://cdn.example.test/images/${Math.random().toString(36).slice(2)}.png?w=400&h=300#top`,
    );
    const res = await send(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it('the blog still takes an uploaded image by its /api/uploads path', async () => {
    const res = await send('POST', '/api/blogs/create', {
      title: 'Uploaded',
      category: 'News',
      author: 'A',
      content: '<p>Hi</p>',
      image: '/api/uploads/1',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().blog.image).toBe('/api/uploads/1');
  });
});

describe('date fields (issue 23)', () => {
  const coupon = (overrides: Record<string, unknown>) => ({
    code: `D${Math.random().toString(36).slice(2, 8)}`,
    description: 'Ten off',
    discountType: 'percentage',
    discountValue: 10,
    minOrderAmount: 0,
    maxDiscountAmount: null,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    isActive: true,
    usageLimit: null,
    applicableProducts: [],
    applicableCategories: [],
    ...overrides,
  });

  it.each([
    ['startDate', '0000-01-01'],
    ['startDate', '1999-12-31'],
    ['endDate', '2101-01-01'],
    ['endDate', '9999-12-31'],
  ])('a coupon with %s %s answers 400 with the range on that field, and is not stored', async (field, date) => {
    const before = await t.db.selectFrom('coupons').select('id').execute();
    const res = await send('POST', '/api/coupons', coupon({ [field]: date }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: DATE_RANGE_MESSAGE } });
    expect(await t.db.selectFrom('coupons').select('id').execute()).toEqual(before);
  });

  it('a coupon over the whole range, 2000-01-01 to 2100-12-31, is stored and read back the same', async () => {
    const res = await send('POST', '/api/coupons', coupon({ startDate: '2000-01-01', endDate: '2100-12-31' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().coupon).toMatchObject({ startDate: '2000-01-01', endDate: '2100-12-31' });
  });

  it('the activity log refuses a filter date outside the range', async () => {
    for (const query of ['from=0000-01-01', 'to=2101-01-01']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/activity?${query}`, headers: admin });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(DATE_RANGE_MESSAGE);
    }
  });
});
