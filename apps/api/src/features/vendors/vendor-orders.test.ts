import { NUL_CHARACTER_MESSAGE } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createOrder, type FixtureOrder } from '../../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';

let t: TestApp;
let admin: FixtureUser;
let vendorA: FixtureUser;
let vendorB: FixtureUser;
let mixed: FixtureOrder;
let onlyA: FixtureOrder;
let onlyB: FixtureOrder;

const get = (url: string, as: FixtureUser | null) =>
  t.app.inject({ method: 'GET', url, headers: as ? authAs(t.app, as) : {} });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendorA = await createVendor(t.db, { businessName: 'A Traders' });
  vendorB = await createVendor(t.db, { businessName: 'B Traders' });
  const a1 = await createOwnedProduct(t.db, vendorA.vendorId, { name: 'A Kettle' });
  await createOwnedProduct(t.db, vendorA.vendorId, { status: 'pending', approvalStatus: 'pending' });
  await createOwnedProduct(t.db, vendorA.vendorId, { status: 'pending', approvalStatus: 'rejected' });
  const b1 = await createOwnedProduct(t.db, vendorB.vendorId, { name: 'B Lamp' });
  const store = await createOwnedProduct(t.db, null, { name: 'Store Mug' });
  const day = 24 * 3600 * 1000;
  mixed = await createOrder(t.db, {
    status: 'Delivered',
    createdAt: new Date(Date.now() - 3 * day).toISOString(),
    billingFullName: 'Kiran Rao',
    billingEmail: 'kiran@example.test',
    lines: [
      { productId: a1.id, productName: 'A Kettle', quantity: 2, salePricePaise: 150_000 },
      { productId: b1.id, productName: 'B Lamp', quantity: 1, salePricePaise: 90_000 },
      { productId: store.id, productName: 'Store Mug', quantity: 1, salePricePaise: 20_000 },
    ],
    coupon: { code: 'SAVE10', discountPaise: 10_000 },
  });
  onlyA = await createOrder(t.db, {
    status: 'Packaging',
    lines: [{ productId: a1.id, productName: 'A Kettle', quantity: 1, salePricePaise: 150_000 }],
  });
  onlyB = await createOrder(t.db, {
    status: 'Delivered',
    lines: [{ productId: b1.id, productName: 'B Lamp', quantity: 3, salePricePaise: 90_000 }],
  });
});
afterAll(() => t.close());

describe('GET /api/vendor/dashboard', () => {
  it("answers a vendor's own figures: products in every state, orders with their products, revenue from their lines", async () => {
    const res = await get('/api/vendor/dashboard', vendorA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      totalProducts: 3,
      productsByApproval: { approved: 1, pending: 1, rejected: 1 },
      totalOrders: 2,
      ordersToday: 1,
      // Only their two kettles in the Delivered order: 2 × Rs.1,500.
      totalRevenue: 3000,
    });
    expect(body.statusDistribution).toEqual([
      { status: 'Order Placed', count: 0 },
      { status: 'Packaging', count: 1 },
      { status: 'On The Road', count: 0 },
      { status: 'Delivered', count: 1 },
      { status: 'Cancelled', count: 0 },
    ]);
    // Every order is in one status, Cancelled included (issue 33: 387 of 400 were shown).
    expect(body.statusDistribution.reduce((sum: number, entry: { count: number }) => sum + entry.count, 0)).toBe(
      body.totalOrders,
    );
    expect(body.recentOrders.map((o: { _id: string; total: number }) => [o._id, o.total])).toEqual([
      [String(onlyA.id), 1500],
      [String(mixed.id), 3000],
    ]);
  });

  it("answers vendor B's figures apart", async () => {
    const body = (await get('/api/vendor/dashboard', vendorB)).json();
    expect(body).toMatchObject({ totalProducts: 1, totalOrders: 2, totalRevenue: 900 + 2700 });
  });

  it('answers 403 to an admin and 401 to anonymous', async () => {
    expect((await get('/api/vendor/dashboard', admin)).statusCode).toBe(403);
    expect((await get('/api/vendor/dashboard', null)).statusCode).toBe(401);
  });
});

