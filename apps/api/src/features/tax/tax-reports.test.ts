import {
  type Gstr8Response,
  indianDate,
  indianMonth,
  type Order,
  quarterOfDate,
  type StatementResponse,
  type TdsResponse,
} from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { approveKyc, gstinFor, panFor } from '../../test/kyc-fixtures.js';
import { moneyKit } from '../../test/money-kit.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * GSTR-8, TDS under 194-O and the seller's statement on a small known store (issue 35;
 * decision 0149), over HTTP. Seeded rates (commission 10%, its GST 18%, TCS 0.5%, TDS
 * 0.1%); checkouts deliver to Maharashtra (27).
 * - Seller A ships from Karnataka (29): 2 × Rs 1,000, then one unit cancelled:
 *   taxable 1694.92 made, 847.46 returned; TCS IGST 8.47 − 4.23 = 4.24; TDS 1.69 − 0.84 = 0.85.
 * - Seller B ships from Maharashtra: 1 × Rs 500: taxable 423.73 (50000 / 1.18 = 42372.88);
 *   TCS 2.12 = CGST 1.06 + SGST 1.06; TDS 0.42.
 */

let t: TestApp;
let admin: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let money: ReturnType<typeof moneyKit>;
let sellerA: FixtureUser;
let sellerB: FixtureUser;
/** The Indian month and financial-year quarter of now (decision 0157). */
const month = indianMonth(new Date());
const thisQuarter = () => quarterOfDate(month);

async function get(as: FixtureUser, url: string) {
  return t.app.inject({ method: 'GET', url, headers: money.json(as) });
}

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
  admin = await createAdmin(t.db);
  kit = storeKit(t, admin);
  money = moneyKit(t, admin);
  sellerA = await createVendor(t.db);
  sellerB = await createVendor(t.db);
  await approveKyc(t.db, sellerA.vendorId as number, '29');
  await approveKyc(t.db, sellerB.vendorId as number, '27');
  const order: Order = await kit.placed([{ product: await kit.product(100_000, 10, sellerA.vendorId), quantity: 2 }]);
  await kit.placed([{ product: await kit.product(50_000, 10, sellerB.vendorId), quantity: 1 }]);
  const cancel = await kit.cancel(admin, order._id, {
    reason: 'One is out of stock',
    items: [{ itemId: order.products[0]?._id, quantity: 1 }],
    updatedAt: order.updatedAt,
  });
  if (cancel.statusCode !== 200) throw new Error(cancel.body);
});
afterAll(() => t.close());

describe('GSTR-8', () => {
  it('answers per supplier and place of supply, per state and in total', async () => {
    const res = await get(admin, `/api/tax/admin/gstr8?month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Gstr8Response;
    const gstinA = gstinFor(panFor(sellerA.vendorId as number), '29');
    const gstinB = gstinFor(panFor(sellerB.vendorId as number), '27');
    expect(body.rows).toEqual([
      {
        gstin: gstinB,
        legalName: `Vendor ${sellerB.vendorId} Private Limited`,
        stateCode: '27',
        state: 'Maharashtra',
        placeOfSupplyCode: '27',
        placeOfSupply: 'Maharashtra',
        grossSupplies: 423.73,
        suppliesReturned: 0,
        netAmount: 423.73,
        igst: 0,
        cgst: 1.06,
        sgst: 1.06,
      },
      {
        gstin: gstinA,
        legalName: `Vendor ${sellerA.vendorId} Private Limited`,
        stateCode: '29',
        state: 'Karnataka',
        placeOfSupplyCode: '27',
        placeOfSupply: 'Maharashtra',
        grossSupplies: 1694.92,
        suppliesReturned: 847.46,
        netAmount: 847.46,
        igst: 4.24,
        cgst: 0,
        sgst: 0,
      },
    ]);
    expect(body.states.map((state) => [state.stateCode, state.netAmount])).toEqual([
      ['27', 423.73],
      ['29', 847.46],
    ]);
    expect(body.totals).toEqual({
      grossSupplies: 2118.65,
      suppliesReturned: 847.46,
      netAmount: 1271.19,
      igst: 4.24,
      cgst: 1.06,
      sgst: 1.06,
    });

    const csv = await get(admin, `/api/tax/admin/gstr8/export?month=${month}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      'GSTIN of supplier,Place of supply (POS),Gross value of supplies made,Value of supplies returned,Net amount liable for TCS,Integrated tax,Central tax,State/UT tax',
      `${gstinB},27-Maharashtra,423.73,0.00,423.73,0.00,1.06,1.06`,
      `${gstinA},27-Maharashtra,1694.92,847.46,847.46,4.24,0.00,0.00`,
    ]);
  });

  it('answers an empty month, and 400 for a malformed one', async () => {
    const empty = (await get(admin, '/api/tax/admin/gstr8?month=2020-01')).json() as Gstr8Response;
    expect(empty.rows).toEqual([]);
    expect(empty.totals.netAmount).toBe(0);
    for (const bad of ['2026-13', '2026-1', 'november', ''])
      expect((await get(admin, `/api/tax/admin/gstr8?month=${bad}`)).statusCode).toBe(400);
  });
});

