import { indianDate, type LedgerEntry, type Order } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { approveKyc } from '../../test/kyc-fixtures.js';
import { moneyKit } from '../../test/money-kit.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * GST on commission, TCS and TDS in the ledger (issue 35; decision 0148), over HTTP with
 * the seeded rates (commission 10%, its GST 18%, TCS 0.5%, TDS 0.1%, 5% without PAN).
 * The kit's checkouts deliver to Maharashtra (27); `approveKyc` ships from Karnataka (29)
 * unless told. A product at Rs 1,000 (18% GST) has a taxable value of Rs 847.46
 * (100000 × 10000 / 11800 = 84745.76 → 84746 paise).
 */

let t: TestApp;
let admin: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let money: ReturnType<typeof moneyKit>;

const line = (order: Order, index: number) => order.products[index]?._id as string;
const kinds = (entries: LedgerEntry[], orderId: string) =>
  entries
    .filter((entry) => entry.orderId === orderId)
    .map((entry) => [entry.kind, entry.amount] as const)
    .sort(([a, x], [b, y]) => a.localeCompare(b) || x - y);

async function register(orderId: string) {
  return t.db
    .selectFrom('taxDeductions')
    .select([
      'event',
      'suppliesPaise',
      'tdsBasePaise',
      'commissionGstPaise',
      'tcsCgstPaise',
      'tcsSgstPaise',
      'tcsIgstPaise',
      'tdsPaise',
      'tdsBp',
    ])
    .where('orderId', '=', Number(orderId))
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
  admin = await createAdmin(t.db);
  kit = storeKit(t, admin);
  money = moneyKit(t, admin);
});
afterAll(() => t.close());

