import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { defaultCustomerCount, generateLargeStore, type LargeStoreSummary } from './large-store.js';

const all = sql<number>`count(*)`.as('n');
const n = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n);

let t: TestApp;
let summary: LargeStoreSummary;
beforeAll(async () => {
  t = await createTestApp();
  summary = await generateLargeStore(t.db, t.kind, { products: 1_600, orders: 2_000, customers: 150, vendors: 20 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('generateLargeStore', () => {
  it('writes the requested volumes', async () => {
    expect(summary).toMatchObject({ products: 1_600, customers: 150, orders: 2_000 });
    expect(await n(t.db.selectFrom('products').select(all))).toBe(1_600);
    expect(await n(t.db.selectFrom('orders').select(all))).toBe(2_000);
    expect(await n(t.db.selectFrom('users').select(all).where('role', '=', 'customer'))).toBe(150);
    expect(await n(t.db.selectFrom('orderItems').select(all))).toBe(summary.orderItems);
    expect(await n(t.db.selectFrom('orderStatusHistory').select(all))).toBe(summary.statusEntries);
  });

  it('gives every order its shipments, some partly dispatched and some late (issue 34)', async () => {
    const withoutShipments = await n(
      t.db
        .selectFrom('orders as o')
        .select(all)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('shipments as s').select('s.id').whereRef('s.orderId', '=', 'o.id'))),
        ),
    );
    expect(withoutShipments).toBe(0);
    const lines = await t.db.selectFrom('orderItems').select(['id', 'quantity', 'cancelledQuantity']).execute();
    const held = await t.db
      .selectFrom('shipmentItems')
      .select(['orderItemId', sql<number>`sum(quantity)`.as('units')])
      .groupBy('orderItemId')
      .execute();
    const unitsOf = new Map(held.map((row) => [row.orderItemId, Number(row.units)]));
    for (const line of lines) expect(unitsOf.get(line.id) ?? 0).toBe(line.quantity - line.cancelledQuantity);
    const split = await t.db
      .selectFrom('shipments')
      .select(['orderId', 'vendorId'])
      .groupBy(['orderId', 'vendorId'])
      .having(sql<number>`count(*)`, '>', 1)
      .execute();
    expect(split.length).toBeGreaterThan(0);
    const now = new Date().toISOString();
    const late = await n(
      t.db
        .selectFrom('shipments')
        .select(all)
        .where((eb) =>
          eb.or([
            eb('isShippedLate', '=', true),
            eb.and([eb('status', 'in', ['Order Placed', 'Packaging']), eb('shipBy', '<', now)]),
          ]),
        ),
    );
    expect(late).toBeGreaterThan(0);
    expect(
      await n(t.db.selectFrom('shipments').select(all).where('shippedAt', 'is not', null).where('awb', 'is', null)),
    ).toBe(0);
  });

  it('makes catalog variants with unique SKUs and sale prices within the actual price', async () => {
    const distinct = await t.db
      .selectFrom('products')
      .select(sql<number>`count(distinct lower(sku))`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(distinct.n)).toBe(1_600);
    expect(await n(t.db.selectFrom('products').select(all).where('sku', 'like', '%-V1'))).toBeGreaterThan(0);
    expect(await n(t.db.selectFrom('products').select(all).whereRef('salePricePaise', '>', 'actualPricePaise'))).toBe(
      0,
    );
    for (const approval of ['approved', 'pending', 'rejected'] as const)
      expect(await n(t.db.selectFrom('products').select(all).where('approvalStatus', '=', approval))).toBeGreaterThan(
        0,
      );
  });

  it('keeps the database usable afterwards: new rows get fresh ids', async () => {
    const now = new Date().toISOString();
    const user = await t.db
      .insertInto('users')
      .values({
        name: 'New',
        email: 'new@example.test',
        role: 'customer',
        phone: null,
        passwordHash: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(user.id).toBeGreaterThan(150);
  });

  it('posts the ledger as the checkout would: entries, balances and commission reconcile, payouts made', async () => {
    expect(summary.vendors).toBe(20);
    expect(await n(t.db.selectFrom('vendors').select(all).where('bankAccountNumber', 'is', null))).toBe(0);
    expect(summary.ledgerEntries).toBeGreaterThan(2_000);
    const sums = await t.db
      .selectFrom('vendorLedgerEntries')
      .select((eb) => ['vendorId', eb.fn.sum<number>('amountPaise').as('total')])
      .groupBy('vendorId')
      .execute();
    expect(sums.length).toBeGreaterThan(8);
    for (const { vendorId, total } of sums) {
      const balance = await t.db
        .selectFrom('vendorBalances')
        .selectAll()
        .where('vendorId', '=', vendorId)
        .executeTakeFirstOrThrow();
      expect(Number(balance.pendingPaise) + Number(balance.availablePaise)).toBe(Number(total));
    }
    // Per line: net = price × quantity less its share of the discount; commission 10% of it.
    const lines = await t.db
      .selectFrom('orderItems')
      .select(['netPaise', 'commissionPaise', 'quantity', 'salePricePaise'])
      .where('vendorId', 'is not', null)
      .execute();
    for (const line of lines) {
      expect(Number(line.netPaise)).toBeLessThanOrEqual(line.quantity * line.salePricePaise);
      expect(Number(line.commissionPaise)).toBe(Math.round(Number(line.netPaise) / 10));
    }
    const commission = await t.db
      .selectFrom('commissionDailyTotals')
      .select((eb) => eb.fn.sum<number>('commissionPaise').as('total'))
      .executeTakeFirstOrThrow();
    expect(Number(commission.total)).toBe(lines.reduce((sum, line) => sum + Number(line.commissionPaise), 0));
    expect(summary.payouts).toBe(3);
    expect(await n(t.db.selectFrom('payouts').select(all).where('status', '=', 'Failed'))).toBe(1);
  });

  it('counts each coupon use once', async () => {
    const coupons = await t.db.selectFrom('coupons').select(['id', 'usedCount']).execute();
    for (const coupon of coupons)
      expect(await n(t.db.selectFrom('orders').select(all).where('couponId', '=', coupon.id))).toBe(coupon.usedCount);
  });
});

describe('defaultCustomerCount', () => {
  it('is half the products, between 100 and 100,000', () => {
    expect(defaultCustomerCount(10)).toBe(100);
    expect(defaultCustomerCount(5_001)).toBe(2_501);
    expect(defaultCustomerCount(1_000_000)).toBe(100_000);
  });
});
