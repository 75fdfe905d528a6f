import type { SkippedVendor } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTransaction } from '../../platform/db/transactions.js';
import { createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { moneyKit } from '../../test/money-kit.js';
import { storeKit } from '../../test/store-kit.js';
import { withoutDeductions } from '../../test/tax-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { releaseMaturedEarnings } from './ledger.service.js';
import { findPayoutCandidates } from './payouts.repository.js';
import { claimVendor } from './payouts.service.js';

/**
 * "Pay all" explains itself (issue 35; decision 0133), over HTTP on a migrated database:
 * every vendor left out is named with why, 200 when no payout was made, and a vendor
 * whose balance moved after the run read it is tried again.
 */

let t: TestApp;
let admin: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let money: ReturnType<typeof moneyKit>;

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
  // The rules' own figures, before taxes (their deductions: decision 0148's tests).
  await withoutDeductions(t.db);
  admin = await createAdmin(t.db);
  kit = storeKit(t, admin);
  money = moneyKit(t, admin);
});
afterAll(() => t.close());

describe('"Pay all" explains itself (issue 35)', () => {
  it('names every vendor left out and why, answering 200 when it made none', async () => {
    const noBank = await createVendor(t.db);
    const changed = await createVendor(t.db);
    await money.bank(changed, { aged: false });
    const small = await createVendor(t.db);
    await money.bank(small);
    const pending = await createVendor(t.db);
    await money.bank(pending);
    for (const [vendor, price] of [
      [noBank, 100_000],
      [changed, 100_000],
      [small, 5_000],
      [pending, 100_000],
    ] as const) {
      const order = await kit.placed([{ product: await kit.product(price, 10, vendor.vendorId), quantity: 1 }]);
      await kit.deliver(order._id);
      await money.ageDeliveries(8, order._id);
    }
    const [first] = await money.payAll({ vendorIds: [pending.vendorId] });
    expect(first?.amount).toBe(900);
    const order = await kit.placed([{ product: await kit.product(100_000, 10, pending.vendorId), quantity: 1 }]);
    await kit.deliver(order._id);
    await money.ageDeliveries(8, order._id);

    const res = await money.payRun();
    expect(res.statusCode, res.body).toBe(200);
    const mine = new Set([noBank, changed, small, pending].map((vendor) => String(vendor.vendorId)));
    const skipped = (res.json().skipped as SkippedVendor[]).filter((vendor) => mine.has(vendor.vendorId));
    expect(skipped.map((vendor) => [vendor.vendorId, vendor.reason, vendor.message])).toEqual([
      [String(noBank.vendorId), 'no_bank_details', 'No bank details'],
      [
        String(changed.vendorId),
        'bank_details_changed',
        'Bank details changed recently; payouts are held for a while after a change',
      ],
      [String(small.vendorId), 'below_minimum', 'Available balance is below the payout minimum'],
      [String(pending.vendorId), 'payout_pending', 'A payout is still Pending'],
    ]);
    expect(skipped[1]?.heldUntil).toMatch(/Z$/);
    expect(res.json().payouts).toEqual([]);
    expect(res.json().message).not.toBe('No vendor has an available balance to pay');
    expect(res.json().message).toMatch(/^No payout created: \d+ vendors? (was|were) left out$/);

    // Named: the minimum does not apply; one with nothing available is named as such.
    const named = await money.payRun({ vendorIds: [small.vendorId, noBank.vendorId] });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().payouts.map((payout: { vendorId: string }) => payout.vendorId)).toEqual([
      String(small.vendorId),
    ]);
    expect(named.json().skipped).toEqual([
      expect.objectContaining({ vendorId: String(noBank.vendorId), reason: 'no_bank_details' }),
    ]);
    expect(named.json().message).toBe('1 payout created; 1 vendor was left out');
    const nothing = await money.payRun({ vendorIds: [small.vendorId] });
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toMatchObject({
      message: 'No vendor has an available balance to pay',
      payouts: [],
      skipped: [{ vendorId: String(small.vendorId), reason: 'no_available_balance' }],
    });
  });

  it('tries a vendor whose balance moved after it was read again, and pays the new balance', async () => {
    const vendor = await createVendor(t.db);
    await money.bank(vendor);
    const order = await kit.placed([{ product: await kit.product(100_000, 10, vendor.vendorId), quantity: 1 }]);
    await kit.deliver(order._id);
    await money.ageDeliveries(8, order._id);
    // Read as a run reads it, then the balance moves (an adjustment) before the claim.
    await releaseMaturedEarnings(t.db, 7);
    const [stale] = await findPayoutCandidates(t.db, [vendor.vendorId as number]);
    expect(stale?.availablePaise).toBe(90_000);
    const adjusted = await t.app.inject({
      method: 'POST',
      url: `/api/payouts/admin/vendors/${vendor.vendorId}/adjustments`,
      headers: money.json(admin),
      payload: JSON.stringify({ amount: 25, reason: 'Courier refund' }),
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const context = { named: true, minimumPaise: 0, bankChangeHoldHours: 24, now: Date.now() };
    const claim = await runTransaction(t.db, (trx) =>
      claimVendor(trx, stale as NonNullable<typeof stale>, context, new Date().toISOString()),
    );
    expect(claim).toMatchObject({ vendor: { vendorId: vendor.vendorId, availablePaise: 92_500 } });
    const paid = await money.payAll({ vendorIds: [vendor.vendorId] });
    expect(paid.map((payout) => payout.amount)).toEqual([925]);
  });
});
