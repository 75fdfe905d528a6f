import type { Order } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createOrder } from '../../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: FixtureUser;
let otherAdmin: FixtureUser;
let vendor: FixtureUser;

function put(url: string, as: FixtureUser | null, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { ...(as ? authAs(t.app, as) : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}
const move = (as: FixtureUser | null, payload: unknown) => put('/api/orders/admin/order-status', as, payload);

async function stats() {
  const res = await t.app.inject({ method: 'GET', url: '/api/orders/admin/stats', headers: authAs(t.app, admin) });
  return res.json() as { totalRevenue: number; byStatus: Record<string, number> };
}

async function historyCount(orderId: number): Promise<number> {
  const row = await t.db
    .selectFrom('orderStatusHistory')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('orderId', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db, { name: 'Asha Admin' });
  otherAdmin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
});
afterAll(() => t.close());

describe('PUT /api/orders/admin/order-status', () => {
  it('answers 401 to an anonymous caller and 403 to a vendor, changing nothing', async () => {
    const order = await createOrder(t.db);
    expect((await move(null, { orderId: order.id, status: 'Packaging' })).statusCode).toBe(401);
    expect((await move(vendor, { orderId: order.id, status: 'Packaging' })).statusCode).toBe(403);
    const row = await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirst();
    expect(row?.status).toBe('Order Placed');
  });

  it('walks the pipeline one step at a time, recording who, when and the note', async () => {
    const order = await createOrder(t.db);
    let version = order.createdAt;
    for (const [status, notes] of [
      ['Packaging', 'Packed in two boxes'],
      ['On The Road', null],
      ['Delivered', 'Left with the neighbour'],
    ] as const) {
      const res = await move(admin, { orderId: String(order.id), status, notes, updatedAt: version });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { message: string; order: Order };
      expect(body.message).toBe('Order status updated successfully!');
      expect(body.order.status).toBe(status);
      expect(body.order.statusHistory.at(-1)).toMatchObject({ status, notes });
      expect(body.order.updatedAt > version).toBe(true);
      version = body.order.updatedAt;
    }
    const entries = await t.db
      .selectFrom('orderStatusHistory')
      .select(['status', 'changedBy'])
      .where('orderId', '=', order.id)
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { status: 'Order Placed', changedBy: null },
      { status: 'Packaging', changedBy: admin.id },
      { status: 'On The Road', changedBy: admin.id },
      { status: 'Delivered', changedBy: admin.id },
    ]);
  });

  it('reaches the same route by the spec’s un-prefixed path', async () => {
    const order = await createOrder(t.db);
    const res = await put('/orders/admin/order-status', admin, { orderId: order.id, status: 'Packaging' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['skipping a step', 'Order Placed', 'On The Road'],
    ['going back', 'On The Road', 'Packaging'],
    ['repeating the current status', 'Packaging', 'Packaging'],
    ['jumping to Delivered', 'Order Placed', 'Delivered'],
  ] as const)('refuses %s with the sequence message and changes nothing', async (_, from, to) => {
    const order = await createOrder(t.db, { status: from });
    const res = await move(admin, { orderId: order.id, status: to });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Status must follow the sequence: Order Placed → Packaging → On The Road → Delivered',
    );
    const row = await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirst();
    expect(row?.status).toBe(from);
    expect(await historyCount(order.id)).toBe(1);
  });

  it('refuses any change to a delivered order', async () => {
    const order = await createOrder(t.db, { status: 'Delivered' });
    const res = await move(admin, { orderId: order.id, status: 'Delivered' });
    expect(res.statusCode).toBe(400);
  });

  it('asks for a status when none is given, and refuses an unknown one', async () => {
    const order = await createOrder(t.db);
    const empty = await move(admin, { orderId: order.id, status: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please select a status to update');
    const missing = await move(admin, { orderId: order.id });
    expect(missing.json().message).toBe('Please select a status to update');
    const unknown = await move(admin, { orderId: order.id, status: 'Cancelled' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'Status must follow the sequence: Order Placed → Packaging → On The Road → Delivered',
    );
  });

  it('answers 404 to an unknown order and 400 to hostile input, never 5xx', async () => {
    expect((await move(admin, { orderId: 999_999, status: 'Packaging' })).statusCode).toBe(404);
    for (const payload of [
      null,
      [],
      { orderId: 2 ** 32 + 1, status: 'Packaging' },
      { orderId: '99999999999', status: 'Packaging' },
      { orderId: 1, status: 'Packaging', notes: 'a\u0000b' },
      { orderId: 1, status: 'Pack\u0000aging' },
      { orderId: 1, status: 'Packaging', updatedAt: 'yesterday' },
    ]) {
      const res = await move(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('answers 409 to a change from a stale version and changes nothing', async () => {
    const order = await createOrder(t.db);
    const first = await move(admin, { orderId: order.id, status: 'Packaging', updatedAt: order.createdAt });
    expect(first.statusCode).toBe(200);
    const stale = await move(otherAdmin, { orderId: order.id, status: 'On The Road', updatedAt: order.createdAt });
    expect(stale.statusCode).toBe(409);
    expect(await historyCount(order.id)).toBe(2);
  });

  it('gives one 200 and one 409 to two admins moving one order at once', async () => {
    const order = await createOrder(t.db);
    const results = await Promise.all(
      [admin, otherAdmin].map((who) =>
        move(who, { orderId: order.id, status: 'Packaging', updatedAt: order.createdAt }),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await historyCount(order.id)).toBe(2);
  });

  it('moves the dashboard’s per-status counts and Delivered revenue exactly', async () => {
    const order = await createOrder(t.db, { status: 'On The Road', lines: [{ salePricePaise: 123_456 }] });
    const before = await stats();
    const res = await move(admin, { orderId: order.id, status: 'Delivered' });
    expect(res.statusCode).toBe(200);
    const after = await stats();
    expect(after.byStatus.Delivered).toBe((before.byStatus.Delivered ?? 0) + 1);
    expect(after.byStatus['On The Road']).toBe((before.byStatus['On The Road'] ?? 0) - 1);
    expect(Math.round((after.totalRevenue - before.totalRevenue) * 100)).toBe(123_456);
  });
});

describe('GET /api/orders/admin/orders/:id with hostile ids', () => {
  it.each(['4294967296', '2147483648', '9007199254740991', '0', '-1', '1e3', '%00'])(
    'answers %s with 400 or 404, never 5xx',
    async (id) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/orders/admin/orders/${id}`,
        headers: authAs(t.app, admin),
      });
      expect([400, 404]).toContain(res.statusCode);
    },
  );

  it('answers forged cursors and NUL searches on the list with 400 or 200, never 5xx', async () => {
    for (const query of [
      'cursor=abc',
      'cursor=eyJrIjoxfQ&limit=5',
      'search=%00',
      'limit=5&search=a%00b',
      'status=pending',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/orders/admin/orders?${query}`,
        headers: authAs(t.app, admin),
      });
      expect([200, 400], `${query} → ${res.body}`).toContain(res.statusCode);
    }
  });
});
