import type { VendorBalance } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { runScheduledRound } from '../../test/jobs.js';
import { moneyKit } from '../../test/money-kit.js';
import { storeKit } from '../../test/store-kit.js';
import { withoutDeductions } from '../../test/tax-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { EARNINGS_RELEASE_TASK } from './payouts.service.js';

/**
 * Issue 32 (decision 0116): held earnings become available in a scheduled round of the job
 * queue (every `EARNINGS_RELEASE_MINUTES`, one process per round), not when a balance is
 * read; a payout run releases what matured before it pays. The app here schedules the
 * round a day apart, so only the test runs it.
 */

let t: TestApp;
let admin: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let money: ReturnType<typeof moneyKit>;

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000', EARNINGS_RELEASE_MINUTES: '1440' });
  // The rules' own figures, before taxes (their deductions: decision 0148's tests).
  await withoutDeductions(t.db);
  admin = await createAdmin(t.db);
  kit = storeKit(t, admin);
  money = moneyKit(t, admin);
});
afterAll(() => t.close());

/** A vendor's order of Rs. 1,000 (Rs. 900 theirs after the 10 % commission), delivered `days` ago, not yet released. */
async function deliveredDaysAgo(vendor: FixtureUser, days: number): Promise<void> {
  const product = await kit.product(100_000, 10, vendor.vendorId);
  const order = await kit.placed([{ product, quantity: 1 }]);
  await kit.deliver(order._id);
  await t.db
    .updateTable('orderPayoutHolds')
    .set({ deliveredAt: new Date(Date.now() - days * 86_400_000).toISOString() })
    .where('orderId', '=', Number(order._id))
    .execute();
}

async function adminBalance(vendor: FixtureUser): Promise<VendorBalance | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/payouts/admin/balances',
    headers: authAs(t.app, admin),
  });
  expect(res.statusCode).toBe(200);
  return (res.json().balances as VendorBalance[]).find((row) => row.vendorId === String(vendor.vendorId));
}

describe('the release of held earnings', () => {
  it('moves matured earnings to available in its scheduled round; reading balances moves nothing', async () => {
    const vendor = await createVendor(t.db);
    await deliveredDaysAgo(vendor, 8);
    const young = await createVendor(t.db);
    await deliveredDaysAgo(young, 2);

    // Read before the round: as booked, on the vendor's screen and the admin's list alike.
    expect(await money.balances(vendor)).toEqual({ pending: 900, available: 0, processing: 0, paid: 0 });
    expect(await adminBalance(vendor)).toMatchObject({ pending: 900, available: 0 });
    expect(await money.balances(vendor)).toEqual({ pending: 900, available: 0, processing: 0, paid: 0 });

    await runScheduledRound(t.app, EARNINGS_RELEASE_TASK);
    expect(await money.balances(vendor)).toEqual({ pending: 0, available: 900, processing: 0, paid: 0 });
    expect(await adminBalance(vendor)).toMatchObject({ pending: 0, available: 900 });
    // Still within its hold: left pending.
    expect(await money.balances(young)).toEqual({ pending: 900, available: 0, processing: 0, paid: 0 });
  });

  it('is done by a payout run before it pays, so a run never leaves out money that matured', async () => {
    const vendor = await createVendor(t.db);
    await money.bank(vendor);
    await deliveredDaysAgo(vendor, 8);
    expect((await money.balances(vendor)).available).toBe(0);
    const payouts = await money.payAll({ vendorIds: [String(vendor.vendorId)] });
    expect(payouts.map((payout) => payout.amount)).toEqual([900]);
    expect(await money.balances(vendor)).toEqual({ pending: 0, available: 0, processing: 900, paid: 0 });
  });
});

describe('a store without a hold (PAYOUT_HOLD_DAYS 0)', () => {
  let store: TestApp;
  afterAll(() => store?.close());

  it("makes a delivered order's earnings available at delivery, with no round to wait for", async () => {
    store = await createTestApp({
      CHECKOUT_RATE_LIMIT: '100000',
      PAYOUT_HOLD_DAYS: '0',
      EARNINGS_RELEASE_MINUTES: '1440',
    });
    await withoutDeductions(store.db);
    const staff = await createAdmin(store.db);
    const shop = storeKit(store, staff);
    const vendor = await createVendor(store.db);
    const product = await shop.product(100_000, 10, vendor.vendorId);
    const order = await shop.placed([{ product, quantity: 1 }]);
    expect(await moneyKit(store, staff).balances(vendor)).toEqual({
      pending: 900,
      available: 0,
      processing: 0,
      paid: 0,
    });
    await shop.deliver(order._id);
    expect(await moneyKit(store, staff).balances(vendor)).toEqual({
      pending: 0,
      available: 900,
      processing: 0,
      paid: 0,
    });
  });
});
