import type { DocumentListResponse, Gstr8Response, Order, StatementResponse, TdsResponse } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { approveKyc, gstinFor, panFor } from '../../test/kyc-fixtures.js';
import { moneyKit } from '../../test/money-kit.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { issueCommissionInvoices } from '../documents/commission-invoices.js';

/**
 * Every tax date and period by the Indian calendar (UTC+05:30; issue 35, decision 0157),
 * over HTTP at the edges: a sale at 19:00 UTC on 31 October is on 1 November in India, so
 * it is in November's GSTR-8, statement and commission invoice; a rate from 1 October
 * applies from 18:30 UTC on 30 September, and the TDS quarter turns there too; the
 * Rs. 5 lakh year of an individual turns at 18:30 UTC on 31 March. Checkouts run with the
 * clock (Date only) pinned to the sale's instant; seeded rates: TDS 0.1% from 2024-10-01
 * (none before), products at 18% GST, so Rs 1,000 is 847.46 taxable.
 */

let t: TestApp;
let admin: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let money: ReturnType<typeof moneyKit>;

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
  admin = await createAdmin(t.db);
  kit = storeKit(t, admin);
  money = moneyKit(t, admin);
});
afterAll(() => t.close());

/** Places `quantity` of `product` with the clock at `instant`: the order, its ledger and register rows are dated then. */
async function placedAt(instant: string, product: number, quantity = 1): Promise<Order> {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
  try {
    return await kit.placed([{ product, quantity }]);
  } finally {
    vi.useRealTimers();
  }
}

async function get(as: FixtureUser, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: money.json(as) });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('a sale at 19:00 UTC on 31 October (1 November in India)', () => {
  let seller: FixtureUser;

  beforeAll(async () => {
    seller = await createVendor(t.db);
    await approveKyc(t.db, seller.vendorId as number, '29');
    const product = await kit.product(100_000, 10, seller.vendorId);
    await placedAt('2026-10-31T18:00:00.000Z', product); // 23:30 on 31 October in India
    await placedAt('2026-10-31T19:00:00.000Z', product); // 00:30 on 1 November in India
  });

  it("is in November's GSTR-8, not October's", async () => {
    const gstin = gstinFor(panFor(seller.vendorId as number), '29');
    const rowsOf = async (month: string) =>
      ((await get(admin, `/api/tax/admin/gstr8?month=${month}`)).json() as Gstr8Response).rows.filter(
        (row) => row.gstin === gstin,
      );
    // One sale each side of 18:30 UTC: each month holds exactly one.
    expect(await rowsOf('2026-10')).toMatchObject([{ grossSupplies: 847.46, igst: 4.24 }]);
    expect(await rowsOf('2026-11')).toMatchObject([{ grossSupplies: 847.46, igst: 4.24 }]);
  });

  it("is in November's statement, dated 1 November in its CSV", async () => {
    const statementOf = async (month: string) =>
      (await get(seller, `/api/vendor/statements/${month}`)).json() as StatementResponse;
    const october = await statementOf('2026-10');
    const november = await statementOf('2026-11');
    expect(new Set(october.lines.map((line) => line.date))).toEqual(new Set(['2026-10-31T18:00:00.000Z']));
    expect(new Set(november.lines.map((line) => line.date))).toEqual(new Set(['2026-10-31T19:00:00.000Z']));
    expect(november.figures.taxableSupplies).toBe(847.46);
    expect(november.figures.sales).toBe(october.figures.sales);
    const csv = (await get(seller, '/api/vendor/statements/2026-11.csv')).body.replace(/^\uFEFF/, '').split(/\r?\n/);
    const entries = csv.filter((line) => line.startsWith('Entry,'));
    expect(entries.length).toBe(november.lines.length);
    expect(entries.every((line) => line.startsWith('Entry,2026-11-01,'))).toBe(true);
  });

  it('is invoiced its commission with November, as the statement and GSTR-8 have it', async () => {
    expect(await issueCommissionInvoices(t.db, '2026-10', new Date('2026-11-01T06:00:00.000Z'))).toMatchObject({
      issued: 1,
    });
    expect(await issueCommissionInvoices(t.db, '2026-11', new Date('2026-12-01T06:00:00.000Z'))).toMatchObject({
      issued: 1,
    });
    const documents = ((await get(seller, '/api/documents?kind=commission_invoice')).json() as DocumentListResponse)
      .documents;
    expect(documents.map((doc) => doc.period).sort()).toEqual(['2026-10', '2026-11']);
    const [october, november] = [...documents].sort((a, b) => String(a.period).localeCompare(String(b.period)));
    expect(november?.taxableValue).toBe(october?.taxableValue);
  });
});

