import type { ActivityEntry } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, FIXTURE_PASSWORD, type FixtureUser } from '../../test/fixtures.js';
import { createOrder } from '../../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';
import { diffFields } from './activity-changes.js';

let t: TestApp;
let admin: FixtureUser;
let vendorA: FixtureUser & { businessName: string };
let vendorB: FixtureUser & { businessName: string };
let category: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, as: FixtureUser | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...(as ? authAs(t.app, as) : {}), ...(payload !== undefined && { 'content-type': 'application/json' }) },
    ...(payload !== undefined && { payload: JSON.stringify(payload) }),
  });
}

async function ok(method: Method, url: string, as: FixtureUser, payload?: unknown) {
  const res = await call(method, url, as, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** The record's history as the admin sees it, newest first. */
async function history(kind: string, id: string | number, as: FixtureUser = admin): Promise<ActivityEntry[]> {
  const res = await call('GET', `/api/activity/${kind}/${id}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries;
}

async function logSize(): Promise<number> {
  const row = await t.db
    .selectFrom('activityLog')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let sku = 0;
const productBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Logged Phone ${++sku}`,
  productDetails: 'A phone',
  brand: 'Acme',
  color: 'Black',
  sku: `LOG-${sku}`,
  model: 'X1',
  warrantyPeriod: '1 Year',
  salePrice: 999.5,
  actualPrice: 1299,
  manufacturer: 'Acme',
  stockQuantity: 5,
  category,
  subcategory: null,
  images: ['https://img.example.test/1.jpg'],
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db, { name: 'Asha Admin' });
  vendorA = await createVendor(t.db, { name: 'Vikram Vendor' });
  vendorB = await createVendor(t.db, { name: 'Bela Vendor' });
  category = (
    await ok('POST', '/api/categories/create', admin, {
      _id: null,
      name: 'Phones',
      imageUrl: 'https://img.example.test/c.jpg',
    })
  ).category._id;
});

afterAll(async () => {
  await t.close();
});

describe('diffFields', () => {
  it('keeps only changed fields, in rupees, and never a secret', () => {
    const changes = diffFields(
      { name: 'A', salePricePaise: 10_050, passwordHash: 'x', token: 'a', stock: 1, updatedAt: '1' },
      { name: 'B', salePricePaise: 10_050, passwordHash: 'y', token: 'b', stock: 2, updatedAt: '2' },
      { money: ['salePricePaise'] },
    );
    expect(changes).toEqual({ name: { before: 'A', after: 'B' }, stock: { before: 1, after: 2 } });
    expect(diffFields(null, { pricePaise: 12_345 }, { money: ['pricePaise'] })).toEqual({
      price: { before: null, after: 123.45 },
    });
  });
});

describe('recording', () => {
  it('records a category created, by whom, with its fields', async () => {
    const [entry] = await history('category', category);
    expect(entry).toMatchObject({
      action: 'create',
      kind: 'category',
      label: 'Phones',
      actor: { _id: String(admin.id), name: 'Asha Admin', role: 'admin' },
      changes: { name: { before: null, after: 'Phones' } },
    });
  });

  it('records a product created, updated, approved, rejected and deleted, with the changed fields', async () => {
    const created = (await ok('POST', '/api/products/create', vendorA, productBody())).product;
    const id = created._id;
    let [entry] = await history('product', id);
    expect(entry).toMatchObject({ action: 'create', actor: { name: 'Vikram Vendor', role: 'vendor' } });
    expect(entry?.changes.salePrice).toEqual({ before: null, after: 999.5 });
    expect(entry?.changes.approvalStatus).toEqual({ before: null, after: 'pending' });

    await ok('PUT', `/api/products/admin/approve/${id}`, admin, { isApproved: true });
    [entry] = await history('product', id);
    expect(entry).toMatchObject({ action: 'approve', actor: { name: 'Asha Admin' } });
    expect(entry?.changes).toEqual({
      approvalStatus: { before: 'pending', after: 'approved' },
      status: { before: 'pending', after: 'active' },
    });

    await ok(
      'PUT',
      `/api/products/edit/${id}`,
      vendorA,
      productBody({ sku: created.sku, name: created.name, salePrice: 899 }),
    );
    [entry] = await history('product', id);
    expect(entry?.action).toBe('update');
    expect(entry?.changes.salePrice).toEqual({ before: 999.5, after: 899 });
    expect(entry?.changes.name).toBeUndefined();
    // A price change on a live, approved product applies at once and keeps it on sale (decision 0044).
    expect(entry?.changes.approvalStatus).toBeUndefined();

    await ok('PUT', `/api/products/admin/approve/${id}`, admin, { isApproved: false, reason: 'The photos are blurry' });
    [entry] = await history('product', id);
    expect(entry).toMatchObject({
      action: 'reject',
      changes: { approvalStatus: { before: 'approved', after: 'rejected' } },
    });

    await ok('DELETE', `/api/products/delete/${id}`, admin);
    [entry] = await history('product', id);
    expect(entry).toMatchObject({ action: 'delete', label: created.name });
    expect((await history('product', id)).map((e) => e.action)).toEqual([
      'delete',
      'reject',
      'update',
      'approve',
      'create',
    ]);
  });

  it('records an order status change with the tracking number', async () => {
    const order = await createOrder(t.db);
    await ok('PUT', '/api/orders/admin/order-status', admin, {
      orderId: order.id,
      status: 'Packaging',
      notes: 'Packed',
    });
    const [entry] = await history('order', order.id);
    expect(entry).toMatchObject({
      action: 'status_change',
      label: order.trackingNumber,
      changes: { status: { before: 'Order Placed', after: 'Packaging' } },
    });
  });

  it('records a coupon created, updated (money in rupees) and deleted', async () => {
    const coupon = (
      await ok('POST', '/api/coupons', admin, {
        code: 'LOGGED10',
        description: 'Ten off',
        discountType: 'fixed',
        discountValue: 100,
        minOrderAmount: 500,
        maxDiscountAmount: null,
        startDate: '2026-01-01',
        endDate: '2099-12-31',
        isActive: true,
        usageLimit: null,
        applicableProducts: [],
        applicableCategories: [],
      })
    ).coupon;
    await ok('PUT', `/api/coupons/${coupon._id}`, admin, {
      code: 'LOGGED10',
      description: 'Ten off',
      discountType: 'fixed',
      discountValue: 150.5,
      minOrderAmount: 500,
      maxDiscountAmount: null,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      isActive: true,
      usageLimit: null,
      applicableProducts: [],
      applicableCategories: [],
    });
    await ok('DELETE', `/api/coupons/${coupon._id}`, admin);
    const entries = await history('coupon', coupon._id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[1]?.changes).toEqual({ amountOff: { before: 100, after: 150.5 } });
    expect(entries[0]?.label).toBe('LOGGED10');
  });

  it("records a vendor's status change", async () => {
    const pending = await createVendor(t.db, { status: 'pending', businessName: 'Pending Shop' });
    await ok('PUT', `/api/vendors/${pending.vendorId}/status`, admin, { status: 'approved' });
    const [entry] = await history('vendor', pending.vendorId as number);
    expect(entry).toMatchObject({
      action: 'approve',
      label: 'Pending Shop',
      changes: { status: { before: 'pending', after: 'approved' } },
    });
  });

  it('records a website configuration save with the changed field only', async () => {
    await ok('PUT', '/api/website-config/logo', admin, { logoUrl: 'https://img.example.test/logo.png' });
    const [entry] = await history('website_config', 1);
    expect(entry).toMatchObject({
      action: 'config_save',
      changes: { logoUrl: { before: null, after: 'https://img.example.test/logo.png' } },
    });
  });

  it('records a password change without the password', async () => {
    const someone = await createAdmin(t.db, { name: 'Pass Changer' });
    await ok('PUT', '/api/auth/password', someone, {
      currentPassword: FIXTURE_PASSWORD,
      newPassword: 'brand-new-pass-9',
    });
    const [entry] = await history('account', someone.id);
    expect(entry).toMatchObject({
      action: 'password_change',
      changes: { passwordChanged: { before: false, after: true } },
    });
    const stored = await t.db.selectFrom('activityLog').select('changes').execute();
    for (const row of stored) {
      expect(row.changes).not.toContain('brand-new-pass-9');
      expect(row.changes).not.toContain(FIXTURE_PASSWORD);
      expect(row.changes).not.toMatch(/scrypt|passwordHash/i);
    }
  });

  it('records nothing for a refused write or a save that changed nothing', async () => {
    const before = await logSize();
    // Refused: a category name taken (409), a stale coupon, a missing product.
    expect(
      (
        await call('POST', '/api/categories/create', admin, {
          _id: null,
          name: 'phones',
          imageUrl: 'https://img.example.test/c.jpg',
        })
      ).statusCode,
    ).toBe(409);
    expect((await call('DELETE', '/api/products/delete/999999', admin)).statusCode).toBe(404);
    expect((await call('PUT', '/api/products/admin/approve/999999', admin, { isApproved: true })).statusCode).toBe(404);
    // Rolled back: the order moved out of sequence.
    const order = await createOrder(t.db);
    expect(
      (await call('PUT', '/api/orders/admin/order-status', admin, { orderId: order.id, status: 'Delivered' }))
        .statusCode,
    ).toBe(400);
    // Saved, but nothing changed.
    await ok('PUT', `/api/categories/${category}`, admin, {
      _id: category,
      name: 'Phones',
      imageUrl: 'https://img.example.test/c.jpg',
    });
    expect(await logSize()).toBe(before);
  });
});

describe('GET /api/activity', () => {
  it('answers 401 without a token and 403 to a vendor', async () => {
    expect((await call('GET', '/api/activity', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/activity', vendorA)).statusCode).toBe(403);
    expect((await call('GET', '/api/activity/people', vendorA)).statusCode).toBe(403);
  });

  it('lists newest first, filtered by person and kind, and pages by cursor', async () => {
    const all = (await ok('GET', '/api/activity?limit=200', admin)) as { entries: ActivityEntry[]; total: number };
    expect(all.total).toBe(all.entries.length);
    const times = all.entries.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const byVendor = (await ok('GET', `/api/activity?person=${vendorA.id}`, admin)).entries as ActivityEntry[];
    expect(byVendor.length).toBeGreaterThan(0);
    expect(byVendor.every((e) => e.actor._id === String(vendorA.id))).toBe(true);

    const coupons = (await ok('GET', '/api/activity?kind=coupon', admin)).entries as ActivityEntry[];
    expect(coupons.map((e) => e.kind)).toEqual(['coupon', 'coupon', 'coupon']);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { entries: ActivityEntry[]; nextCursor: string | null } = await ok(
        'GET',
        `/api/activity?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        admin,
      );
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e) => e._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.entries.map((e) => e._id));

    const people = (await ok('GET', '/api/activity/people', admin)).people as { _id: string }[];
    expect(people.map((p) => p._id)).toEqual(expect.arrayContaining([String(admin.id), String(vendorA.id)]));
  });

  it('filters by UTC date, both ends inclusive', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await ok('GET', `/api/activity?from=${today}&to=${today}`, admin);
    expect(inRange.total).toBeGreaterThan(0);
    const past = await ok('GET', '/api/activity?from=2020-01-01&to=2020-12-31', admin);
    expect(past.total).toBe(0);
  });

  it.each([
    'from=2026-02-30',
    'from=2026-13-01',
    'to=yesterday',
    'from=2026-05-02&to=2026-05-01',
    'person=2147483648',
    'person=abc',
    'kind=secrets',
    'limit=0',
    'limit=201',
    'cursor=bm90LWEtY3Vyc29y',
    `cursor=${Buffer.from(JSON.stringify(['newest', 'not a time', 1])).toString('base64url')}`,
    'from=2026-01-01%00',
  ])('answers 400 to %s', async (query) => {
    const res = await call('GET', `/api/activity?${query}`, admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('GET /api/activity/:kind/:id', () => {
  it('answers 401 without a token and 400 to a bad kind or id', async () => {
    expect((await call('GET', '/api/activity/product/1', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/activity/users/1', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/activity/product/2147483648', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/activity/product/0', admin)).statusCode).toBe(400);
  });

  it("shows a vendor their own product's history, with the admin's review, and 404 for another's", async () => {
    const own = (await ok('POST', '/api/products/create', vendorA, productBody())).product;
    await ok('PUT', `/api/products/admin/approve/${own._id}`, admin, { isApproved: true });
    const seen = await history('product', own._id, vendorA);
    expect(seen.map((e) => e.action)).toEqual(['approve', 'create']);

    const res = await call('GET', `/api/activity/product/${own._id}`, vendorB);
    expect(res.statusCode).toBe(404);
    expect((await call('GET', '/api/activity/product/999999', vendorB)).statusCode).toBe(404);
    // Vendors see products' history only.
    expect((await call('GET', `/api/activity/vendor/${vendorA.vendorId}`, vendorA)).statusCode).toBe(404);
    expect((await call('GET', `/api/activity/category/${category}`, vendorA)).statusCode).toBe(404);
  });

  it("never shows a vendor another vendor's changes to a product handed over to them", async () => {
    const product = (await ok('POST', '/api/products/create', vendorB, productBody())).product;
    await ok(
      'PUT',
      `/api/products/edit/${product._id}`,
      admin,
      productBody({ sku: product.sku, name: product.name, vendor: String(vendorA.vendorId) }),
    );
    const seenByA = await history('product', product._id, vendorA);
    expect(seenByA.length).toBeGreaterThan(0);
    expect(seenByA.every((e) => e.actor.role === 'admin' || e.actor._id === String(vendorA.id))).toBe(true);
    expect((await history('product', product._id, admin)).some((e) => e.actor._id === String(vendorB.id))).toBe(true);
  });

  it('keeps an entry readable when its author is deleted', async () => {
    const leaving = await createVendor(t.db, { name: 'Leaving Vendor' });
    const product = await createOwnedProduct(t.db, leaving.vendorId, { approvalStatus: 'pending', status: 'pending' });
    await ok('PUT', `/api/products/edit/${product.id}`, leaving, productBody({ name: 'Renamed by leaver' }));
    await ok('DELETE', `/api/vendors/${leaving.vendorId}`, admin);
    const entries = await history('product', product.id);
    const byLeaver = entries.find((e) => e.actor.name === 'Leaving Vendor');
    expect(byLeaver).toMatchObject({ action: 'update', actor: { _id: null, role: 'vendor' } });
  });
});
