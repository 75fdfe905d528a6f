import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rebuildOrderDailyTotals } from '../../platform/db/migrations/2026_11_21_1730_create_order_daily_totals.js';
import { authAs, createAdmin, createCustomer, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createOrder, createProductRow, type FixtureOrder } from '../../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * 'Today' and the 12 months are judged by the clock: it is pinned to 10 January
 * 2027, 08:00 UTC, so the window runs from February 2026 to January 2027 and holds
 * one January only (January 2026 lies outside it).
 */
const NOW = new Date('2027-01-10T08:00:00.000Z');
const EXPECTED_MONTHS = [
  ['2026-02', 'Feb 2026'],
  ['2026-03', 'Mar 2026'],
  ['2026-04', 'Apr 2026'],
  ['2026-05', 'May 2026'],
  ['2026-06', 'Jun 2026'],
  ['2026-07', 'Jul 2026'],
  ['2026-08', 'Aug 2026'],
  ['2026-09', 'Sep 2026'],
  ['2026-10', 'Oct 2026'],
  ['2026-11', 'Nov 2026'],
  ['2026-12', 'Dec 2026'],
  ['2027-01', 'Jan 2027'],
];

const summary = (t: TestApp, user: Pick<FixtureUser, 'id' | 'role'> | null) =>
  t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: user ? authAs(t.app, user) : {} });

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterAll(() => {
  vi.useRealTimers();
});

