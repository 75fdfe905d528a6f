import type { Order } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;
let otherVendor: FixtureUser;
let kit: ReturnType<typeof storeKit>;

function post(url: string, as: FixtureUser | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(as ? authAs(t.app, as) : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}
const ask = (as: FixtureUser | null, orderId: string, reason = 'Out of stock in my warehouse') =>
  post(`/api/vendor/orders/${orderId}/cancel-request`, as, { reason });

/** An order of one unit of the vendor's product and two of the store's own. */
async function mixedOrder(): Promise<{ order: Order; mine: number; store: number }> {
  const mine = await kit.product(50_000, 10, vendor.vendorId);
  const store = await kit.product(20_000, 10);
  const order = await kit.placed([
    { product: mine, quantity: 1 },
    { product: store, quantity: 2 },
  ]);
  return { order, mine, store };
}

async function notificationsOf(user: FixtureUser, kind: string): Promise<number> {
  const rows = await t.db
    .selectFrom('notifications')
    .select('id')
    .where('userId', '=', user.id)
    .where('kind', '=', kind as never)
    .execute();
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
  admin = await createAdmin(t.db, { name: 'Asha Admin' });
  vendor = await createVendor(t.db);
  otherVendor = await createVendor(t.db);
  kit = storeKit(t, admin);
});
afterAll(() => t.close());

