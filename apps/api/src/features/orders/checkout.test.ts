import { productMessages } from '@haat/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDb } from '../../platform/db/create-db.js';
import { authAs, createAdmin, createCustomer, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { storeDay } from '../coupons/store-day.js';

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;
let categoryA: number;
let categoryB: number;
let sequence = 0;

const today = () => storeDay('UTC');
const shift = (days: number, from = today()) => {
  const date = new Date(`${from}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

async function product(
  overrides: {
    pricePaise?: number;
    stock?: number;
    categoryId?: number;
    status?: 'active' | 'inactive' | 'pending';
    approval?: 'pending' | 'approved' | 'rejected';
  } = {},
): Promise<number> {
  const n = ++sequence;
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('products')
    .values({
      vendorId: null,
      categoryId: overrides.categoryId ?? categoryA,
      subcategoryId: null,
      name: `Checkout Product ${n}`,
      productDetails: 'Details',
      brand: 'Unknown',
      color: null,
      sku: `CHK-${n}`,
      model: null,
      warrantyPeriod: 'No Warranty',
      salePricePaise: overrides.pricePaise ?? 100_000,
      actualPricePaise: Math.max(overrides.pricePaise ?? 100_000, 100_000),
      manufacturer: null,
      stockQuantity: overrides.stock ?? 10,
      status: overrides.status ?? 'active',
      approvalStatus: overrides.approval ?? 'approved',
      reviewedBy: null,
      reviewedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('productImages')
    .values({
      productId: row.id,
      position: 0,
      url: `https://img.example.test/p${n}.jpg`,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return row.id;
}

async function coupon(overrides: Record<string, unknown> = {}): Promise<{ _id: string; code: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coupons',
    headers: authAs(t.app, admin),
    payload: {
      code: `CHK${++sequence}`,
      discountType: 'percentage',
      discountValue: 10,
      minOrderAmount: 0,
      startDate: shift(-5),
      endDate: shift(5),
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().coupon;
}

const billing = (email = `shopper${++sequence}@example.test`) => ({
  fullName: 'Meera Shopper',
  email,
  phone: '+91 90000 00000',
  note: 'Ring twice',
  address: { fullAddress: '12 Lake Road', city: 'Pune', province: 'Maharashtra' },
});

function checkout(payload: unknown, options: { as?: FixtureUser; key?: string; app?: FastifyInstance } = {}) {
  return (options.app ?? t.app).inject({
    method: 'POST',
    url: '/api/orders',
    headers: {
      'content-type': 'application/json',
      ...(options.as ? authAs(t.app, options.as) : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    payload: JSON.stringify(payload),
  });
}

const order = (items: { product: number | string; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  items,
  billingInfo: billing(),
  paymentMethod: 'Cash on Delivery',
  ...extra,
});

/** What a refused checkout must leave untouched. */
async function snapshot() {
  const count = async (table: 'orders' | 'users' | 'orderItems' | 'checkoutKeys') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    orders: await count('orders'),
    items: await count('orderItems'),
    users: await count('users'),
    keys: await count('checkoutKeys'),
    stock: await t.db.selectFrom('products').select(['id', 'stockQuantity']).orderBy('id').execute(),
    coupons: await t.db.selectFrom('coupons').select(['id', 'usedCount']).orderBy('id').execute(),
    totals: await t.db.selectFrom('orderDailyTotals').selectAll().orderBy('day').orderBy('status').execute(),
  };
}

async function expectRefused(payload: unknown, status: number, message: string, key?: string) {
  const before = await snapshot();
  const res = await checkout(payload, { key });
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toContain(message);
  expect(await snapshot()).toEqual(before);
}

/**
 * Another API process over the same database. On PostgreSQL it has its own connection
 * pool, as a second process would; an in-memory SQLite database exists only on its one
 * connection, so there the second app shares the handle (as auth.test.ts does).
 */
async function buildAppOver(of: TestApp): Promise<FastifyInstance> {
  const database =
    of.kind === 'postgres'
      ? createDb(of.config.databaseUrl, { poolSize: 4 })
      : { db: of.db, kind: of.kind, close: async () => undefined };
  const app = await buildApp({ config: of.config, database, webRoot: null, logger: false });
  app.addHook('onClose', () => database.close());
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
  const now = new Date().toISOString();
  const insertCategory = (name: string) =>
    t.db
      .insertInto('categories')
      .values({ name, imageUrl: 'https://img.example.test/c.jpg', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
  categoryA = (await insertCategory('Watches')).id;
  categoryB = (await insertCategory('Shoes')).id;
});
afterAll(() => t.close());

describe('POST /api/orders', () => {
  it('places an order for an anonymous guest, priced on the server, and takes the stock', async () => {
    const a = await product({ pricePaise: 149_950, stock: 5 });
    const b = await product({ pricePaise: 20_000, stock: 2 });
    const payload = order([{ product: String(a), quantity: 2, salePrice: 1 } as never, { product: b, quantity: 1 }]);
    const res = await checkout(payload);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Order placed successfully!');
    expect(body.order).toMatchObject({
      status: 'Order Placed',
      totalPrice: 3199,
      discountedTotal: 3199,
      coupon: null,
      paymentMethod: 'Cash on Delivery',
      billingInfo: { email: payload.billingInfo.email, note: 'Ring twice' },
      user: { email: payload.billingInfo.email, name: 'Meera Shopper' },
    });
    expect(body.order.trackingNumber).toMatch(/^HT\d{6}[0-9A-Z]{8}$/);
    expect(
      body.order.products.map((line: { quantity: number; salePrice: number }) => [line.quantity, line.salePrice]),
    ).toEqual([
      [2, 1499.5],
      [1, 200],
    ]);
    expect(body.order.statusHistory).toHaveLength(1);
    expect(body.order.statusHistory[0].status).toBe('Order Placed');
    const stock = await t.db
      .selectFrom('products')
      .select(['id', 'stockQuantity'])
      .where('id', 'in', [a, b])
      .orderBy('id')
      .execute();
    expect(stock.map((row) => row.stockQuantity)).toEqual([3, 1]);
    const user = await t.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', payload.billingInfo.email)
      .executeTakeFirst();
    expect(user?.role).toBe('customer');
  });

  it('links the order to the existing account with the e-mail, in any case, and merges repeated lines', async () => {
    const customer = await createCustomer(t.db);
    const a = await product({ stock: 3 });
    const res = await checkout(
      order(
        [
          { product: a, quantity: 1 },
          { product: a, quantity: 2 },
        ],
        { billingInfo: billing(customer.email.toUpperCase()) },
      ),
      { as: vendor },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order.user._id).toBe(String(customer.id));
    expect(res.json().order.products).toHaveLength(1);
    expect(res.json().order.products[0].quantity).toBe(3);
  });

  it('makes one account for five simultaneous first orders from one new e-mail', async () => {
    const id = await product({ stock: 20 });
    const email = `first.${++sequence}@example.test`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => checkout(order([{ product: id, quantity: 1 }], { billingInfo: billing(email) }))),
    );
    expect(results.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const accounts = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
    expect(new Set(results.map((res) => res.json().order.user._id))).toEqual(new Set([String(accounts[0]?.id)]));
  });

  it('accepts an admin caller too and counts the order in today’s totals', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/orders/admin/stats', headers: authAs(t.app, admin) });
    const res = await checkout(order([{ product: await product(), quantity: 1 }]), { as: admin });
    expect(res.statusCode).toBe(201);
    const after = await t.app.inject({ method: 'GET', url: '/api/orders/admin/stats', headers: authAs(t.app, admin) });
    expect(after.json().ordersToday).toBe(before.json().ordersToday + 1);
    expect(after.json().byStatus['Order Placed']).toBe(before.json().byStatus['Order Placed'] + 1);
  });

  it('refuses an unknown product, changing nothing', async () => {
    await expectRefused(order([{ product: 999_999, quantity: 1 }]), 400, 'Product 999999 does not exist');
  });

  it.each([
    ['inactive', { status: 'inactive' as const }],
    ['pending approval', { status: 'pending' as const, approval: 'pending' as const }],
    ['rejected', { status: 'pending' as const, approval: 'rejected' as const }],
  ])('refuses a %s product, changing nothing', async (_, overrides) => {
    const id = await product(overrides);
    await expectRefused(order([{ product: id, quantity: 1 }]), 400, 'is not available for sale');
  });

  it('refuses a line short of stock with what is left, changing nothing', async () => {
    const ok = await product({ stock: 5 });
    const short = await product({ stock: 2 });
    await expectRefused(
      order([
        { product: ok, quantity: 1 },
        { product: short, quantity: 3 },
      ]),
      409,
      'Only 2 of',
    );
    const gone = await product({ stock: 0 });
    await expectRefused(order([{ product: gone, quantity: 1 }]), 409, 'is out of stock');
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['fractional', 1.5],
    ['sub-unit', 1e-9],
    ['text', '2'],
  ])('refuses a %s quantity with 400, changing nothing', async (_, quantity) => {
    const id = await product();
    await expectRefused(order([{ product: id, quantity: quantity as number }]), 400, 'Quantity must be a whole number');
  });

  it('answers 400, never 5xx, to hostile input', async () => {
    const id = await product();
    const hostile: unknown[] = [
      null,
      [],
      'order',
      {},
      order([]),
      order([{ product: 2 ** 32 + 5, quantity: 1 }]),
      order([{ product: '99999999999999', quantity: 1 }]),
      order([{ product: id, quantity: 1 }], { billingInfo: { ...billing(), fullName: 'A\u0000B' } }),
      order([{ product: id, quantity: 1 }], { billingInfo: { ...billing(), email: 'not-an-email' } }),
      order([{ product: id, quantity: 1 }], { paymentMethod: 'Bitcoin' }),
      order([{ product: id, quantity: 1 }], { couponCode: 'BAD\u0000CODE' }),
      order([{ product: id, quantity: 1 }], { billingInfo: null }),
    ];
    for (const payload of hostile) {
      const res = await checkout(payload);
      expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBe(400);
    }
    const badKey = await checkout(order([{ product: id, quantity: 1 }]), { key: 'has space' });
    expect(badKey.statusCode).toBe(400);
  });
});

describe('a sale and an open product form (decision 0042)', () => {
  it("moves the product's version, so a form loaded before the sale cannot put sold units back", async () => {
    const id = await product({ stock: 5 });
    const loaded = (
      await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: authAs(t.app, admin) })
    ).json().product;
    expect(loaded.stockQuantity).toBe(5);
    expect((await checkout(order([{ product: id, quantity: 2 }]))).statusCode).toBe(201);

    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/products/edit/${id}`,
      headers: { ...authAs(t.app, admin), 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: loaded.name,
        productDetails: loaded.productDetails,
        sku: loaded.sku,
        salePrice: loaded.salePrice,
        actualPrice: loaded.actualPrice,
        stockQuantity: loaded.stockQuantity,
        category: loaded.category._id,
        images: loaded.images,
        updatedAt: loaded.updatedAt,
      }),
    });
    expect(save.statusCode, save.body).toBe(409);
    expect(save.json().message).toBe(productMessages.changedMeanwhile);
    const row = await t.db
      .selectFrom('products')
      .select(['stockQuantity', 'updatedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.stockQuantity).toBe(3);
    expect(Date.parse(String(row.updatedAt))).toBeGreaterThan(Date.parse(loaded.updatedAt));
  });

  it('keeps versions increasing when the stored one is ahead of the clock', async () => {
    const id = await product({ stock: 5 });
    const ahead = new Date(Date.now() + 60_000).toISOString();
    await t.db.updateTable('products').set({ updatedAt: ahead }).where('id', '=', id).execute();
    expect((await checkout(order([{ product: id, quantity: 1 }]))).statusCode).toBe(201);
    const row = await t.db.selectFrom('products').select('updatedAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Date.parse(String(row.updatedAt))).toBe(Date.parse(ahead) + 1);
  });
});

describe('POST /api/orders with a coupon', () => {
  it('takes a capped percentage off only the items of the coupon’s category', async () => {
    const watch = await product({ pricePaise: 500_000, categoryId: categoryA });
    const shoe = await product({ pricePaise: 300_000, categoryId: categoryB });
    const { code } = await coupon({ discountValue: 20, maxDiscountAmount: 750, applicableCategories: [categoryA] });
    const res = await checkout(
      order(
        [
          { product: watch, quantity: 1 },
          { product: shoe, quantity: 1 },
        ],
        { couponCode: code.toLowerCase() },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    // 20% of Rs.5,000 is Rs.1,000, capped at Rs.750; the shoes are not discounted.
    expect(res.json().order).toMatchObject({
      totalPrice: 8000,
      coupon: { code, discountAmount: 750 },
      discountedTotal: 7250,
    });
    const row = await t.db.selectFrom('coupons').select('usedCount').where('code', '=', code).executeTakeFirst();
    expect(row?.usedCount).toBe(1);
  });

  it('never takes a fixed amount beyond the matching items’ subtotal', async () => {
    const cheap = await product({ pricePaise: 30_000 });
    const other = await product({ pricePaise: 90_000 });
    const { code } = await coupon({ discountType: 'fixed', discountValue: 500, applicableProducts: [cheap] });
    const res = await checkout(
      order(
        [
          { product: cheap, quantity: 1 },
          { product: other, quantity: 1 },
        ],
        { couponCode: code },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ totalPrice: 1200, coupon: { discountAmount: 300 }, discountedTotal: 900 });
  });

  it('accepts a coupon on its first and last day and at exactly its minimum', async () => {
    const id = await product({ pricePaise: 100_000 });
    for (const terms of [
      { startDate: today(), endDate: shift(3) },
      { startDate: shift(-3), endDate: today() },
      { minOrderAmount: 1000 },
    ]) {
      const { code } = await coupon(terms);
      const res = await checkout(order([{ product: id, quantity: 1 }], { couponCode: code }));
      expect(res.statusCode, `${JSON.stringify(terms)} → ${res.body}`).toBe(201);
      expect(res.json().order.discountedTotal).toBe(900);
    }
  });

  it.each([
    ['unknown', null, 'Invalid coupon code'],
    ['inactive', { isActive: false }, 'This coupon is not active'],
    ['not yet started', { startDate: shift(1), endDate: shift(5) }, 'This coupon is not valid yet'],
    ['expired yesterday', { startDate: shift(-5), endDate: shift(-1) }, 'This coupon has expired'],
    [
      'under its minimum by a paisa',
      { minOrderAmount: 1000.01 },
      'Minimum order amount for this coupon is Rs.1,000.01',
    ],
    ['for another category', 'other-category', 'This coupon does not apply to the products in this order'],
  ])('refuses a coupon that is %s, changing nothing', async (_, terms, message) => {
    const id = await product({ pricePaise: 100_000, categoryId: categoryA });
    let code = 'NOSUCHCODE';
    if (terms === 'other-category') code = (await coupon({ applicableCategories: [categoryB] })).code;
    else if (terms) code = (await coupon(terms as Record<string, unknown>)).code;
    await expectRefused(order([{ product: id, quantity: 1 }], { couponCode: code }), 400, message);
  });

  it('refuses a coupon at its usage limit, changing nothing', async () => {
    const id = await product();
    const { code } = await coupon({ usageLimit: 1 });
    expect((await checkout(order([{ product: id, quantity: 1 }], { couponCode: code }))).statusCode).toBe(201);
    await expectRefused(
      order([{ product: id, quantity: 1 }], { couponCode: code }),
      400,
      'This coupon has reached its usage limit',
    );
  });
});

describe('POST /api/orders with an Idempotency-Key', () => {
  it('answers a retry with the first order and places nothing new', async () => {
    const id = await product({ stock: 5 });
    const payload = order([{ product: id, quantity: 1 }]);
    const first = await checkout(payload, { key: `key-${++sequence}` });
    expect(first.statusCode).toBe(201);
    const before = await snapshot();
    const retry = await checkout(payload, { key: `key-${sequence}` });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().order._id).toBe(first.json().order._id);
    expect(await snapshot()).toEqual(before);
  });

  it('answers the order placed exactly as the admin order detail reads it (decision 0151)', async () => {
    const id = await product({ stock: 5 });
    const placed = await checkout(order([{ product: id, quantity: 2 }]));
    expect(placed.statusCode, placed.body).toBe(201);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/orders/admin/orders/${placed.json().order._id}`,
      headers: authAs(t.app, admin),
    });
    expect(detail.statusCode).toBe(200);
    expect(placed.json().order).toEqual(detail.json().order);
  });

  it('answers a retry after the order was cancelled with its cancellation (a replay reads the order whole)', async () => {
    const id = await product({ stock: 5 });
    const key = `after-cancel-${++sequence}`;
    const payload = order([{ product: id, quantity: 1 }]);
    const first = await checkout(payload, { key });
    expect(first.statusCode).toBe(201);
    expect(first.json().order.cancellations).toEqual([]);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${first.json().order._id}/cancel`,
      headers: authAs(t.app, admin),
      payload: { reason: 'Customer changed their mind', updatedAt: first.json().order.updatedAt },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const retry = await checkout(payload, { key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order.status).toBe('Cancelled');
    expect(retry.json().order.cancellations).toHaveLength(1);
  });

  it('answers every racing retry with the one order', async () => {
    const id = await product({ stock: 50 });
    const payload = order([{ product: id, quantity: 1 }]);
    const key = `race-${++sequence}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => checkout(payload, { key })));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((res) => res.json().order._id)).size).toBe(1);
    const stock = await t.db.selectFrom('products').select('stockQuantity').where('id', '=', id).executeTakeFirst();
    expect(stock?.stockQuantity).toBe(49);
  });

  it('refuses the key reused for another cart with 409', async () => {
    const id = await product({ stock: 5 });
    const key = `reuse-${++sequence}`;
    expect((await checkout(order([{ product: id, quantity: 1 }]), { key })).statusCode).toBe(201);
    await expectRefused(order([{ product: id, quantity: 2 }]), 409, 'already used for a different order', key);
  });

  it('lets a key whose checkout was refused be used again', async () => {
    const id = await product({ stock: 1 });
    const key = `retry-${++sequence}`;
    expect((await checkout(order([{ product: id, quantity: 2 }]), { key })).statusCode).toBe(409);
    expect((await checkout(order([{ product: id, quantity: 1 }]), { key })).statusCode).toBe(201);
  });
});

