import type { Order } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { moneyKit } from '../../test/money-kit.js';
import { storeKit } from '../../test/store-kit.js';
import { withoutDeductions } from '../../test/tax-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Money, round two (issue 35; decisions 0131 and 0132), over HTTP on a migrated
 * database: who funds a coupon, a coupon limited to categories shared over its lines
 * only, the commission kept on the net kept, and the discount as placed on the order.
 * "Pay all" naming every vendor it left out: `payouts/payout-run.test.ts`.
 */

let t: TestApp;
let admin: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let money: ReturnType<typeof moneyKit>;

const line = (order: Order, index: number) => order.products[index]?._id as string;

/** The per-day totals summed: commission charged and store-funded discounts (paise). */
async function commissionTotals(): Promise<{ charged: number; storeFunded: number }> {
  const row = await t.db
    .selectFrom('commissionDailyTotals')
    .select((eb) => [
      eb.fn.sum<number>('commissionPaise').as('charged'),
      eb.fn.sum<number>('storeFundedPaise').as('storeFunded'),
    ])
    .executeTakeFirst();
  return { charged: Number(row?.charged ?? 0), storeFunded: Number(row?.storeFunded ?? 0) };
}

/** The vendor's entries on `order` as [kind, rupees], oldest first. */
async function entriesOf(vendor: FixtureUser, order: Order): Promise<[string, number][]> {
  const { entries } = await money.earnings(vendor);
  return entries
    .filter((entry) => entry.orderId === order._id)
    .reverse()
    .map((entry) => [entry.kind, entry.amount]);
}

/** A commission rate for `vendor` (rupees for the floor and cap). */
async function vendorRate(vendor: FixtureUser, rate: { minAmount?: number; maxAmount?: number }): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/commissions/admin/rates',
    headers: money.json(admin),
    payload: JSON.stringify({ name: `Rate ${vendor.vendorId}`, percentage: 10, vendorId: vendor.vendorId, ...rate }),
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
  // The rules' own figures, before taxes (their deductions: decision 0148's tests).
  await withoutDeductions(t.db);
  admin = await createAdmin(t.db);
  kit = storeKit(t, admin);
  money = moneyKit(t, admin);
});
afterAll(() => t.close());

