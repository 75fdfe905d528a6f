import { type Order, type Payout, splitLineTax } from '@haat/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { approveKyc } from '../../test/kyc-fixtures.js';
import { moneyKit } from '../../test/money-kit.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { commissionOn } from '../commissions/commission-rules.js';
import { allocateLargestRemainder, unitsShare } from '../orders/discount-shares.js';
import { percentHalfUp } from '../tax/deductions.js';

/**
 * Issue 25's property: after any sequence of checkouts (two vendors' products and the
 * store's own, with and without a coupon), cancellations, deliveries, returns (refunded
 * in full or less a fee), the hold passing, payout runs, payouts marked paid or failed
 * and adjustments, checked after every step, on SQLite and PostgreSQL:
 * - per vendor, pending + available = the sum of their entries; in payout = their
 *   Pending payouts; paid = their Paid payouts;
 * - per order, the lines' nets less what cancellations took and what refunds gave back
 *   is the order's net total, and the vendors' entries carry their lines' part of it;
 * - per vendor line, the commission given back is `floor(commission × net taken back /
 *   net)`, the whole commission once the whole net is back;
 * - the store's commission per day sums to the commission entries less those given back.
 * Issue 35 adds coupons of both fundings, with and without a limit to one category, and
 * checks, after every step:
 * - a limited coupon's discount lies on the lines it applies to only;
 * - per vendor line, the sale entry is its net plus its store-funded share; what
 *   cancellations and refunds took back is the customer's money plus the store-funded
 *   share of the units taken back; the commission kept is the rate (with its floor and
 *   cap) on the earning kept (decision 0132), not a proportional slice;
 * - per order: the vendors' net earnings + the store's commission kept − the store-funded
 *   discount kept + the store's own lines kept = the order's net total (decision 0131);
 * - the per-day totals hold the store-funded discounts kept;
 * - a payout run names every one of its vendors it did not pay and still owes (none
 *   silently skipped), answering 201 only when it made payouts.
 * Issue 35's taxes (decision 0148) add, per vendor line: the GST on the commission kept
 * (18%), TCS on the taxable value kept (0.5%, the first vendor across states, the second
 * within Maharashtra) and TDS on the taxable part of the earning kept (0.1%, company
 * PANs), each rounded half up, equal to their entries and their register rows; and per
 * order: the vendors' net earnings + the store's commission + the GST on it + TCS + TDS
 * − the store-funded discount kept + the store's own lines kept = the order's net total.
 */

let t: TestApp;
let admin: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let money: ReturnType<typeof moneyKit>;
let vendors: FixtureUser[] = [];
let products: number[] = [];
/** Coupons: [vendor-funded, store-funded] × [every product, limited to `limitedCategory`]. */
let coupons: { id: number; code: string; limited: boolean }[] = [];
let limitedCategory: number;
/** Per product index, whether it is in `limitedCategory`. */
let inLimited: boolean[] = [];
const orders: string[] = [];