describe('GET /api/vendor/orders', () => {
  it('lists only orders holding their products, newest first, with their own lines only', async () => {
    const res = await get('/api/vendor/orders', vendorA);
    expect(res.statusCode).toBe(200);
    expect(res.json().orders).toEqual([
      expect.objectContaining({ _id: String(onlyA.id), itemCount: 1, total: 1500, status: 'Packaging' }),
      expect.objectContaining({ _id: String(mixed.id), itemCount: 2, total: 3000, customerName: 'Kiran Rao' }),
    ]);
    expect(JSON.stringify(res.json())).not.toContain(String(onlyB.trackingNumber));
  });

  it('pages with a cursor and filters by status', async () => {
    const first = (await get('/api/vendor/orders?limit=1', vendorA)).json();
    expect(first.total).toBe(2);
    expect(first.orders).toHaveLength(1);
    const second = (await get(`/api/vendor/orders?limit=1&cursor=${first.nextCursor}`, vendorA)).json();
    expect(second.orders[0]._id).toBe(String(mixed.id));
    expect(second.nextCursor).toBeNull();
    const delivered = (await get('/api/vendor/orders?status=Delivered', vendorA)).json();
    expect(delivered.orders.map((o: { _id: string }) => o._id)).toEqual([String(mixed.id)]);
  });

  it('searches their orders by a part of the tracking number, in any case, in the database', async () => {
    const part = onlyA.trackingNumber.slice(-4).toLowerCase();
    const all = (await get(`/api/vendor/orders?search=${encodeURIComponent(part)}`, vendorA)).json();
    expect(all.orders.map((o: { _id: string }) => o._id)).toEqual([String(onlyA.id)]);
    const page = (await get(`/api/vendor/orders?limit=5&search=${encodeURIComponent(` ${part} `)}`, vendorA)).json();
    expect(page).toMatchObject({ total: 1, nextCursor: null });
    expect(page.orders[0]._id).toBe(String(onlyA.id));
    const withStatus = (await get(`/api/vendor/orders?status=Delivered&search=${part}`, vendorA)).json();
    expect(withStatus.orders).toEqual([]);
  });

  it("does not find another vendor's order by its tracking number", async () => {
    const res = await get(`/api/vendor/orders?limit=5&search=${onlyB.trackingNumber}`, vendorA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orders: [], total: 0, nextCursor: null });
  });

  it.each(['%', '_', '\\', "'; drop table orders; --"])(
    'matches the search %j literally (200, nothing found)',
    async (text) => {
      const res = await get(`/api/vendor/orders?limit=5&search=${encodeURIComponent(text)}`, vendorA);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ orders: [], total: 0 });
    },
  );

  it('answers 400 to a search past 100 characters or with a NUL character', async () => {
    expect((await get(`/api/vendor/orders?search=${'x'.repeat(101)}`, vendorA)).statusCode).toBe(400);
    const nul = await get('/api/vendor/orders?limit=5&search=TRK%00', vendorA);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(NUL_CHARACTER_MESSAGE);
  });

  it.each(['status=Lost', 'limit=0', 'limit=2&cursor=abc'])('answers 400 to ?%s', async (query) => {
    expect((await get(`/api/vendor/orders?${query}`, vendorA)).statusCode).toBe(400);
  });

  it('answers 400 to a forged cursor with an id past 32 bits', async () => {
    const cursor = Buffer.from(JSON.stringify(['vendor-newest', '2026-01-01T00:00:00.000Z', 2 ** 40])).toString(
      'base64url',
    );
    expect((await get(`/api/vendor/orders?limit=2&cursor=${cursor}`, vendorA)).statusCode).toBe(400);
  });

  it('answers 403 to an admin', async () => {
    expect((await get('/api/vendor/orders', admin)).statusCode).toBe(403);
  });
});

describe('GET /api/vendor/orders/:id', () => {
  it('answers their lines and total and the shipping details, nothing more', async () => {
    const res = await get(`/api/vendor/orders/${mixed.id}`, vendorA);
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    expect(order.products.map((line: { product: { name: string } }) => line.product.name)).toEqual(['A Kettle']);
    expect(order.total).toBe(3000);
    expect(order.shipTo).toMatchObject({ fullName: 'Kiran Rao', address: { city: 'Kolkata' } });
    const text = JSON.stringify(order);
    for (const hidden of ['kiran@example.test', 'SAVE10', 'B Lamp', 'Store Mug', 'Cash on Delivery', 'discountedTotal'])
      expect(text).not.toContain(hidden);
  });

  it("answers 404 to another vendor's order and to one that does not exist", async () => {
    expect((await get(`/api/vendor/orders/${onlyB.id}`, vendorA)).statusCode).toBe(404);
    expect((await get('/api/vendor/orders/2147483647', vendorA)).statusCode).toBe(404);
  });

  it.each(['2147483648', '99999999999999999999', '0', 'x', '%00'])('answers 400 or 404 to id %s', async (id) => {
    expect([400, 404]).toContain((await get(`/api/vendor/orders/${id}`, vendorA)).statusCode);
  });

  it('answers 403 to an admin', async () => {
    expect((await get(`/api/vendor/orders/${mixed.id}`, admin)).statusCode).toBe(403);
  });
});
