import type { CommissionRate } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { chooseRate, commissionBack, commissionOn } from './commission-rules.js';

let t: TestApp;
let admin: FixtureUser;
let kit: ReturnType<typeof storeKit>;

const json = (as: FixtureUser | null) => ({ ...(as ? authAs(t.app, as) : {}), 'content-type': 'application/json' });

function rates(as: FixtureUser | null = admin) {
  return t.app.inject({ method: 'GET', url: '/api/commissions/admin/rates', headers: json(as) });
}
function create(body: unknown, as: FixtureUser | null = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/commissions/admin/rates',
    headers: json(as),
    payload: JSON.stringify(body),
  });
}
function update(id: string, body: unknown, as: FixtureUser | null = admin) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/commissions/admin/rates/${id}`,
    headers: json(as),
    payload: JSON.stringify(body),
  });
}
function remove(id: string, as: FixtureUser | null = admin) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/commissions/admin/rates/${id}`,
    headers: as ? authAs(t.app, as) : {},
  });
}

async function newCategory(name: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('categories')
    .values({
      name: `${name} ${Date.now()}`,
      imageUrl: 'https://img.example.test/c.jpg',
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A product of `vendorId` in `categoryId` at `pricePaise`. */
async function productIn(categoryId: number, vendorId: number | null, pricePaise: number): Promise<number> {
  const id = await kit.product(pricePaise, 100, vendorId);
  await t.db.updateTable('products').set({ categoryId }).where('id', '=', id).execute();
  return id;
}

/** The rate (basis points) and commission (paise) frozen on each line of the order, in line order. */
async function charged(orderId: string) {
  return t.db
    .selectFrom('orderItems')
    .select(['commissionRateBp', 'commissionPaise', 'netPaise', 'vendorId'])
    .where('orderId', '=', Number(orderId))
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
  admin = await createAdmin(t.db);
  kit = storeKit(t, admin);
});
afterAll(() => t.close());

describe('commission rules', () => {
  const rate = (id: number, vendorId: number | null, categoryId: number | null) => ({
    id,
    percentageBp: 1000,
    vendorId,
    categoryId,
    minPaise: null,
    maxPaise: null,
  });

  it('chooses vendor + category, then vendor, then category, then the default', () => {
    const all = [rate(1, null, null), rate(2, null, 7), rate(3, 5, null), rate(4, 5, 7)];
    expect(chooseRate(all, 5, 7)?.id).toBe(4);
    expect(chooseRate(all, 5, 8)?.id).toBe(3);
    expect(chooseRate(all, 6, 7)?.id).toBe(2);
    expect(chooseRate(all, 6, 8)?.id).toBe(1);
  });

  it('rounds half up to the paisa, applies the floor and the cap, and never charges more than the net', () => {
    expect(commissionOn(12_345, { percentageBp: 1000, minPaise: null, maxPaise: null })).toBe(1235);
    expect(commissionOn(12_344, { percentageBp: 1000, minPaise: null, maxPaise: null })).toBe(1234);
    expect(commissionOn(1_000, { percentageBp: 1000, minPaise: 5_000, maxPaise: null })).toBe(1_000);
    expect(commissionOn(20_000, { percentageBp: 1000, minPaise: 5_000, maxPaise: null })).toBe(5_000);
    expect(commissionOn(200_000, { percentageBp: 1000, minPaise: null, maxPaise: 8_000 })).toBe(8_000);
    expect(commissionOn(0, { percentageBp: 1000, minPaise: 5_000, maxPaise: null })).toBe(0);
  });

  it('gives back the whole commission once the whole net is back, in any steps', () => {
    const commission = 1_001;
    const net = 9_999;
    let back = 0;
    let reversed = 0;
    for (const step of [1, 3_332, 4_000, 2_666]) {
      back += commissionBack(commission, net, reversed, step);
      reversed += step;
    }
    expect(reversed).toBe(net);
    expect(back).toBe(commission);
  });
});

describe('GET|POST /api/commissions/admin/rates', () => {
  it('answers 401 to an anonymous caller and 403 to a vendor', async () => {
    const vendor = await createVendor(t.db);
    expect((await rates(null)).statusCode).toBe(401);
    expect((await rates(vendor)).statusCode).toBe(403);
    const body = { name: 'Nope', percentage: 5, vendorId: vendor.vendorId };
    expect((await create(body, null)).statusCode).toBe(401);
    expect((await create(body, vendor)).statusCode).toBe(403);
    expect((await rates()).json().rates).toHaveLength(1);
  });

  it('lists the default 10% rate first', async () => {
    const res = await rates();
    expect(res.statusCode).toBe(200);
    expect(res.json().rates[0]).toMatchObject({
      name: 'Store default',
      percentage: 10,
      isDefault: true,
      categoryId: null,
      vendorId: null,
    });
  });

  it('refuses bad fields with the field messages and writes nothing', async () => {
    const vendor = await createVendor(t.db);
    const cases: [unknown, string][] = [
      [{ name: '', percentage: 5, vendorId: vendor.vendorId }, 'Please enter a name'],
      [{ name: 'A', percentage: 100.5, vendorId: vendor.vendorId }, 'Percentage must be from 0 to 100'],
      [{ name: 'A', percentage: 5.123, vendorId: vendor.vendorId }, 'Percentage must be from 0 to 100'],
      [{ name: 'A', percentage: 5, vendorId: vendor.vendorId, minAmount: 90, maxAmount: 10 }, 'The minimum cannot be'],
      [{ name: 'A', percentage: 5, vendorId: vendor.vendorId, minAmount: 0.001 }, 'whole paise'],
      [{ name: 'A', percentage: 5 }, 'Choose a category, a vendor, or both'],
      [{ name: 'A', percentage: 5, vendorId: 4_294_967_296 }, 'valid id'],
      [null, ''],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toContain(message);
    }
    expect((await rates()).json().rates).toHaveLength(1);
  });

  it('answers 404 for a category or vendor that does not exist, and 409 for a scope taken', async () => {
    expect((await create({ name: 'A', percentage: 5, categoryId: 999_999 })).statusCode).toBe(404);
    expect((await create({ name: 'A', percentage: 5, vendorId: 999_999 })).statusCode).toBe(404);
    const vendor = await createVendor(t.db);
    expect((await create({ name: 'First', percentage: 5, vendorId: vendor.vendorId })).statusCode).toBe(201);
    const again = await create({ name: 'Second', percentage: 6, vendorId: vendor.vendorId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A rate for this category and vendor already exists; edit that one');
  });
});

describe('PUT|DELETE /api/commissions/admin/rates/:id', () => {
  it('keeps the default: no scope on it, and no deleting it', async () => {
    const defaultRate = (await rates()).json().rates[0] as CommissionRate;
    const scoped = await update(defaultRate._id, { name: 'Store default', percentage: 10, categoryId: 1 });
    expect(scoped.statusCode).toBe(400);
    const gone = await remove(defaultRate._id);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('The default rate cannot be deleted');
  });

  it('answers 409 to a stale version and 404 to a missing rate', async () => {
    const vendor = await createVendor(t.db);
    const made = (await create({ name: 'V', percentage: 7, vendorId: vendor.vendorId })).json().rate as CommissionRate;
    const first = await update(made._id, {
      name: 'V',
      percentage: 8,
      vendorId: vendor.vendorId,
      updatedAt: made.updatedAt,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().rate.percentage).toBe(8);
    const stale = await update(made._id, {
      name: 'V',
      percentage: 9,
      vendorId: vendor.vendorId,
      updatedAt: made.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect((await update('999999', { name: 'V', percentage: 9, vendorId: vendor.vendorId })).statusCode).toBe(404);
    expect((await remove('999999')).statusCode).toBe(404);
    expect((await remove(made._id)).statusCode).toBe(200);
    expect((await remove(made._id)).statusCode).toBe(404);
  });
});

describe('commission at checkout', () => {
  it('charges the most specific rate, with floors and caps, and freezes it on the line', async () => {
    const category = await newCategory('Rates');
    const other = await newCategory('Other');
    const [v1, v2, v3, v4, v5] = await Promise.all([1, 2, 3, 4, 5].map(() => createVendor(t.db)));
    if (!v1 || !v2 || !v3 || !v4 || !v5) throw new Error('vendors');
    expect((await create({ name: 'Category', percentage: 12, categoryId: category })).statusCode).toBe(201);
    expect((await create({ name: 'Vendor 2', percentage: 8, vendorId: v2.vendorId })).statusCode).toBe(201);
    expect(
      (await create({ name: 'Vendor 3 here', percentage: 5, vendorId: v3.vendorId, categoryId: category })).statusCode,
    ).toBe(201);
    expect(
      (await create({ name: 'Vendor 5', percentage: 10, vendorId: v5.vendorId, minAmount: 50, maxAmount: 80 }))
        .statusCode,
    ).toBe(201);

    const order = await kit.placed([
      { product: await productIn(category, v1.vendorId, 100_000), quantity: 1 },
      { product: await productIn(category, v2.vendorId, 100_000), quantity: 1 },
      { product: await productIn(category, v3.vendorId, 100_000), quantity: 1 },
      { product: await productIn(other, v4.vendorId, 100_000), quantity: 1 },
      { product: await productIn(other, v5.vendorId, 10_000), quantity: 1 },
      { product: await productIn(other, v5.vendorId, 200_000), quantity: 1 },
      { product: await productIn(other, v5.vendorId, 3_000), quantity: 1 },
      { product: await productIn(other, null, 100_000), quantity: 1 },
    ]);
    expect((await charged(order._id)).map((line) => [line.commissionRateBp, Number(line.commissionPaise)])).toEqual([
      [1200, 12_000],
      [800, 8_000],
      [500, 5_000],
      [1000, 10_000],
      [1000, 5_000],
      [1000, 8_000],
      [1000, 3_000],
      [null, 0],
    ]);

    // A later edit changes later sales only.
    const list = (await rates()).json().rates as CommissionRate[];
    const categoryRate = list.find((rate) => rate.name === 'Category') as CommissionRate;
    await update(categoryRate._id, { name: 'Category', percentage: 20, categoryId: category });
    const product = await productIn(category, v1.vendorId, 100_000);
    const later = await kit.placed([{ product, quantity: 1 }]);
    expect((await charged(order._id))[0]?.commissionRateBp).toBe(1200);
    expect(Number((await charged(later._id))[0]?.commissionPaise)).toBe(20_000);
    await remove(categoryRate._id);
    const afterDelete = await kit.placed([{ product, quantity: 1 }]);
    expect((await charged(afterDelete._id))[0]?.commissionRateBp).toBe(1000);
  });

  it('charges on the line net after its share of the coupon', async () => {
    const vendor = await createVendor(t.db);
    const coupon = await kit.coupon(10);
    const mine = await kit.product(100_000, 10, vendor.vendorId);
    const store = await kit.product(50_000, 10, null);
    const order = await kit.placed(
      [
        { product: mine, quantity: 2 },
        { product: store, quantity: 1 },
      ],
      coupon.code,
    );
    const lines = await charged(order._id);
    expect(lines.map((line) => Number(line.netPaise))).toEqual([180_000, 45_000]);
    expect(Number(lines[0]?.commissionPaise)).toBe(18_000);
  });
});