describe('POST /api/vendor/orders/:id/cancel-request', () => {
  it('answers 401 anonymous, 403 to an admin, 404 to a vendor without lines in the order', async () => {
    const { order } = await mixedOrder();
    expect((await ask(null, order._id)).statusCode).toBe(401);
    expect((await ask(admin, order._id)).statusCode).toBe(403);
    expect((await ask(otherVendor, order._id)).statusCode).toBe(404);
    expect((await kit.read(order._id)).cancelRequests).toEqual([]);
  });

  it('records the request, tells every admin and marks the order; a second one waits for the answer', async () => {
    const { order } = await mixedOrder();
    const before = await notificationsOf(admin, 'cancel_requested');
    const res = await ask(vendor, order._id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Cancellation request sent',
      request: { status: 'pending', reason: 'Out of stock in my warehouse', decisionReason: null },
    });
    expect(await notificationsOf(admin, 'cancel_requested')).toBe(before + 1);
    const seen = await kit.read(order._id);
    expect(seen.pendingCancelRequests).toBe(1);
    expect(seen.cancelRequests).toHaveLength(1);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/orders/admin/orders?limit=5&search=${order.trackingNumber}`,
      headers: authAs(t.app, admin),
    });
    expect(list.json().orders[0]).toMatchObject({ trackingNumber: order.trackingNumber, pendingCancelRequests: 1 });
    const again = await ask(vendor, order._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already asked to cancel this order; an admin will answer');
  });

  it('refuses an order on the road with 409 and a blank reason with 400', async () => {
    const { order } = await mixedOrder();
    expect((await ask(vendor, order._id, '   ')).statusCode).toBe(400);
    const delivered = await kit.deliver(order._id);
    const res = await ask(vendor, delivered._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An order on the road or delivered cannot be cancelled any more');
  });
});

describe('a request over units already shipped (issue 34)', () => {
  /** The vendor puts their shipment of the order on the road (`quantity` of their line, all without it). */
  async function shipMine(orderId: string, quantity?: number) {
    const order = await kit.read(orderId);
    const mine = order.shipments?.find((shipment) => shipment.vendor?._id === String(vendor.vendorId));
    if (!mine) throw new Error('no shipment of the vendor');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/vendor/shipments/${mine._id}/status`,
      headers: { ...authAs(t.app, vendor), 'content-type': 'application/json' },
      payload: JSON.stringify({
        status: 'On The Road',
        carrier: 'Delhivery',
        awb: 'DL123456789',
        updatedAt: mine.updatedAt,
        ...(quantity === undefined ? {} : { items: [{ itemId: mine.items[0]?.itemId, quantity }] }),
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('answers 409 when every unit of theirs is on the road, though the order is not, and records nothing', async () => {
    const { order } = await mixedOrder();
    await shipMine(order._id);
    const before = await notificationsOf(admin, 'cancel_requested');
    const res = await ask(vendor, order._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Your items in this order are on the road or delivered and cannot be cancelled any more',
    });
    const after = await kit.read(order._id);
    expect(after.status).toBe('Order Placed');
    expect(after.cancelRequests).toEqual([]);
    expect(await notificationsOf(admin, 'cancel_requested')).toBe(before);
  });

  it('takes the request while some unit of theirs is not yet shipped', async () => {
    const two = await kit.product(50_000, 10, vendor.vendorId);
    const store = await kit.product(20_000, 10);
    const order = await kit.placed([
      { product: two, quantity: 2 },
      { product: store, quantity: 1 },
    ]);
    await shipMine(order._id, 1);
    const res = await ask(vendor, order._id);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('answers 409 to an admin accepting once the vendor shipped every unit since asking, and leaves the request to decline', async () => {
    const { order } = await mixedOrder();
    const request = (await ask(vendor, order._id)).json().request;
    await shipMine(order._id);
    const shipped = await kit.read(order._id);
    const url = `/api/orders/admin/${order._id}/cancel-requests/${request._id}`;
    const res = await post(`${url}/accept`, admin, { updatedAt: shipped.updatedAt });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message:
        "Nothing of this vendor's is left to cancel: their items are on the road, delivered or already cancelled. Decline the request instead.",
    });
    const after = await kit.read(order._id);
    expect(after.updatedAt).toBe(shipped.updatedAt);
    expect(after.cancellations).toEqual([]);
    expect(after.cancelRequests[0]).toMatchObject({ status: 'pending' });
    expect(after.pendingCancelRequests).toBe(1);
    const declined = await post(`${url}/decline`, admin, { reason: 'Already on its way to the customer' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().order.cancelRequests[0]).toMatchObject({ status: 'declined' });
  });
});

describe('answering a request', () => {
  it("accepting cancels the vendor's units left, and only theirs", async () => {
    const { order, mine, store } = await mixedOrder();
    const request = (await ask(vendor, order._id)).json().request;
    const current = await kit.read(order._id);
    const url = `/api/orders/admin/${order._id}/cancel-requests/${request._id}`;
    expect((await post(`${url}/accept`, vendor, { updatedAt: current.updatedAt })).statusCode).toBe(403);
    expect((await post(`${url}/accept`, admin, { updatedAt: order.createdAt.replace('Z', '') })).statusCode).toBe(400);
    const res = await post(`${url}/accept`, admin, { updatedAt: current.updatedAt });
    expect(res.statusCode, res.body).toBe(200);
    const after: Order = res.json().order;
    expect(res.json().message).toBe('Cancellation request accepted');
    expect(after.status).toBe('Order Placed');
    expect(after.products.map((line) => line.cancelledQuantity)).toEqual([1, 0]);
    expect(after.cancelRequests[0]).toMatchObject({ status: 'accepted' });
    expect(after.pendingCancelRequests).toBe(0);
    expect(after.cancellations[0]?.reason).toContain('Out of stock in my warehouse');
    expect(await kit.stock(mine)).toBe(10);
    expect(await kit.stock(store)).toBe(8);
    const twice = await post(`${url}/decline`, admin, { reason: 'Changed my mind' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This request has already been answered');
  });

  it('declining keeps the order, records the reason and tells the vendor', async () => {
    const { order } = await mixedOrder();
    const request = (await ask(vendor, order._id)).json().request;
    const before = await notificationsOf(vendor, 'cancel_declined');
    const url = `/api/orders/admin/${order._id}/cancel-requests/${request._id}/decline`;
    expect((await post(url, admin, { reason: '' })).statusCode).toBe(400);
    const res = await post(url, admin, { reason: 'The customer needs it this week' });
    expect(res.statusCode, res.body).toBe(200);
    const after: Order = res.json().order;
    expect(after.cancelRequests[0]).toMatchObject({
      status: 'declined',
      decisionReason: 'The customer needs it this week',
    });
    expect(after.cancellations).toEqual([]);
    expect(await notificationsOf(vendor, 'cancel_declined')).toBe(before + 1);
    expect(
      (await post(`/api/orders/admin/${order._id}/cancel-requests/999999/decline`, admin, { reason: 'x' })).statusCode,
    ).toBe(404);
  });
});