describe('TDS under 194-O', () => {
  it('answers per PAN and rate the amounts credited net of returns and the TDS deducted', async () => {
    const quarter = thisQuarter();
    const res = await get(admin, `/api/tax/admin/tds?quarter=${quarter}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TdsResponse;
    const today = indianDate(new Date());
    const rowOf = (vendor: FixtureUser) => body.rows.find((row) => row.vendorId === String(vendor.vendorId));
    expect(rowOf(sellerA)).toEqual({
      pan: panFor(sellerA.vendorId as number),
      vendorId: String(sellerA.vendorId),
      legalName: `Vendor ${sellerA.vendorId} Private Limited`,
      rate: 0.1,
      amountCredited: 847.46,
      tdsDeducted: 0.85,
      firstCredited: today,
      lastCredited: today,
    });
    expect(rowOf(sellerB)).toMatchObject({ rate: 0.1, amountCredited: 423.73, tdsDeducted: 0.42 });
    expect(body.totals).toEqual({ amountCredited: 1271.19, tdsDeducted: 1.27 });
    for (const bad of ['2026-Q5', '2026-Q0', '2026Q1'])
      expect((await get(admin, `/api/tax/admin/tds?quarter=${bad}`)).statusCode).toBe(400);
  });
});

describe("a seller's monthly statement", () => {
  it('sums their month: sales, returns, commission, its GST, TCS, TDS, payouts', async () => {
    const res = await get(sellerA, `/api/vendor/statements/${month}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StatementResponse;
    expect(body.figures).toEqual({
      sales: 2000,
      returns: 1000,
      commission: 100,
      commissionGst: 18,
      tcs: 4.24,
      tds: 0.85,
      adjustments: 0,
      payouts: 0,
      taxableSupplies: 1694.92,
      suppliesReturned: 847.46,
      net: 876.91,
    });
    expect(body.lines.map((line) => line.kind).sort()).toEqual(
      [
        'sale',
        'commission',
        'commission_gst',
        'tcs',
        'tds',
        'cancellation',
        'commission_reversal',
        'commission_gst',
        'tcs',
        'tds',
      ].sort(),
    );
    // Another seller's statement is their own.
    const other = (await get(sellerB, `/api/vendor/statements/${month}`)).json() as StatementResponse;
    expect(other.figures.sales).toBe(500);

    const csv = await get(sellerA, `/api/vendor/statements/${month}.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toBe('Section,Date,Item,Order,Amount');
    expect(lines).toContain(`Summary,${month},Net earnings,,876.91`);
    expect(lines).toContain(`Summary,${month},TCS (GST),,4.24`);

    const pdf = await get(sellerA, `/api/vendor/statements/${month}.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 400 for a malformed month', async () => {
    for (const bad of ['2026-13', '2026-11.txt', 'latest'])
      expect((await get(sellerA, `/api/vendor/statements/${bad}`)).statusCode).toBe(400);
  });
});