describe('GET /api/dashboard/summary', () => {
  let t: TestApp;
  let admin: FixtureUser;
  let vendor: FixtureUser;
  let customers: FixtureUser[];
  const orders: FixtureOrder[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    vendor = await createVendor(t.db);
    await createVendor(t.db, { status: 'pending' });
    customers = [
      await createCustomer(t.db, { name: 'Meera Krishnan' }),
      await createCustomer(t.db, { name: 'Arjun Rao' }),
      await createCustomer(t.db),
    ];
    await createProductRow(t.db, { status: 'active' });
    await createProductRow(t.db, { status: 'inactive' });
    await createProductRow(t.db, { status: 'pending' });

    const add = async (options: Parameters<typeof createOrder>[1]) => {
      const order = await createOrder(t.db, options);
      orders.push(order);
      return order;
    };
    // Outside the window: the other January, and the last instant before the window.
    await add({ status: 'Delivered', createdAt: '2026-01-15T12:00:00.000Z', lines: [{ salePricePaise: 70_000 }] });
    await add({ status: 'Delivered', createdAt: '2026-01-31T23:59:59.999Z', lines: [{ salePricePaise: 50_000 }] });
    // The first instant of the window.
    await add({ status: 'Delivered', createdAt: '2026-02-01T00:00:00.000Z', lines: [{ salePricePaise: 100_000 }] });
    // Either side of a month boundary.
    await add({ status: 'Packaging', createdAt: '2026-06-30T23:59:59.999Z' });
    await add({ status: 'On The Road', createdAt: '2026-07-01T00:00:00.000Z', userId: customers[1]?.id });
    // Yesterday's last instant, with a coupon, and two orders today.
    await add({
      status: 'Delivered',
      createdAt: '2027-01-09T23:59:59.999Z',
      lines: [{ salePricePaise: 123_456, quantity: 2 }],
      coupon: { code: 'NEWYEAR', discountPaise: 24_691 },
      userId: customers[0]?.id,
    });
    await add({ status: 'Order Placed', createdAt: '2027-01-10T00:00:00.000Z', billingFullName: 'Guest Shopper' });
    await add({
      status: 'Delivered',
      createdAt: '2027-01-10T07:59:00.000Z',
      lines: [{ salePricePaise: 99_999 }],
      coupon: { code: 'FLAT100', discountPaise: 10_000 },
      billingFullName: '',
    });
  });
  afterAll(() => t.close());

  it('answers every figure to an admin', async () => {
    const res = await summary(t, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.generatedAt).toBe(NOW.toISOString());
    expect(body.totalProducts).toBe(3);
    expect(body.totalUsers).toBe(customers.length);
    expect(body.totalOrders).toBe(orders.length);
  });

  it('counts orders today by the UTC calendar date: from midnight, not yesterday 23:59:59.999', async () => {
    const body = (await summary(t, admin)).json();
    const today = orders.filter((o) => o.createdAt >= '2027-01-10T00:00:00.000Z');
    expect(today).toHaveLength(2);
    expect(body.ordersToday).toBe(today.length);
  });

  it('sums Total Revenue over the discounted totals of Delivered orders only', async () => {
    const body = (await summary(t, admin)).json();
    const delivered = orders.filter((o) => o.status === 'Delivered');
    const expectedPaise = delivered.reduce((sum, o) => sum + o.discountedTotalPaise, 0);
    expect(expectedPaise).not.toBe(orders.reduce((sum, o) => sum + o.discountedTotalPaise, 0));
    expect(body.totalRevenue).toBe(expectedPaise / 100);
  });

  it('answers the last 12 months oldest first, labelled with the year, zeros included', async () => {
    const body = (await summary(t, admin)).json();
    expect(body.monthly.map((m: { month: string; label: string }) => [m.month, m.label])).toEqual(EXPECTED_MONTHS);
    for (const point of body.monthly) {
      const inMonth = orders.filter((o) => o.createdAt.slice(0, 7) === point.month);
      const deliveredPaise = inMonth
        .filter((o) => o.status === 'Delivered')
        .reduce((sum, o) => sum + o.discountedTotalPaise, 0);
      expect({ month: point.month, orders: point.orders, revenue: point.revenue }).toEqual({
        month: point.month,
        orders: inMonth.length,
        revenue: deliveredPaise / 100,
      });
    }
  });

  it('puts the first instant of the window in its first month and keeps the other January out', async () => {
    const body = (await summary(t, admin)).json();
    expect(body.monthly[0]).toEqual({ month: '2026-02', label: 'Feb 2026', orders: 1, revenue: 1000 });
    expect(body.monthly.at(-1)).toMatchObject({ month: '2027-01', orders: 3 });
    const inChart = body.monthly.reduce((sum: number, m: { orders: number }) => sum + m.orders, 0);
    expect(inChart).toBe(orders.filter((o) => o.createdAt >= '2026-02-01T00:00:00.000Z').length);
  });

  it('splits orders either side of a month boundary', async () => {
    const body = (await summary(t, admin)).json();
    const byMonth = Object.fromEntries(body.monthly.map((m: { month: string; orders: number }) => [m.month, m.orders]));
    expect(byMonth['2026-06']).toBe(1);
    expect(byMonth['2026-07']).toBe(1);
  });

  it('answers the four statuses in pipeline order, then Cancelled, with their counts', async () => {
    const body = (await summary(t, admin)).json();
    const count = (status: string) => orders.filter((o) => o.status === status).length;
    expect(body.statusDistribution).toEqual([
      { status: 'Order Placed', count: count('Order Placed') },
      { status: 'Packaging', count: count('Packaging') },
      { status: 'On The Road', count: count('On The Road') },
      { status: 'Delivered', count: count('Delivered') },
      { status: 'Cancelled', count: count('Cancelled') },
    ]);
  });

  it("answers the 5 newest orders with the account's name, else the billing name, else null", async () => {
    const body = (await summary(t, admin)).json();
    const newest = [...orders].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)).slice(0, 5);
    expect(body.recentOrders.map((o: { trackingNumber: string }) => o.trackingNumber)).toEqual(
      newest.map((o) => o.trackingNumber),
    );
    expect(body.recentOrders[0]).toEqual({
      _id: String(newest[0]?.id),
      trackingNumber: newest[0]?.trackingNumber,
      customerName: null,
      discountedTotal: 899.99,
      status: 'Delivered',
      createdAt: '2027-01-10T07:59:00.000Z',
    });
    expect(body.recentOrders.map((o: { customerName: string | null }) => o.customerName)).toEqual([
      null,
      'Guest Shopper',
      'Meera Krishnan',
      'Arjun Rao',
      expect.stringMatching(/^Billing Name/),
    ]);
  });

  it('answers 403 to a vendor', async () => {
    const res = await summary(t, vendor);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await summary(t, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });
});

describe('GET /api/dashboard/summary on an empty store', () => {
  let t: TestApp;
  let admin: FixtureUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  it('answers zeros, 12 empty months, four zero statuses and no recent orders', async () => {
    const res = await summary(t, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      totalProducts: 0,
      totalOrders: 0,
      totalUsers: 0,
      ordersToday: 0,
      totalRevenue: 0,
      commission: {
        thisMonth: 0,
        allTime: 0,
        charged: { thisMonth: 0, allTime: 0 },
        storeFunded: { thisMonth: 0, allTime: 0 },
      },
      monthly: EXPECTED_MONTHS.map(([month, label]) => ({ month, label, orders: 0, revenue: 0 })),
      statusDistribution: ['Order Placed', 'Packaging', 'On The Road', 'Delivered', 'Cancelled'].map((status) => ({
        status,
        count: 0,
      })),
      recentOrders: [],
      generatedAt: NOW.toISOString(),
    });
  });
});