describe('racing checkouts', () => {
  it('sell the last unit once among 10 concurrent checkouts on two API processes', async () => {
    const sibling = await buildAppOver(t);
    try {
      const id = await product({ stock: 1 });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          checkout(order([{ product: id, quantity: 1 }]), { app: i % 2 ? sibling : t.app }),
        ),
      );
      const codes = results.map((res) => res.statusCode).sort();
      expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      const row = await t.db.selectFrom('products').select('stockQuantity').where('id', '=', id).executeTakeFirst();
      expect(row?.stockQuantity).toBe(0);
      const sold = await t.db
        .selectFrom('orderItems')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('productId', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(sold.n)).toBe(1);
    } finally {
      await sibling.close();
    }
  });

  it('redeem the last coupon use once among 10 concurrent checkouts on two API processes', async () => {
    const sibling = await buildAppOver(t);
    try {
      const id = await product({ stock: 100 });
      const { code } = await coupon({ usageLimit: 2 });
      expect((await checkout(order([{ product: id, quantity: 1 }], { couponCode: code }))).statusCode).toBe(201);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          checkout(order([{ product: id, quantity: 1 }], { couponCode: code }), { app: i % 2 ? sibling : t.app }),
        ),
      );
      expect(results.filter((res) => res.statusCode === 201)).toHaveLength(1);
      expect(results.filter((res) => res.statusCode === 400)).toHaveLength(9);
      const row = await t.db.selectFrom('coupons').select('usedCount').where('code', '=', code).executeTakeFirst();
      expect(row?.usedCount).toBe(2);
      const stock = await t.db.selectFrom('products').select('stockQuantity').where('id', '=', id).executeTakeFirst();
      expect(stock?.stockQuantity).toBe(98);
    } finally {
      await sibling.close();
    }
  });
});