describe('the TDS rate "from 2024-10-01" and the quarter that turns with it', () => {
  it('applies from 18:30 UTC on 30 September, in the October to December quarter', async () => {
    const seller = await createVendor(t.db);
    await approveKyc(t.db, seller.vendorId as number, '27');
    const product = await kit.product(100_000, 10, seller.vendorId);
    await placedAt('2024-09-30T18:15:00.000Z', product); // 23:45 on 30 September in India: no TDS rate yet
    await placedAt('2024-09-30T18:45:00.000Z', product); // 00:15 on 1 October in India: 0.1%
    const tdsOf = async (quarter: string) => {
      const body = (await get(admin, `/api/tax/admin/tds?quarter=${quarter}`)).json() as TdsResponse;
      return { ...body, rows: body.rows.filter((row) => row.vendorId === String(seller.vendorId)) };
    };
    const q2 = await tdsOf('2024-Q2');
    expect(q2).toMatchObject({ from: '2024-07-01', to: '2024-09-30' });
    expect(q2.rows).toMatchObject([
      { rate: 0, amountCredited: 847.46, tdsDeducted: 0, firstCredited: '2024-09-30', lastCredited: '2024-09-30' },
    ]);
    const q3 = await tdsOf('2024-Q3');
    expect(q3).toMatchObject({ from: '2024-10-01', to: '2024-12-31' });
    expect(q3.rows).toMatchObject([
      { rate: 0.1, amountCredited: 847.46, tdsDeducted: 0.85, firstCredited: '2024-10-01', lastCredited: '2024-10-01' },
    ]);
  });
});

describe("an individual's Rs. 5 lakh financial year", () => {
  it('turns at 18:30 UTC on 31 March: a sale on 1 April in India starts the new year', async () => {
    const seller = await createVendor(t.db);
    const vendorId = seller.vendorId as number;
    await approveKyc(t.db, vendorId, '27');
    // An individual's PAN (fourth letter P): spared while the year's gross stays within Rs. 5 lakh.
    await t.db
      .updateTable('vendorKyc')
      .set({ pan: `AAAP${panFor(vendorId).slice(4)}` })
      .where('vendorId', '=', vendorId)
      .execute();
    const product = await kit.product(10_000_000, 20, seller.vendorId); // Rs 1 lakh: 84,745.76 taxable
    await placedAt('2026-03-31T18:00:00.000Z', product, 5); // 31 March in India: 4,23,728.81 in 2025-26
    await placedAt('2026-03-31T18:45:00.000Z', product, 1); // 1 April in India: 84,745.76 in 2026-27
    const deductedIn = async (quarter: string) => {
      const body = (await get(admin, `/api/tax/admin/tds?quarter=${quarter}`)).json() as TdsResponse;
      const rows = body.rows.filter((row) => row.vendorId === String(vendorId));
      return {
        credited: rows.reduce((sum, row) => sum + Math.round(row.amountCredited * 100), 0),
        tdsPaise: rows.reduce((sum, row) => sum + Math.round(row.tdsDeducted * 100), 0),
      };
    };
    // Had the year been UTC's, the two would make 5,08,474.57 in one year and deduct.
    expect(await deductedIn('2025-Q4')).toEqual({ credited: 42_372_881, tdsPaise: 0 });
    expect(await deductedIn('2026-Q1')).toEqual({ credited: 8_474_576, tdsPaise: 0 });
    // The new year's crossing catches up its own sales only: 0.1% of 84,745.76 and of 4,23,728.81.
    await placedAt('2026-04-05T06:00:00.000Z', product, 5);
    expect(await deductedIn('2026-Q1')).toEqual({ credited: 8_474_576 + 42_372_881, tdsPaise: 8_475 + 42_373 });
    expect(await deductedIn('2025-Q4')).toEqual({ credited: 42_372_881, tdsPaise: 0 });
  });
});