describe('GET /api/dashboard/summary as orders change', () => {
  let t: TestApp;
  let admin: FixtureUser;
  const read = async () => (await summary(t, admin)).json();
  const monthOf = (body: { monthly: { month: string; orders: number; revenue: number }[] }, month: string) =>
    body.monthly.find((point) => point.month === month);
  const countOf = (body: { statusDistribution: { status: string; count: number }[] }, status: string) =>
    body.statusDistribution.find((entry) => entry.status === status)?.count;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  it('counts an order moved to Delivered in the revenue, the month and the distribution', async () => {
    const order = await createOrder(t.db, { status: 'On The Road', createdAt: '2026-12-05T10:00:00.000Z' });
    const before = await read();
    await t.db.updateTable('orders').set({ status: 'Delivered' }).where('id', '=', order.id).execute();
    const after = await read();
    expect(after.totalRevenue).toBe(before.totalRevenue + order.discountedTotalPaise / 100);
    expect(countOf(after, 'Delivered')).toBe((countOf(before, 'Delivered') ?? 0) + 1);
    expect(countOf(after, 'On The Road')).toBe((countOf(before, 'On The Road') ?? 0) - 1);
    expect(after.totalOrders).toBe(before.totalOrders);
    expect(monthOf(after, '2026-12')?.revenue).toBe(
      (monthOf(before, '2026-12')?.revenue ?? 0) + order.discountedTotalPaise / 100,
    );
  });

  it('follows a changed total and a changed creation time', async () => {
    const order = await createOrder(t.db, {
      status: 'Delivered',
      createdAt: '2026-08-10T10:00:00.000Z',
      lines: [{ salePricePaise: 50_000 }],
    });
    const before = await read();
    await t.db
      .updateTable('orders')
      .set({ subtotalPaise: 80_000, discountedTotalPaise: 80_000, createdAt: '2026-09-01T00:00:00.000Z' })
      .where('id', '=', order.id)
      .execute();
    const after = await read();
    expect(after.totalRevenue).toBe(before.totalRevenue + 300);
    expect(monthOf(after, '2026-08')).toMatchObject({
      orders: (monthOf(before, '2026-08')?.orders ?? 0) - 1,
      revenue: (monthOf(before, '2026-08')?.revenue ?? 0) - 500,
    });
    expect(monthOf(after, '2026-09')).toMatchObject({
      orders: (monthOf(before, '2026-09')?.orders ?? 0) + 1,
      revenue: (monthOf(before, '2026-09')?.revenue ?? 0) + 800,
    });
  });

  it('drops a deleted order from every figure', async () => {
    const order = await createOrder(t.db, { status: 'Delivered', createdAt: '2027-01-10T06:00:00.000Z' });
    const before = await read();
    await t.db.deleteFrom('orders').where('id', '=', order.id).execute();
    const after = await read();
    expect(after.totalOrders).toBe(before.totalOrders - 1);
    expect(after.ordersToday).toBe(before.ordersToday - 1);
    expect(after.totalRevenue).toBe(before.totalRevenue - order.discountedTotalPaise / 100);
    expect(monthOf(after, '2027-01')?.orders).toBe((monthOf(before, '2027-01')?.orders ?? 0) - 1);
  });

  it('counts every order of a multi-row insert', async () => {
    const before = await read();
    const at = '2027-01-10T07:00:00.000Z';
    const row = (n: number, status: 'Delivered' | 'Packaging') => ({
      trackingNumber: `TRK-BULK-${n}`,
      userId: null,
      billingFullName: `Bulk ${n}`,
      billingEmail: `bulk${n}@example.test`,
      billingPhone: '1',
      billingNote: null,
      billingAddress: 'a',
      billingCity: 'c',
      billingProvince: 'p',
      paymentMethod: 'UPI',
      subtotalPaise: 10_000 * n,
      couponId: null,
      couponCode: null,
      discountPaise: 0,
      discountedTotalPaise: 10_000 * n,
      status,
      createdAt: at,
      updatedAt: at,
    });
    await t.db
      .insertInto('orders')
      .values([row(1, 'Delivered'), row(2, 'Delivered'), row(3, 'Packaging')])
      .execute();
    const after = await read();
    expect(after.totalOrders).toBe(before.totalOrders + 3);
    expect(after.ordersToday).toBe(before.ordersToday + 3);
    expect(after.totalRevenue).toBe(before.totalRevenue + 300);
    expect(countOf(after, 'Packaging')).toBe((countOf(before, 'Packaging') ?? 0) + 1);
  });

  it('answers the same figures after the per-day totals are rebuilt from the orders', async () => {
    const live = await read();
    expect(live.totalOrders).toBeGreaterThan(0);
    await t.db.transaction().execute((trx) => rebuildOrderDailyTotals(trx));
    expect(await read()).toEqual(live);
  });
});
