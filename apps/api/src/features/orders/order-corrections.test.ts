import type { Order } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: FixtureUser;
let otherAdmin: FixtureUser;
let vendor: FixtureUser;
let kit: ReturnType<typeof storeKit>;

const line = (order: Order, index: number) => order.products[index]?._id as string;

async function revenue(): Promise<{ totalRevenue: number; byStatus: Record<'Order Placed' | 'Cancelled', number> }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/orders/admin/stats', headers: authAs(t.app, admin) });
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
  admin = await createAdmin(t.db, { name: 'Asha Admin' });
  otherAdmin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
  kit = storeKit(t, admin);
});
afterAll(() => t.close());

describe('POST /api/orders/admin/:id/cancel', () => {
  it('answers 401 to an anonymous caller and 403 to a vendor, changing nothing', async () => {
    const product = await kit.product(50_000, 5);
    const order = await kit.placed([{ product, quantity: 2 }]);
    const body = { reason: 'Asked by the customer', updatedAt: order.updatedAt };
    expect((await kit.cancel(null, order._id, body)).statusCode).toBe(401);
    expect((await kit.cancel(vendor, order._id, body)).statusCode).toBe(403);
    expect(await kit.stock(product)).toBe(3);
    expect((await kit.read(order._id)).status).toBe('Order Placed');
  });

  it('cancels a whole order: stock back, coupon use given back, status Cancelled, totals to zero, history and activity', async () => {
    const product = await kit.product(100_000, 5);
    const coupon = await kit.coupon(10);
    const order = await kit.placed([{ product, quantity: 2 }], coupon.code);
    expect(await kit.usedCount(coupon.id)).toBe(1);
    const before = await revenue();

    const res = await kit.cancel(admin, order._id, {
      reason: 'Customer changed their mind',
      updatedAt: order.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { message, order: cancelled } = res.json();
    expect(message).toBe('Order cancelled');
    expect(cancelled).toMatchObject({
      status: 'Cancelled',
      totalPrice: 0,
      discountedTotal: 0,
      cancelledTotal: 1800,
      refundedTotal: 0,
      netTotal: 0,
      coupon: { code: coupon.code, discountAmount: 0 },
    });
    expect(cancelled.products[0]).toMatchObject({ quantity: 2, cancelledQuantity: 2, returnedQuantity: 0 });
    expect(cancelled.cancellations).toEqual([
      {
        _id: expect.any(String),
        reason: 'Customer changed their mind',
        wholeOrder: true,
        amount: 1800,
        items: [{ itemId: line(order, 0), productName: expect.any(String), quantity: 2, amount: 1800 }],
        by: 'Asha Admin',
        createdAt: expect.any(String),
      },
    ]);
    expect(cancelled.statusHistory.at(-1)).toMatchObject({ status: 'Cancelled', notes: 'Customer changed their mind' });
    expect(await kit.stock(product)).toBe(5);
    expect(await kit.usedCount(coupon.id)).toBe(0);
    const after = await revenue();
    expect(after.byStatus.Cancelled).toBe(before.byStatus.Cancelled + 1);
    expect(after.byStatus['Order Placed']).toBe(before.byStatus['Order Placed'] - 1);
    const logged = await t.db
      .selectFrom('activityLog')
      .select(['action', 'recordLabel'])
      .where('recordId', '=', Number(order._id))
      .where('recordKind', '=', 'order')
      .execute();
    expect(logged).toContainEqual({ action: 'cancel', recordLabel: order.trackingNumber });
  });

  it("cancels some units: their price and their share of the discount come off, the coupon's use stays", async () => {
    const a = await kit.product(100_000, 5);
    const b = await kit.product(33_333, 5);
    const coupon = await kit.coupon(10);
    // Subtotal 2,333.33, discount 233.33 (10 %), shared 200.00 + 33.33 by largest remainder.
    const order = await kit.placed(
      [
        { product: a, quantity: 2 },
        { product: b, quantity: 1 },
      ],
      coupon.code,
    );
    expect(order.coupon?.discountAmount).toBe(233.33);
    const res = await kit.cancel(admin, order._id, {
      reason: 'Out of stock at the vendor',
      items: [{ itemId: line(order, 0), quantity: 1 }],
      updatedAt: order.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after: Order = res.json().order;
    expect(res.json().message).toBe('Items cancelled');
    expect(after).toMatchObject({
      status: 'Order Placed',
      totalPrice: 1333.33,
      coupon: { code: coupon.code, discountAmount: 133.33 },
      discountedTotal: 1200,
      cancelledTotal: 900,
    });
    expect(after.discountedTotal + after.cancelledTotal).toBe(order.discountedTotal);
    expect(await kit.stock(a)).toBe(4);
    expect(await kit.usedCount(coupon.id)).toBe(1);
    // The log says how many units went and what the total became, not 'Order Placed → Order Placed' (issue 33).
    const entry = await t.db
      .selectFrom('activityLog')
      .select('changes')
      .where('recordId', '=', Number(order._id))
      .where('recordKind', '=', 'order')
      .where('action', '=', 'cancel')
      .executeTakeFirstOrThrow();
    expect(typeof entry.changes === 'string' ? JSON.parse(entry.changes) : entry.changes).toEqual({
      unitsCancelled: { before: null, after: 1 },
      discountedTotal: { before: 2100, after: 1200 },
      reason: { before: null, after: 'Out of stock at the vendor' },
    });

    // The rest, line by line: the shares sum to the whole discount, no paisa lost.
    const second = await kit.cancel(admin, order._id, {
      reason: 'Vendor cannot ship',
      items: [{ itemId: line(order, 1), quantity: 1 }],
      updatedAt: after.updatedAt,
    });
    const last: Order = second.json().order;
    expect(last.coupon?.discountAmount).toBe(100);
    const third = await kit.cancel(admin, order._id, { reason: 'Nothing left to ship', updatedAt: last.updatedAt });
    const done: Order = third.json().order;
    expect(done).toMatchObject({ status: 'Cancelled', totalPrice: 0, discountedTotal: 0, cancelledTotal: 2100 });
    expect(done.coupon?.discountAmount).toBe(0);
    expect(await kit.usedCount(coupon.id)).toBe(0);
  });

  it('refuses an order on the road, delivered or already cancelled with 409, changing nothing', async () => {
    const product = await kit.product(10_000, 10);
    const delivered = await kit.deliver((await kit.placed([{ product, quantity: 1 }]))._id);
    const res = await kit.cancel(admin, delivered._id, { reason: 'Too late', updatedAt: delivered.updatedAt });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Only an order not yet on the road can be cancelled; after delivery, record a return',
    });
    const order = await kit.placed([{ product, quantity: 1 }]);
    const first = await kit.cancel(admin, order._id, { reason: 'Duplicate order', updatedAt: order.updatedAt });
    const again = await kit.cancel(admin, order._id, {
      reason: 'Duplicate order',
      updatedAt: first.json().order.updatedAt,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already cancelled');
    const move = await t.app.inject({
      method: 'PUT',
      url: '/api/orders/admin/order-status',
      headers: authAs(t.app, admin),
      payload: { orderId: order._id, status: 'Packaging' },
    });
    expect(move.statusCode).toBe(400);
    expect(move.json().message).toBe('This order is cancelled; its status cannot change any more');
    expect(await kit.stock(product)).toBe(9);
  });

  it('refuses bad lines and quantities with 400, and a missing reason or version, changing nothing', async () => {
    const product = await kit.product(10_000, 10);
    const order = await kit.placed([{ product, quantity: 2 }]);
    const other = await kit.placed([{ product, quantity: 1 }]);
    const base = { reason: 'Customer asked', updatedAt: order.updatedAt };
    const cases: [unknown, string][] = [
      [{ ...base, items: [{ itemId: line(other, 0), quantity: 1 }] }, 'Each item must be a line of this order'],
      [{ ...base, items: [{ itemId: line(order, 0), quantity: 3 }] }, 'Only 2 of'],
      [
        {
          ...base,
          items: [
            { itemId: line(order, 0), quantity: 1 },
            { itemId: line(order, 0), quantity: 1 },
          ],
        },
        'Each line may be named once',
      ],
      [{ ...base, items: [{ itemId: line(order, 0), quantity: 0 }] }, 'Quantity must be a whole number from 1'],
      [{ ...base, items: [{ itemId: line(order, 0), quantity: 1.5 }] }, 'Quantity must be a whole number from 1'],
      [{ ...base, items: [] }, 'Choose at least one item'],
      [{ ...base, reason: '   ' }, 'Please give a reason'],
      [{ ...base, reason: 'x'.repeat(501) }, 'Must be at most 500 characters'],
      [{ reason: 'No version' }, 'Must be the order’s updatedAt as loaded'],
      [{ ...base, items: [{ itemId: '99999999999', quantity: 1 }] }, 'Must be a valid id'],
    ];
    for (const [payload, message] of cases) {
      const res = await kit.cancel(admin, order._id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await kit.cancel(admin, '99999', base)).statusCode).toBe(404);
    expect((await kit.read(order._id)).cancelledTotal).toBe(0);
    expect(await kit.stock(product)).toBe(7);
  });

  it('of two admins cancelling at once, one wins and the other gets 409', async () => {
    const product = await kit.product(10_000, 10);
    const order = await kit.placed([{ product, quantity: 3 }]);
    const body = (reason: string) => ({
      reason,
      items: [{ itemId: line(order, 0), quantity: 1 }],
      updatedAt: order.updatedAt,
    });
    const answers = await Promise.all([
      kit.cancel(admin, order._id, body('First admin')),
      kit.cancel(otherAdmin, order._id, body('Second admin')),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const after = await kit.read(order._id);
    expect(after.products[0]?.cancelledQuantity).toBe(1);
    expect(after.cancellations).toHaveLength(1);
    expect(await kit.stock(product)).toBe(8);
  });
});

describe('POST /api/orders/admin/:id/returns', () => {
  it('answers 401 to an anonymous caller and 403 to a vendor', async () => {
    const product = await kit.product(10_000, 10);
    const order = await kit.deliver((await kit.placed([{ product, quantity: 1 }]))._id);
    const body = {
      items: [{ itemId: line(order, 0), quantity: 1 }],
      reason: 'damaged',
      restock: true,
      updatedAt: order.updatedAt,
    };
    expect((await kit.recordReturn(null, order._id, body)).statusCode).toBe(401);
    expect((await kit.recordReturn(vendor, order._id, body)).statusCode).toBe(403);
    expect((await kit.read(order._id)).refundedTotal).toBe(0);
  });

  it('records a return with a restocking fee: refund, stock, net total and the revenue net of it', async () => {
    const product = await kit.product(100_000, 10);
    const coupon = await kit.coupon(10);
    const order = await kit.deliver((await kit.placed([{ product, quantity: 2 }], coupon.code))._id);
    const before = await revenue();
    const res = await kit.recordReturn(admin, order._id, {
      items: [{ itemId: line(order, 0), quantity: 1 }],
      reason: 'changed_mind',
      note: 'Unopened',
      restock: true,
      refundAmount: 850,
      updatedAt: order.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Return recorded');
    const after: Order = res.json().order;
    expect(after).toMatchObject({ status: 'Delivered', discountedTotal: 1800, refundedTotal: 850, netTotal: 950 });
    expect(after.products[0]).toMatchObject({ returnedQuantity: 1, cancelledQuantity: 0 });
    expect(after.returns).toEqual([
      {
        _id: expect.any(String),
        reason: 'changed_mind',
        note: 'Unopened',
        restock: true,
        refundAmount: 850,
        restockingFee: 50,
        refundMethod: 'UPI',
        items: [{ itemId: line(order, 0), productName: expect.any(String), quantity: 1, amount: 900 }],
        by: 'Asha Admin',
        createdAt: expect.any(String),
      },
    ]);
    expect(await kit.stock(product)).toBe(9);
    expect((await revenue()).totalRevenue).toBeCloseTo(before.totalRevenue - 850, 2);
  });

  it('refunds by default what was paid for the units, and never more; units return once', async () => {
    const product = await kit.product(100_000, 10);
    const coupon = await kit.coupon(10);
    const order = await kit.deliver((await kit.placed([{ product, quantity: 2 }], coupon.code))._id);
    const tooHigh = await kit.recordReturn(admin, order._id, {
      items: [{ itemId: line(order, 0), quantity: 1 }],
      reason: 'damaged',
      restock: false,
      refundAmount: 900.01,
      updatedAt: order.updatedAt,
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().message).toBe(
      'The refund cannot be more than Rs. 900.00, what the customer paid for these units',
    );
    const all = await kit.recordReturn(admin, order._id, {
      items: [{ itemId: line(order, 0), quantity: 2 }],
      reason: 'damaged',
      restock: false,
      updatedAt: order.updatedAt,
    });
    expect(all.statusCode, all.body).toBe(201);
    const returned: Order = all.json().order;
    expect(returned).toMatchObject({ refundedTotal: 1800, netTotal: 0 });
    expect(await kit.stock(product)).toBe(8);
    const twice = await kit.recordReturn(admin, order._id, {
      items: [{ itemId: line(order, 0), quantity: 1 }],
      reason: 'damaged',
      restock: false,
      updatedAt: returned.updatedAt,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('Only 0 of');
  });

  it('refuses an order not delivered, a stale version, a bad reason or a sub-paisa refund', async () => {
    const product = await kit.product(10_000, 10);
    const open = await kit.placed([{ product, quantity: 1 }]);
    const body = (order: Order, extra: Record<string, unknown> = {}) => ({
      items: [{ itemId: line(order, 0), quantity: 1 }],
      reason: 'damaged',
      restock: true,
      updatedAt: order.updatedAt,
      ...extra,
    });
    const notDelivered = await kit.recordReturn(admin, open._id, body(open));
    expect(notDelivered.statusCode).toBe(409);
    expect(notDelivered.json().message).toBe('Only a delivered order can take a return');
    const delivered = await kit.deliver(open._id);
    const stale = await kit.recordReturn(admin, open._id, body(open));
    expect(stale.statusCode).toBe(409);
    for (const extra of [{ reason: 'bored' }, { refundAmount: 10.001 }, { refundAmount: -1 }, { restock: 'yes' }]) {
      const res = await kit.recordReturn(admin, open._id, body(delivered, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await kit.read(open._id)).returns).toEqual([]);
    expect(await kit.stock(product)).toBe(9);
  });
});

describe('GET /api/orders/admin/orders?corrected=true', () => {
  it('lists only the orders with a cancellation or a refund, newest first, with the search and pages', async () => {
    const product = await kit.product(10_000, 50);
    const untouched = await kit.placed([{ product, quantity: 1 }]);
    const partly = await kit.placed([{ product, quantity: 2 }]);
    await kit.cancel(admin, partly._id, {
      reason: 'One less',
      items: [{ itemId: line(partly, 0), quantity: 1 }],
      updatedAt: partly.updatedAt,
    });
    const returned = await kit.deliver((await kit.placed([{ product, quantity: 1 }]))._id);
    await kit.recordReturn(admin, returned._id, {
      items: [{ itemId: line(returned, 0), quantity: 1 }],
      reason: 'damaged',
      restock: true,
      updatedAt: returned.updatedAt,
    });
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/orders/admin/orders?${query}`,
        headers: authAs(t.app, admin),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { orders: { _id: string }[]; total?: number; nextCursor?: string | null };
    };
    const corrected = await list('corrected=true&limit=200');
    const ids = corrected.orders.map((order) => order._id);
    expect(ids).toContain(partly._id);
    expect(ids).toContain(returned._id);
    expect(ids).not.toContain(untouched._id);
    expect(ids.indexOf(returned._id)).toBeLessThan(ids.indexOf(partly._id));
    const rows = await t.db
      .selectFrom('orders')
      .select('id')
      .where((eb) => eb.or([eb('cancelledTotalPaise', '>', 0), eb('refundedTotalPaise', '>', 0)]))
      .execute();
    expect(corrected.total).toBe(rows.length);
    const searched = await list(`corrected=true&limit=50&search=${partly.trackingNumber}`);
    expect(searched.orders.map((order) => order._id)).toEqual([partly._id]);
    const first = await list('corrected=true&limit=1');
    expect(first.orders).toHaveLength(1);
    const second = await list(`corrected=true&limit=1&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(second.orders[0]?._id).not.toBe(first.orders[0]?._id);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/orders/admin/orders?corrected=maybe',
      headers: authAs(t.app, admin),
    });
    expect(bad.statusCode).toBe(400);
  });
});
