import { bulkMessages, contactMessages, orderStatusMessages, vendorMessages } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../test/fixtures.js';
import { createOrder } from '../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Issue 26 'Bulk actions' on orders, contact messages and vendors: each selected record
 * goes through its single action, and the answer says how many were done and why each
 * refused one was not. (Products have their own file: products/product-bulk.test.ts.)
 */

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
});
afterAll(() => t.close());

function post(url: string, payload: unknown, as: FixtureUser | null = admin) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(as ? authAs(t.app, as) : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

const orderOf = (id: number) =>
  t.db.selectFrom('orders').select(['status', 'updatedAt']).where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/orders/admin/bulk', () => {
  it('moves each order to its next status, refusing delivered, cancelled, missing and changed ones', async () => {
    const placed = await createOrder(t.db);
    const packed = await createOrder(t.db, { status: 'Packaging' });
    const delivered = await createOrder(t.db, { status: 'Delivered' });
    const cancelled = await createOrder(t.db, { status: 'Cancelled' });
    const changed = await createOrder(t.db);
    const shown = [placed, packed, delivered, cancelled, changed].map((order) => order.createdAt);
    await t.db
      .updateTable('orders')
      .set({ updatedAt: new Date(Date.now() + 5_000).toISOString() })
      .where('id', '=', changed.id)
      .execute();
    const ids = [placed, packed, delivered, cancelled, changed].map((order) => String(order.id));

    const res = await post('/api/orders/admin/bulk', {
      action: 'advance',
      ids: [...ids, '2147483000'],
      versions: [...shown, new Date().toISOString()],
      notes: 'Packed in the morning batch',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '2 moved to their next status, 4 skipped',
      done: 2,
      refused: [
        { _id: String(delivered.id), message: orderStatusMessages.alreadyDelivered },
        { _id: String(cancelled.id), message: orderStatusMessages.cancelled },
        { _id: String(changed.id), message: bulkMessages.changedSince },
        { _id: '2147483000', message: bulkMessages.notFound },
      ],
    });
    expect((await orderOf(placed.id)).status).toBe('Packaging');
    expect((await orderOf(packed.id)).status).toBe('On The Road');
    expect((await orderOf(changed.id)).status).toBe('Order Placed');
    const history = await t.db
      .selectFrom('orderStatusHistory')
      .select(['status', 'notes', 'changedBy'])
      .where('orderId', '=', placed.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ status: 'Packaging', notes: 'Packed in the morning batch', changedBy: admin.id });
  });

  it('is for admins, and refuses a bad body changing nothing', async () => {
    const order = await createOrder(t.db);
    expect(
      (await post('/api/orders/admin/bulk', { action: 'advance', ids: [String(order.id)] }, null)).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/orders/admin/bulk', { action: 'advance', ids: [String(order.id)] }, vendor)).statusCode,
    ).toBe(403);
    for (const body of [
      null,
      { action: 'advance' },
      { action: 'advance', ids: [] },
      { action: 'rewind', ids: [String(order.id)] },
      { action: 'advance', ids: [String(order.id)], versions: [] },
      { action: 'advance', ids: Array.from({ length: 1001 }, (_, i) => String(i + 1)) },
    ]) {
      const res = await post('/api/orders/admin/bulk', body);
      expect(res.statusCode, JSON.stringify(body)?.slice(0, 60)).toBe(400);
    }
    expect((await orderOf(order.id)).status).toBe('Order Placed');
  });

  it('two bulk moves racing over the same orders move each one step, not two', async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => createOrder(t.db)));
    const ids = orders.map((order) => String(order.id));
    const versions = orders.map((order) => order.createdAt);
    const answers = await Promise.all([
      post('/api/orders/admin/bulk', { action: 'advance', ids, versions }),
      post('/api/orders/admin/bulk', { action: 'advance', ids: [...ids].reverse(), versions: [...versions].reverse() }),
    ]);
    const [first, second] = answers.map((answer) => answer.json());
    expect(first.done + second.done).toBe(8);
    for (const order of orders) expect((await orderOf(order.id)).status).toBe('Packaging');
  });
});

describe('POST /api/contacts/bulk', () => {
  async function contact(): Promise<number> {
    const res = await post(
      '/api/contacts',
      { name: 'Bulk Sender', email: 'bulk@example.test', message: 'Hello there' },
      null,
    );
    return Number(res.json().contact._id);
  }

  it('marks messages handled and deletes them, refusing those already so', async () => {
    const [a, b] = [await contact(), await contact()];
    const handled = await post('/api/contacts/bulk', { action: 'mark-handled', ids: [String(a), String(b)] });
    expect(handled.json()).toMatchObject({ message: '2 marked handled', done: 2, refused: [] });
    const again = await post('/api/contacts/bulk', { action: 'mark-handled', ids: [String(a)] });
    expect(again.json()).toMatchObject({
      message: '0 marked handled, 1 skipped',
      refused: [{ _id: String(a), message: contactMessages.alreadyHandled }],
    });
    const back = await post('/api/contacts/bulk', { action: 'mark-waiting', ids: [String(b)] });
    expect(back.json()).toMatchObject({ message: '1 marked not handled', done: 1 });
    const deleted = await post('/api/contacts/bulk', { action: 'delete', ids: [String(a), String(b)] });
    expect(deleted.json()).toMatchObject({ message: '2 deleted', done: 2 });
    const left = await t.db.selectFrom('contacts').select('id').where('id', 'in', [a, b]).execute();
    expect(left).toEqual([]);
    expect((await post('/api/contacts/bulk', { action: 'delete', ids: [String(a)] }, vendor)).statusCode).toBe(403);
  });
});

describe('POST /api/vendors/bulk', () => {
  it('approves the vendors awaiting approval and skips the rest; rejecting ends their sessions', async () => {
    const waiting = await createVendor(t.db, { status: 'pending' });
    const other = await createVendor(t.db, { status: 'pending' });
    const approvedAlready = await createVendor(t.db);
    const res = await post('/api/vendors/bulk', {
      action: 'approve',
      ids: [waiting.vendorId, approvedAlready.vendorId].map(String),
    });
    expect(res.json()).toEqual({
      success: true,
      message: '1 approved, 1 skipped',
      done: 1,
      refused: [{ _id: String(approvedAlready.vendorId), message: vendorMessages.notAwaitingApproval }],
    });
    const rejected = await post('/api/vendors/bulk', { action: 'reject', ids: [String(other.vendorId)] });
    expect(rejected.json()).toMatchObject({ message: '1 rejected', done: 1 });
    const statuses = await t.db
      .selectFrom('vendors')
      .select(['id', 'status'])
      .where('id', 'in', [waiting.vendorId as number, other.vendorId as number])
      .orderBy('id')
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['approved', 'rejected']);
    const log = await t.db
      .selectFrom('activityLog')
      .select('action')
      .where('recordKind', '=', 'vendor')
      .where('recordId', '=', other.vendorId as number)
      .execute();
    expect(log).toEqual([{ action: 'reject' }]);
  });
});