describe('the deductions of a sale (decision 0148)', () => {
  it('deducts GST on commission, TCS as IGST across states and TDS, and gives back in proportion what is taken back', async () => {
    const vendor = await createVendor(t.db);
    await money.bank(vendor);
    const product = await kit.product(100_000, 10, vendor.vendorId);
    const order = await kit.placed([{ product, quantity: 2 }]);
    // Net 2000; taxable 200000/1.18 = 169491.53 → 1694.92; commission 200; its GST 36;
    // TCS 0.5% = 8.4746 → 8.47 (IGST); TDS 0.1% of 1694.92 = 1.69492 → 1.69.
    let earnings = await money.earnings(vendor);
    expect(kinds(earnings.entries, order._id)).toEqual([
      ['commission', -200],
      ['commission_gst', -36],
      ['sale', 2000],
      ['tcs', -8.47],
      ['tds', -1.69],
    ]);
    expect(earnings.balances.pending).toBe(1753.84);
    expect(await register(order._id)).toEqual([
      {
        event: 'sale',
        suppliesPaise: 169_492,
        tdsBasePaise: 169_492,
        commissionGstPaise: 3600,
        tcsCgstPaise: 0,
        tcsSgstPaise: 0,
        tcsIgstPaise: 847,
        tdsPaise: 169,
        tdsBp: 10,
      },
    ]);
    // The admin's view of the same ledger answers each entry's kind and order.
    const ledger = await t.app.inject({
      method: 'GET',
      url: `/api/payouts/admin/vendors/${vendor.vendorId}/ledger?limit=50`,
      headers: money.json(admin),
    });
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(kinds(ledger.json().entries, order._id)).toEqual(kinds(earnings.entries, order._id));

    // Cancel one unit: kept taxable 847.46; GST kept 18; TCS kept 4.24; TDS kept 0.85.
    const cancel = await kit.cancel(admin, order._id, {
      reason: 'One is out of stock',
      items: [{ itemId: line(order, 0), quantity: 1 }],
      updatedAt: order.updatedAt,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    earnings = await money.earnings(vendor);
    expect(earnings.balances.pending).toBe(876.91);
    expect((await register(order._id))[1]).toMatchObject({
      event: 'cancellation',
      suppliesPaise: -84_746,
      tdsBasePaise: -84_746,
      commissionGstPaise: -1800,
      tcsIgstPaise: -423,
      tdsPaise: -84,
    });

    // The return of the last unit, refunded in full, gives back every deduction left.
    await kit.deliver(order._id);
    const delivered = await kit.read(order._id);
    const returned = await kit.recordReturn(admin, order._id, {
      items: [{ itemId: line(order, 0), quantity: 1 }],
      reason: 'damaged',
      restock: false,
      refundAmount: 1000,
      updatedAt: delivered.updatedAt,
    });
    expect(returned.statusCode, returned.body).toBe(201);
    earnings = await money.earnings(vendor);
    expect(earnings.balances.pending + earnings.balances.available).toBe(0);
    const sums = (await register(order._id)).reduce(
      (sum, row) => sum + row.commissionGstPaise + row.tcsIgstPaise + row.tdsPaise + row.suppliesPaise,
      0,
    );
    expect(sums).toBe(0);
  });

  it('takes 5% TDS from a seller who gave no PAN', async () => {
    const vendor = await createVendor(t.db);
    await money.bank(vendor, { kyc: false });
    const order = await kit.placed([{ product: await kit.product(100_000, 10, vendor.vendorId), quantity: 1 }]);
    // 5% of 847.46 = 42.373 → 42.37.
    expect(kinds((await money.earnings(vendor)).entries, order._id)).toContainEqual(['tds', -42.37]);
    expect((await register(order._id))[0]?.tdsBp).toBe(500);
  });

  it('spares an individual within Rs. 5 lakh of TDS, and splits TCS as CGST + SGST within a state', async () => {
    const vendor = await createVendor(t.db);
    await money.bank(vendor);
    await approveKyc(t.db, vendor.vendorId as number, '27');
    await t.db
      .updateTable('vendorKyc')
      .set({ pan: 'ABCPE1234F' })
      .where('vendorId', '=', vendor.vendorId as number)
      .execute();
    const order = await kit.placed([{ product: await kit.product(100_000, 10, vendor.vendorId), quantity: 1 }]);
    const entries = kinds((await money.earnings(vendor)).entries, order._id);
    expect(entries.map(([kind]) => kind)).toEqual(['commission', 'commission_gst', 'sale', 'tcs']);
    // TCS 4.24 = CGST 2.12 + SGST 2.12.
    expect(await register(order._id)).toMatchObject([
      { tcsCgstPaise: 212, tcsSgstPaise: 212, tcsIgstPaise: 0, tdsPaise: 0, tdsBp: 0 },
    ]);
  });

  it('deducts TDS on the whole year once an individual crosses Rs. 5 lakh: the earlier sales caught up, once', async () => {
    const vendor = await createVendor(t.db);
    await money.bank(vendor);
    await t.db
      .updateTable('vendorKyc')
      .set({ pan: 'ABCPE1234G' })
      .where('vendorId', '=', vendor.vendorId as number)
      .execute();
    // Rs 1,77,000 at 18%: a taxable value of exactly Rs 1,50,000 a unit.
    const product = await kit.product(17_700_000, 10, vendor.vendorId);
    const other = await kit.product(17_700_000, 10, vendor.vendorId);
    const tdsOf = async (orderId: string) =>
      kinds((await money.earnings(vendor)).entries, orderId).filter(([kind]) => kind === 'tds');
    // Rs 3 lakh: within the limit, no TDS.
    const first = await kit.placed([{ product, quantity: 2 }]);
    expect(await register(first._id)).toMatchObject([
      { event: 'sale', tdsBasePaise: 30_000_000, tdsBp: 0, tdsPaise: 0 },
    ]);
    expect(await tdsOf(first._id)).toEqual([]);
    // Rs 1.5 lakh + Rs 1.5 lakh in one order: its second line takes the year to Rs 6 lakh.
    // Both its lines deduct 0.1% (Rs 150 each) and the first order's Rs 3 lakh is caught up (Rs 300).
    const second = await kit.placed([
      { product, quantity: 1 },
      { product: other, quantity: 1 },
    ]);
    expect(await register(second._id)).toMatchObject([
      { event: 'sale', tdsBp: 10, tdsPaise: 15_000 },
      { event: 'sale', tdsBp: 10, tdsPaise: 15_000 },
    ]);
    expect(await tdsOf(second._id)).toEqual([
      ['tds', -150],
      ['tds', -150],
    ]);
    expect(await register(first._id)).toMatchObject([
      { event: 'sale', tdsBp: 0, tdsPaise: 0 },
      { event: 'tds_catch_up', suppliesPaise: 0, tdsBasePaise: 0, tdsBp: 10, tdsPaise: 30_000 },
    ]);
    expect(await tdsOf(first._id)).toEqual([['tds', -300]]);
    // Later sales deduct as usual; nothing is caught up twice.
    const third = await kit.placed([{ product, quantity: 1 }]);
    expect(await register(third._id)).toMatchObject([{ event: 'sale', tdsBp: 10, tdsPaise: 15_000 }]);
    expect(await register(first._id)).toHaveLength(2);
    // A return of one of the first order's units gives back its part of the catch-up, at its rate.
    await kit.deliver(first._id);
    const delivered = await kit.read(first._id);
    const returned = await kit.recordReturn(admin, first._id, {
      items: [{ itemId: line(first, 0), quantity: 1 }],
      reason: 'damaged',
      restock: false,
      updatedAt: delivered.updatedAt,
    });
    expect(returned.statusCode, returned.body).toBe(201);
    expect((await register(first._id))[2]).toMatchObject({ event: 'refund', tdsBp: 10, tdsPaise: -15_000 });
    expect(await tdsOf(first._id)).toEqual([
      ['tds', -300],
      ['tds', 150],
    ]);
    // The ledger's TDS is the register's, and the balance is the entries' sum.
    const balances = (await money.earnings(vendor)).balances;
    expect(Math.round((balances.pending + balances.available) * 100)).toBe(
      await money.ledgerSum(vendor.vendorId as number),
    );
  });

  it('keeps the rate of the sale’s day for its corrections, and a new rate for new sales', async () => {
    const vendor = await createVendor(t.db);
    await money.bank(vendor);
    const product = await kit.product(100_000, 10, vendor.vendorId);
    const order = await kit.placed([{ product, quantity: 1 }]);
    // TCS becomes 1% from today (written straight: the settings refuse a past or current date, decision 0138).
    const at = new Date().toISOString();
    await t.db
      .insertInto('taxRates')
      .values({ kind: 'tcs', rateBp: 100, fromDate: indianDate(at), createdAt: at, updatedAt: at })
      .execute();
    try {
      const cancel = await kit.cancel(admin, order._id, {
        reason: 'Changed mind',
        items: [{ itemId: line(order, 0), quantity: 1 }],
        updatedAt: order.updatedAt,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await register(order._id)).map((row) => row.tcsIgstPaise)).toEqual([424, -424]);
      const later = await kit.placed([{ product, quantity: 1 }]);
      expect((await register(later._id))[0]?.tcsIgstPaise).toBe(847); // 1% of 847.46
    } finally {
      await t.db.deleteFrom('taxRates').where('kind', '=', 'tcs').where('rateBp', '=', 100).execute();
    }
  });

  it('pays the balance net of commission, its GST, TCS and TDS', async () => {
    const vendor = await createVendor(t.db);
    await money.bank(vendor);
    const order = await kit.placed([{ product: await kit.product(100_000, 10, vendor.vendorId), quantity: 1 }]);
    await kit.deliver(order._id);
    await money.ageDeliveries(8, order._id);
    // 1000 − 100 − 18 − 4.24 − 0.85 = 876.91.
    const payouts = await money.payAll({ vendorIds: [String(vendor.vendorId)] });
    expect(payouts.map((payout) => payout.amount)).toEqual([876.91]);
  });
});