const step = fc.oneof(
  fc.record({
    kind: fc.constant('checkout' as const),
    lines: fc.uniqueArray(fc.record({ product: fc.nat(3), quantity: fc.integer({ min: 1, max: 3 }) }), {
      minLength: 1,
      maxLength: 4,
      selector: (line) => line.product,
    }),
    coupon: fc.option(fc.nat(3), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(), whole: fc.boolean(), units: fc.nat() }),
  fc.record({ kind: fc.constant('deliver' as const), order: fc.nat() }),
  fc.record({ kind: fc.constant('return' as const), order: fc.nat(), units: fc.nat(), fee: fc.boolean() }),
  fc.record({ kind: fc.constant('age' as const) }),
  fc.record({ kind: fc.constant('pay' as const), one: fc.option(fc.nat(1), { nil: undefined }) }),
  fc.record({ kind: fc.constant('decide' as const), paid: fc.boolean() }),
  fc.record({
    kind: fc.constant('adjust' as const),
    vendor: fc.nat(1),
    paise: fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function run(action: Step): Promise<void> {
  if (action.kind === 'checkout') {
    const lines = action.lines.map((line) => ({ product: products[line.product] as number, quantity: line.quantity }));
    const chosen = action.coupon === undefined ? undefined : coupons[action.coupon];
    // A limited coupon on a cart without its category is refused (400), as before.
    const applies = !chosen?.limited || action.lines.some((line) => inLimited[line.product]);
    const res = await kit.checkout(lines, applies ? chosen?.code : undefined);
    expect(res.statusCode, res.body).toBe(201);
    orders.push((res.json().order as Order)._id);
    return;
  }
  if (action.kind === 'age') return money.ageDeliveries(8);
  if (action.kind === 'pay') {
    const vendor = action.one === undefined ? undefined : vendors[action.one];
    const res = await money.payRun(vendor ? { vendorIds: [vendor.vendorId] } : {});
    const answer = res.json() as { payouts: Payout[]; skipped: { vendorId: string; reason: string }[] };
    expect(res.statusCode, res.body).toBe(answer.payouts.length > 0 ? 201 : 200);
    // None silently skipped: each of the run's vendors with money available is paid or named with why.
    for (const each of vendor ? [vendor] : vendors) {
      const id = String(each.vendorId);
      if (answer.payouts.some((payout) => payout.vendorId === id)) continue;
      if ((await money.balances(each)).available > 0)
        expect(
          answer.skipped.map((left) => left.vendorId),
          res.body,
        ).toContain(id);
    }
    return;
  }
  if (action.kind === 'decide') {
    const pending = await t.db.selectFrom('payouts').select(['id']).where('status', '=', 'Pending').execute();
    for (const { id } of pending) {
      const res = await money.decide(
        String(id),
        action.paid ? { status: 'Paid', reference: `UTR${id}` } : { status: 'Failed', reason: 'Returned by the bank' },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    return;
  }
  if (action.kind === 'adjust') {
    const vendor = vendors[action.vendor] as FixtureUser;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payouts/admin/vendors/${vendor.vendorId}/adjustments`,
      headers: money.json(admin),
      payload: JSON.stringify({ amount: action.paise / 100, reason: 'Property test' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return;
  }
  if (orders.length === 0) return;
  const order = await kit.read(orders[action.order % orders.length] as string);
  if (action.kind === 'deliver') {
    if (order.status === 'Order Placed' || order.status === 'Packaging') await kit.deliver(order._id);
    return;
  }
  const open = order.products.filter((line) => line.quantity - line.cancelledQuantity - line.returnedQuantity > 0);
  const target = open[action.units % Math.max(open.length, 1)];
  if (!target) return;
  const left = target.quantity - target.cancelledQuantity - target.returnedQuantity;
  const items = [{ itemId: target._id, quantity: 1 + (action.units % left) }];
  if (action.kind === 'cancel') {
    if (order.status !== 'Order Placed' && order.status !== 'Packaging') return;
    const res = await kit.cancel(admin, order._id, {
      reason: 'Property test',
      ...(action.whole ? {} : { items }),
      updatedAt: order.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    return;
  }
  if (order.status !== 'Delivered') return;
  // A fee keeps a third of the units' value: the refund is what the customer paid less it.
  const most = Math.round(target.salePrice * 100) * (items[0]?.quantity ?? 0);
  const res = await kit.recordReturn(admin, order._id, {
    items,
    reason: 'other',
    restock: true,
    updatedAt: order.updatedAt,
    ...(action.fee ? { refundAmount: Math.floor((most * 2) / 3 / 2) / 100 } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** −n without −0, which `toBe` tells from 0. */
const minus = (n: number) => 0 - n;
const sumOf = (rows: { total: number | string | null }[]) => rows.reduce((sum, row) => sum + Number(row.total ?? 0), 0);

async function checkInvariants(): Promise<void> {
  // Per vendor: the balances are the sum of the entries and of the payouts.
  for (const vendor of vendors) {
    const vendorId = vendor.vendorId as number;
    const balance = await t.db
      .selectFrom('vendorBalances')
      .selectAll()
      .where('vendorId', '=', vendorId)
      .executeTakeFirst();
    const entries = Number(await money.ledgerSum(vendorId));
    const payouts = await t.db
      .selectFrom('payouts')
      .select(['status', sql<number>`sum(amount_paise)`.as('total')])
      .where('vendorId', '=', vendorId)
      .groupBy('status')
      .execute();
    const byStatus = (status: Payout['status']) => Number(payouts.find((p) => p.status === status)?.total ?? 0);
    expect(Number(balance?.pendingPaise ?? 0) + Number(balance?.availablePaise ?? 0), `vendor ${vendorId}`).toBe(
      entries,
    );
    expect(Number(balance?.processingPaise ?? 0)).toBe(byStatus('Pending'));
    expect(Number(balance?.paidPaise ?? 0)).toBe(byStatus('Paid'));
  }

  // Per order: nets less cancellations and refunds are the net total; the vendors' part is in their entries.
  let storeFundedKept = 0;
  for (const id of orders) {
    const orderId = Number(id);
    const order = await t.db
      .selectFrom('orders')
      .select(['discountedTotalPaise', 'refundedTotalPaise', 'couponId'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const lines = await t.db
      .selectFrom('orderItems')
      .selectAll()
      .where('orderId', '=', orderId)
      .orderBy('id')
      .execute();
    const cancelled = await t.db
      .selectFrom('orderCancellationItems as l')
      .innerJoin('orderCancellations as c', 'c.id', 'l.cancellationId')
      .select(['l.orderItemId', sql<number>`sum(l.amount_paise)`.as('total')])
      .where('c.orderId', '=', orderId)
      .groupBy('l.orderItemId')
      .execute();
    // Each return's refund shared over its lines by their value (largest remainder), as the return shares it.
    const refundedByLine = new Map<number, number>();
    const returns = await t.db
      .selectFrom('orderReturns')
      .select(['id', 'refundPaise'])
      .where('orderId', '=', orderId)
      .execute();
    const returnedValue = new Map<number, number>();
    for (const entry of returns) {
      const rows = await t.db
        .selectFrom('orderReturnItems')
        .select(['orderItemId', 'amountPaise'])
        .where('returnId', '=', entry.id)
        .orderBy('id')
        .execute();
      const shares = allocateLargestRemainder(
        Number(entry.refundPaise),
        rows.map((row) => Number(row.amountPaise)),
      );
      rows.forEach((row, index) => {
        returnedValue.set(row.orderItemId, (returnedValue.get(row.orderItemId) ?? 0) + Number(row.amountPaise));
        refundedByLine.set(row.orderItemId, (refundedByLine.get(row.orderItemId) ?? 0) + (shares[index] ?? 0));
      });
    }
    const entries = await t.db
      .selectFrom('vendorLedgerEntries')
      .select(['orderItemId', 'kind', sql<number>`sum(amount_paise)`.as('total')])
      .where('orderId', '=', orderId)
      .groupBy(['orderItemId', 'kind'])
      .execute();
    const taxes = await t.db.selectFrom('orderItemTaxes').selectAll().where('orderId', '=', orderId).execute();
    const register = await t.db
      .selectFrom('taxDeductions')
      .select([
        'orderItemId',
        sql<number>`sum(commission_gst_paise)`.as('gst'),
        sql<number>`sum(tcs_cgst_paise + tcs_sgst_paise + tcs_igst_paise)`.as('tcs'),
        sql<number>`sum(tds_paise)`.as('tds'),
        sql<number>`max(tcs_bp)`.as('tcsBp'),
        sql<number>`max(tds_bp)`.as('tdsBp'),
        sql<number>`max(commission_gst_bp)`.as('gstBp'),
      ])
      .where('orderId', '=', orderId)
      .groupBy('orderItemId')
      .execute();
    const entry = (itemId: number, kind: string) =>
      Number(entries.find((e) => e.orderItemId === itemId && e.kind === kind)?.total ?? 0);
    const cancelledOf = (itemId: number) => Number(cancelled.find((c) => c.orderItemId === itemId)?.total ?? 0);
    const net = lines.reduce((sum, line) => sum + Number(line.netPaise) - cancelledOf(line.id), 0);
    expect(net, `order ${orderId}`).toBe(Number(order.discountedTotalPaise));
    const limited = coupons.find((c) => c.id === order.couponId)?.limited ?? false;
    let reconciled = 0;
    for (const line of lines) {
      const lineNet = Number(line.netPaise);
      const value = line.quantity * Number(line.salePricePaise);
      // A limited coupon's discount lies on its category's lines only.
      if (limited && !inLimited[products.indexOf(line.productId as number)]) expect(lineNet).toBe(value);
      const refunded = refundedByLine.get(line.id) ?? 0;
      if (line.vendorId === null) {
        reconciled += lineNet - cancelledOf(line.id) - refunded;
        continue;
      }
      const storeFunded = Number(line.storeFundedPaise);
      const commission = Number(line.commissionPaise);
      const fundedTaken = unitsShare(storeFunded, line.quantity, line.cancelledQuantity + line.returnedQuantity);
      expect(entry(line.id, 'sale')).toBe(lineNet + storeFunded);
      expect(entry(line.id, 'commission')).toBe(minus(commission));
      const taken = 0 - entry(line.id, 'cancellation') - entry(line.id, 'refund');
      expect(taken, `line ${line.id}`).toBe(cancelledOf(line.id) + refunded + fundedTaken);
      // The commission kept is the rate with its floor and cap on the earning kept.
      const keptBase = lineNet + storeFunded - taken;
      const terms = {
        percentageBp: line.commissionRateBp ?? 0,
        minPaise: line.commissionMinPaise === null ? null : Number(line.commissionMinPaise),
        maxPaise: line.commissionMaxPaise === null ? null : Number(line.commissionMaxPaise),
      };
      const kept = commission + 0 - entry(line.id, 'commission_reversal');
      expect(kept, `line ${line.id}`).toBe(
        keptBase <= 0 || commission === 0 ? 0 : Math.min(commissionOn(keptBase, terms), commission),
      );
      // The taxes kept: each rate on what is kept, half up, as entered and as registered (decision 0148).
      const tax = taxes.find((row) => row.orderItemId === line.id);
      const booked = register.find((row) => row.orderItemId === line.id);
      expect(tax, `line ${line.id} GST frozen`).toBeDefined();
      expect(booked, `line ${line.id} registered`).toBeDefined();
      const intra = tax?.sellerStateCode === tax?.placeOfSupplyCode;
      const gstRate = Number(tax?.rateBp);
      const keptNet = lineNet - cancelledOf(line.id) - (returnedValue.get(line.id) ?? 0);
      const gstKept = 0 - entry(line.id, 'commission_gst');
      const tcsKept = 0 - entry(line.id, 'tcs');
      const tdsKept = 0 - entry(line.id, 'tds');
      expect([Number(booked?.gstBp), Number(booked?.tcsBp), Number(booked?.tdsBp)]).toEqual([1800, 50, 10]);
      expect(gstKept, `line ${line.id} GST on commission`).toBe(percentHalfUp(kept, 1800));
      expect(tcsKept, `line ${line.id} TCS`).toBe(
        percentHalfUp(splitLineTax(Math.max(0, keptNet), gstRate, intra).taxablePaise, 50),
      );
      expect(tdsKept, `line ${line.id} TDS`).toBe(
        percentHalfUp(splitLineTax(Math.max(0, keptBase), gstRate, intra).taxablePaise, 10),
      );
      expect([Number(booked?.gst), Number(booked?.tcs), Number(booked?.tds)]).toEqual([gstKept, tcsKept, tdsKept]);
      const vendorEarned = [
        'sale',
        'commission',
        'cancellation',
        'refund',
        'commission_reversal',
        'commission_gst',
        'tcs',
        'tds',
      ].reduce((sum, kind) => sum + entry(line.id, kind), 0);
      const fundedKept = storeFunded - fundedTaken;
      storeFundedKept += fundedKept;
      reconciled += vendorEarned + kept + gstKept + tcsKept + tdsKept - fundedKept;
    }
    // Vendors' net earnings + the store's commission + its GST + TCS + TDS − store-funded discounts + the store's own lines = the net total.
    expect(reconciled, `order ${orderId}`).toBe(Number(order.discountedTotalPaise) - Number(order.refundedTotalPaise));
  }

  // The store's commission per day is the commission entries less those given back; and the store-funded discounts kept.
  const perDay = await t.db
    .selectFrom('commissionDailyTotals')
    .select([sql<number>`sum(commission_paise)`.as('total'), sql<number>`sum(store_funded_paise)`.as('funded')])
    .execute();
  const booked = await t.db
    .selectFrom('vendorLedgerEntries')
    .select(sql<number>`sum(amount_paise)`.as('total'))
    .where('kind', 'in', ['commission', 'commission_reversal'])
    .execute();
  expect(sumOf(perDay)).toBe(minus(sumOf(booked)));
  expect(Number(perDay[0]?.funded ?? 0)).toBe(storeFundedKept);
}

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000000' });
  admin = await createAdmin(t.db);
  kit = storeKit(t, admin);
  money = moneyKit(t, admin);
  vendors = [await createVendor(t.db), await createVendor(t.db)];
  for (const vendor of vendors) await money.bank(vendor);
  // The second vendor ships from Maharashtra, where the checkouts deliver: TCS as CGST + SGST.
  await approveKyc(t.db, vendors[1]?.vendorId as number, '27');
  // Prices that do not divide evenly, and one vendor on 12.5% with a floor and a cap.
  limitedCategory = await kit.newCategory();
  products = [
    await kit.product(33_333, 100_000, vendors[0]?.vendorId),
    await kit.product(129_999, 100_000, vendors[1]?.vendorId, limitedCategory),
    await kit.product(7_001, 100_000, null),
    await kit.product(45_557, 100_000, vendors[0]?.vendorId, limitedCategory),
  ];
  inLimited = [false, true, false, true];
  const rate = await t.app.inject({
    method: 'POST',
    url: '/api/commissions/admin/rates',
    headers: money.json(admin),
    payload: JSON.stringify({
      name: 'Second vendor',
      percentage: 12.5,
      vendorId: vendors[1]?.vendorId,
      minAmount: 5,
      maxAmount: 150,
    }),
  });
  expect(rate.statusCode, rate.body).toBe(201);
  coupons = [];
  for (const fundedBy of ['vendors', 'store'] as const)
    for (const limited of [false, true]) {
      const made = await kit.coupon(15, null, { fundedBy, ...(limited ? { categories: [limitedCategory] } : {}) });
      coupons.push({ ...made, limited });
    }
});
afterAll(() => t.close());

describe('the marketplace money reconciles', () => {
  it('after every step of random sales, corrections, holds, payouts and adjustments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        for (const action of steps) {
          await run(action);
          await checkInvariants();
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