describe('a store-funded coupon (issue 35)', () => {
  it('leaves the vendor’s earning and commission whole; the store’s commission revenue bears it, and gets it back on a cancellation', async () => {
    const vendor = await createVendor(t.db);
    const coupon = await kit.coupon(10, null, { fundedBy: 'store' });
    const couponRes = await t.app.inject({ method: 'GET', url: '/api/coupons', headers: money.json(admin) });
    expect(couponRes.json().coupons.find((c: { code: string }) => c.code === coupon.code)?.fundedBy).toBe('store');
    const mine = await kit.product(100_000, 10, vendor.vendorId);
    const store = await kit.product(50_000, 10, null);
    const before = await commissionTotals();
    const order = await kit.placed(
      [
        { product: mine, quantity: 2 },
        { product: store, quantity: 1 },
      ],
      coupon.code,
    );
    // Rs. 250 off: Rs. 200 on the vendor's line, Rs. 50 on the store's own.
    expect(order.coupon).toEqual({
      code: coupon.code,
      discountAmount: 250,
      discountAtPlacement: 250,
      fundedBy: 'store',
    });
    expect(await entriesOf(vendor, order)).toEqual([
      ['sale', 2000],
      ['commission', -200],
    ]);
    expect(await commissionTotals()).toEqual({
      charged: before.charged + 20_000,
      storeFunded: before.storeFunded + 20_000,
    });

    const cancel = await kit.cancel(admin, order._id, {
      reason: 'One is out of stock',
      items: [{ itemId: line(order, 0), quantity: 1 }],
      updatedAt: order.updatedAt,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = cancel.json().order as Order;
    // The customer gets Rs. 900 back (the unit less its share); the vendor gives back the unit's Rs. 1,000.
    expect(after.cancelledTotal).toBe(900);
    expect(after.coupon).toEqual({
      code: coupon.code,
      discountAmount: 150,
      discountAtPlacement: 250,
      fundedBy: 'store',
    });
    expect(await entriesOf(vendor, order)).toEqual([
      ['sale', 2000],
      ['commission', -200],
      ['cancellation', -1000],
      ['commission_reversal', 100],
    ]);
    expect(await commissionTotals()).toEqual({
      charged: before.charged + 10_000,
      storeFunded: before.storeFunded + 10_000,
    });
    // Vendors' earnings + commission − store-funded + the store's own line = the order's net total.
    const vendorNet = (await entriesOf(vendor, order)).reduce((sum, [, amount]) => sum + amount, 0);
    expect(vendorNet + 100 - 100 + 450).toBe(after.netTotal);

    const dashboard = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: money.json(admin) });
    const { commission } = dashboard.json();
    expect(commission.thisMonth).toBeCloseTo(commission.charged.thisMonth - commission.storeFunded.thisMonth, 2);
    expect(commission.storeFunded.allTime).toBe((before.storeFunded + 10_000) / 100);
  });

  it('keeps a coupon without fundedBy vendor-funded, and an edit without it keeps the funding', async () => {
    const coupon = await kit.coupon(5, null, { fundedBy: 'store' });
    const list = await t.app.inject({ method: 'GET', url: '/api/coupons', headers: money.json(admin) });
    const stored = list.json().coupons.find((c: { code: string }) => c.code === coupon.code);
    const { _id, status, state, usedCount, restrictions, createdAt, fundedBy, ...body } = stored;
    expect(fundedBy).toBe('store');
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/coupons/${coupon.id}`,
      headers: money.json(admin),
      payload: JSON.stringify({ ...body, description: 'Edited' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().coupon.fundedBy).toBe('store');
    const plain = await kit.coupon(5);
    const again = await t.app.inject({ method: 'GET', url: '/api/coupons', headers: money.json(admin) });
    expect(again.json().coupons.find((c: { code: string }) => c.code === plain.code)?.fundedBy).toBe('vendors');
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/coupons/${coupon.id}`,
      headers: money.json(admin),
      payload: JSON.stringify({ ...body, fundedBy: 'customer' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: 'Funded by must be store or vendors' });
  });
});

describe('a coupon limited to categories (issue 35)', () => {
  it('is shared only over the lines it applies to: another seller’s line and the store’s own bear nothing', async () => {
    const shoes = await kit.newCategory();
    const books = await kit.newCategory();
    const a = await createVendor(t.db);
    const b = await createVendor(t.db);
    const coupon = await kit.coupon(10, null, { categories: [shoes] });
    const order = await kit.placed(
      [
        { product: await kit.product(100_000, 10, a.vendorId, shoes), quantity: 1 },
        { product: await kit.product(50_000, 10, b.vendorId, books), quantity: 1 },
        { product: await kit.product(30_000, 10, null, books), quantity: 1 },
      ],
      coupon.code,
    );
    expect(order.coupon).toMatchObject({ discountAmount: 100, discountAtPlacement: 100, fundedBy: 'vendors' });
    expect(await entriesOf(a, order)).toEqual([
      ['sale', 900],
      ['commission', -90],
    ]);
    expect(await entriesOf(b, order)).toEqual([
      ['sale', 500],
      ['commission', -50],
    ]);
    // Cancelling the other seller's line gives back its whole price and leaves the discount as it was.
    const cancelB = await kit.cancel(admin, order._id, {
      reason: 'Out of stock',
      items: [{ itemId: line(order, 1), quantity: 1 }],
      updatedAt: order.updatedAt,
    });
    expect(cancelB.statusCode, cancelB.body).toBe(200);
    const afterB = cancelB.json().order as Order;
    expect(afterB.cancelledTotal).toBe(500);
    expect(afterB.coupon?.discountAmount).toBe(100);
    // Cancelling the shoes gives back their price less the whole discount.
    const cancelA = await kit.cancel(admin, order._id, {
      reason: 'Out of stock',
      items: [{ itemId: line(order, 0), quantity: 1 }],
      updatedAt: afterB.updatedAt,
    });
    const afterA = cancelA.json().order as Order;
    expect(afterA.cancelledTotal).toBe(1400);
    expect(afterA.coupon).toMatchObject({ discountAmount: 0, discountAtPlacement: 100 });
    expect(afterA.netTotal).toBe(300);
    expect(await money.ledgerSum(a.vendorId as number)).toBe(0);
    expect(await money.ledgerSum(b.vendorId as number)).toBe(0);
  });
});

