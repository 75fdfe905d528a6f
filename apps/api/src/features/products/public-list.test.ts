import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';

/**
 * Issue 11: the public product answers carry no personal names, and the storefront's
 * unpaged list is cheap to repeat (ETag, 304, a per-process cache invalidated by every
 * catalog write; docs/decisions/0026).
 */

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser & { businessName: string };
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db, { name: 'Reviewing Rekha', email: 'rekha@example.test' });
  vendor = await createVendor(t.db, {
    name: 'Person Pradeep',
    email: 'pradeep@example.test',
    businessName: 'Pradeep Traders',
  });
  productId = (await createOwnedProduct(t.db, vendor.vendorId, { approvalStatus: 'pending' })).id;
  // Approved by the admin over HTTP, so the product has a reviewer.
  const approved = await t.app.inject({
    method: 'PUT',
    url: `/api/products/admin/approve/${productId}`,
    headers: authAs(t.app, admin),
    payload: { isApproved: true },
  });
  expect(approved.statusCode).toBe(200);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/products and /api/products/:id without a token: no personal names', () => {
  const personal = ['Person Pradeep', 'pradeep@example.test', 'Reviewing Rekha', 'rekha@example.test'];

  it('answers the business name and neither the vendor person nor the reviewing admin', async () => {
    for (const url of ['/api/products', '/api/products?limit=5', `/api/products/${productId}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      for (const name of personal) expect(res.body).not.toContain(name);
      const product = url.endsWith(String(productId)) ? res.json().product : res.json().products[0];
      expect(product.vendor).toEqual({ _id: String(vendor.vendorId), businessName: 'Pradeep Traders' });
      expect(product).not.toHaveProperty('reviewedBy');
      expect(product.reviewedAt).not.toBeNull();
    }
  });

  it('keeps the names the spec shows in staff answers', async () => {
    const res = await get(`/api/products/${productId}`, authAs(t.app, admin));
    expect(res.json().product.vendor).toEqual({
      _id: String(vendor.vendorId),
      businessName: 'Pradeep Traders',
      name: 'Person Pradeep',
    });
    expect(res.json().product.reviewedBy).toEqual({ _id: String(admin.id), name: 'Reviewing Rekha' });
  });
});

describe('GET /api/products: ETag and 304', () => {
  it('answers 304 with no body to the current ETag, and 200 to an old one', async () => {
    const first = await get('/api/products');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"catalog-\d+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/api/products', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await get('/api/products', { 'if-none-match': 'W/"catalog-0", "other"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('answers the same body compressed as the client accepts, made once', async () => {
    // Enough products for an answer past the 1 KB under which answers go plain.
    for (let i = 0; i < 4; i++) await createOwnedProduct(t.db, vendor.vendorId);
    const plain = await get('/api/products');
    const br = await get('/api/products', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('/api/products', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  /** The ETag now, and after `write`: a new one, and the list reflects the write at once. */
  async function afterWrite(write: () => Promise<void>) {
    const before = await get('/api/products');
    await write();
    const conditional = await get('/api/products', { 'if-none-match': before.headers.etag as string });
    expect(conditional.statusCode).toBe(200);
    expect(conditional.headers.etag).not.toBe(before.headers.etag);
    return conditional.json().products as { _id: string; name: string; category: { name: string } }[];
  }

  it('changes after a product is edited, and never serves the old body', async () => {
    const products = await afterWrite(async () => {
      const current = (await get(`/api/products/${productId}`, authAs(t.app, admin))).json().product;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/edit/${productId}`,
        headers: authAs(t.app, admin),
        payload: {
          name: 'Renamed kettle',
          productDetails: current.productDetails,
          sku: current.sku,
          salePrice: current.salePrice,
          actualPrice: current.actualPrice,
          stockQuantity: current.stockQuantity,
          category: current.category._id,
          vendor: current.vendor._id,
          status: 'active',
          images: [],
        },
      });
      expect(res.statusCode).toBe(200);
    });
    expect(products.find((product) => product._id === String(productId))?.name).toBe('Renamed kettle');
  });

  it('changes after an approval brings a product in', async () => {
    const pending = await createOwnedProduct(t.db, vendor.vendorId, { approvalStatus: 'pending' });
    const products = await afterWrite(async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/admin/approve/${pending.id}`,
        headers: authAs(t.app, admin),
        payload: { isApproved: true },
      });
      expect(res.statusCode).toBe(200);
    });
    expect(products.map((product) => product._id)).toContain(String(pending.id));
  });

  it('changes after a category is renamed', async () => {
    const categoryId = (await get(`/api/products/${productId}`)).json().product.category._id;
    const products = await afterWrite(async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/categories/${categoryId}`,
        headers: authAs(t.app, admin),
        payload: { name: 'Renamed category', imageUrl: 'https://img.example.test/c.jpg' },
      });
      expect(res.statusCode).toBe(200);
    });
    expect(products.every((product) => product.category.name === 'Renamed category')).toBe(true);
  });

  it('changes after a write by another process on the same database (a row written straight to it)', async () => {
    const products = await afterWrite(async () => {
      await t.db.updateTable('products').set({ name: 'Written elsewhere' }).where('id', '=', productId).execute();
    });
    expect(products.find((product) => product._id === String(productId))?.name).toBe('Written elsewhere');
  });
});