describe('POST /api/coupons/validate', () => {
  it.each([
    ['an anonymous caller', undefined],
    ['a vendor', 'vendor'],
    ['an admin', 'admin'],
  ] as const)('tells %s what the code takes off the cart', async (_, who) => {
    const id = await product({ pricePaise: 250_000 });
    const { code } = await coupon({ discountValue: 15, maxDiscountAmount: 300 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      headers: who ? authAs(t.app, who === 'admin' ? admin : vendor) : {},
      payload: { code: code.toLowerCase(), items: [{ product: id, quantity: 2 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      valid: true,
      code,
      message: 'Coupon applied',
      reason: null,
      subtotal: 5000,
      discount: 300,
      discountedTotal: 4700,
    });
  });

  it('says why a code does not apply, writing nothing', async () => {
    const id = await product();
    const { code } = await coupon({ startDate: shift(-9), endDate: shift(-2) });
    const before = await snapshot();
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      payload: { code, items: [{ product: id, quantity: 1 }] },
    });
    expect(expired.json()).toMatchObject({
      valid: false,
      reason: 'COUPON_EXPIRED',
      message: 'This coupon has expired',
      discount: 0,
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      payload: { code: 'NOPE', items: [{ product: id, quantity: 1 }] },
    });
    expect(unknown.json()).toMatchObject({ valid: false, reason: 'COUPON_NOT_FOUND', message: 'Invalid coupon code' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 to hostile input', async () => {
    for (const payload of [
      null,
      { code: 'X', items: [{ product: 2 ** 40, quantity: 1 }] },
      { code: 'X\u0000', items: [] },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/coupons/validate', payload: payload as object });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('checkout rate limit and store time zone', () => {
  it('answers 429 past CHECKOUT_RATE_LIMIT a minute from one address', async () => {
    const limited = await createTestApp({ CHECKOUT_RATE_LIMIT: '2' });
    try {
      const call = () => limited.app.inject({ method: 'POST', url: '/api/orders', payload: {} });
      expect((await call()).statusCode).toBe(400);
      expect((await call()).statusCode).toBe(400);
      const third = await call();
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe('Too many requests from your address. Please wait a minute and try again.');
    } finally {
      await limited.close();
    }
  });

  it('judges coupon dates on the store’s calendar', () => {
    const instant = new Date('2026-11-22T20:00:00.000Z');
    expect(storeDay('UTC', instant)).toBe('2026-11-22');
    expect(storeDay('Asia/Kolkata', instant)).toBe('2026-11-23');
    expect(storeDay('America/Los_Angeles', new Date('2026-11-23T05:00:00.000Z'))).toBe('2026-11-22');
  });
});