describe('the commission kept on the net kept (issue 35)', () => {
  it('keeps the floor while the net kept is above it, and gives the rest back when the line is gone', async () => {
    const vendor = await createVendor(t.db);
    await vendorRate(vendor, { minAmount: 50 });
    const order = await kit.placed([{ product: await kit.product(30_000, 10, vendor.vendorId), quantity: 2 }]);
    expect(await entriesOf(vendor, order)).toEqual([
      ['sale', 600],
      ['commission', -60],
    ]);
    const first = await kit.cancel(admin, order._id, {
      reason: 'Half',
      items: [{ itemId: line(order, 0), quantity: 1 }],
      updatedAt: order.updatedAt,
    });
    expect(first.statusCode, first.body).toBe(200);
    // Kept Rs. 300: 10% is Rs. 30, under the Rs. 50 floor, so Rs. 50 is kept (not Rs. 30 in proportion).
    expect((await entriesOf(vendor, order)).slice(2)).toEqual([
      ['cancellation', -300],
      ['commission_reversal', 10],
    ]);
    const second = await kit.cancel(admin, order._id, {
      reason: 'The rest',
      updatedAt: (first.json().order as Order).updatedAt,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await entriesOf(vendor, order)).slice(4)).toEqual([
      ['cancellation', -300],
      ['commission_reversal', 50],
    ]);
    expect(await money.ledgerSum(vendor.vendorId as number)).toBe(0);
  });

  it('keeps the cap while the rate on the net kept is above it: nothing comes back', async () => {
    const vendor = await createVendor(t.db);
    await vendorRate(vendor, { maxAmount: 20 });
    const order = await kit.placed([{ product: await kit.product(30_000, 10, vendor.vendorId), quantity: 2 }]);
    const res = await kit.cancel(admin, order._id, {
      reason: 'Half',
      items: [{ itemId: line(order, 0), quantity: 1 }],
      updatedAt: order.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entriesOf(vendor, order)).toEqual([
      ['sale', 600],
      ['commission', -20],
      ['cancellation', -300],
    ]);
  });

  it('applies the rate to what is kept after a refund with a restocking fee', async () => {
    const vendor = await createVendor(t.db);
    await vendorRate(vendor, { minAmount: 50 });
    const order = await kit.placed([{ product: await kit.product(40_000, 10, vendor.vendorId), quantity: 2 }]);
    await kit.deliver(order._id);
    const delivered = await kit.read(order._id);
    const res = await kit.recordReturn(admin, order._id, {
      items: [{ itemId: line(order, 0), quantity: 1 }],
      reason: 'changed_mind',
      restock: true,
      refundAmount: 350,
      updatedAt: delivered.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(201);
    // Kept Rs. 800 − 350 = Rs. 450: 10% is Rs. 45, the floor Rs. 50; Rs. 80 was charged, Rs. 30 comes back.
    expect((await entriesOf(vendor, order)).slice(2)).toEqual([
      ['refund', -350],
      ['commission_reversal', 30],
    ]);
  });
});
