import type { Order, Shipment } from '@haat/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDb } from '../../platform/db/create-db.js';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { deriveOrderStatus } from './shipments.service.js';

/**
 * Issue 34, 'two vendors and an admin racing on one order lose nothing': on two API
 * processes (two apps over two connection pools of one PostgreSQL database), for each of
 * several orders holding both vendors' products, vendor A dispatches part of their units
 * and then the rest, vendor B cancels one unit and ships the others, and an admin moves
 * the order with the spec's order-status call, all at once. A move refused as stale (409)
 * is read again and retried. No answer is a 5xx; afterwards every line's units are in
 * its shipments or cancelled, the stock is what was sold less what was cancelled, each
 * order's status is its shipments' least advanced, and each vendor's balances are the
 * sum of their ledger entries.
 */

const ORDERS = 6;
const STOCK = 1_000;

let t: TestApp;
let sibling: FastifyInstance;
let admin: FixtureUser;
let vendorA: FixtureUser;
let vendorB: FixtureUser;
let kit: ReturnType<typeof storeKit>;
const answers: LightMyRequestResponse[] = [];

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000000' });
  const database = createDb(t.config.databaseUrl, { poolSize: 4 });
  sibling = await buildApp({ config: t.config, database, webRoot: null, logger: false });
  sibling.addHook('onClose', () => database.close());
  await sibling.ready();
  admin = await createAdmin(t.db);
  vendorA = await createVendor(t.db);
  vendorB = await createVendor(t.db);
  kit = storeKit(t, admin);
});
afterAll(async () => {
  await sibling.close();
  await t.close();
});

/** One call on one of the two processes (by `n`), recorded. */
async function call(n: number, method: 'GET' | 'PUT' | 'POST', url: string, as: FixtureUser, payload?: unknown) {
  const app = n % 2 === 0 ? t.app : sibling;
  const res = await app.inject({
    method,
    url,
    headers: { ...authAs(app, as), 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  answers.push(res);
  return res;
}

/** The vendor's shipments of the order not yet on the road, as they read them now. */
async function openShipments(n: number, vendor: FixtureUser, orderId: string): Promise<Shipment[]> {
  const res = await call(n, 'GET', `/api/vendor/orders/${orderId}`, vendor);
  const shipments = (res.json().order.shipments ?? []) as Shipment[];
  return shipments.filter((s) => s.status === 'Order Placed' || s.status === 'Packaging');
}

/** Retries `attempt` while it answers 409 (someone moved the order meanwhile), at most 20 times. */
async function retrying(attempt: () => Promise<LightMyRequestResponse | null>) {
  for (let tries = 0; tries < 20; tries += 1) {
    const res = await attempt();
    if (res === null || res.statusCode !== 409) return res;
  }
  return null;
}

describe('two vendors and an admin racing on one order (PostgreSQL, two processes)', () => {
  it('lose nothing: units, stock, derived status and ledger reconcile', async () => {
    const a = await kit.product(40_000, STOCK, vendorA.vendorId);
    const b = await kit.product(25_000, STOCK, vendorB.vendorId);
    const orders: Order[] = [];
    for (let i = 0; i < ORDERS; i += 1)
      orders.push(
        await kit.placed([
          { product: a, quantity: 3 },
          { product: b, quantity: 3 },
        ]),
      );

    await Promise.all(
      orders.flatMap((order, i) => {
        const lineA = order.products.find((line) => line.product._id === String(a))?._id as string;
        const lineB = order.products.find((line) => line.product._id === String(b))?._id as string;
        const vendorAWork = async () => {
          // Part of the units, then the rest.
          await retrying(async () => {
            const [open] = await openShipments(i, vendorA, order._id);
            if (!open) return null;
            return call(i, 'PUT', `/api/vendor/shipments/${open._id}/status`, vendorA, {
              status: 'On The Road',
              carrier: 'Delhivery',
              awb: `RA${i}000001`,
              items: [{ itemId: lineA, quantity: 2 }],
              updatedAt: open.updatedAt,
            });
          });
          await retrying(async () => {
            const [open] = await openShipments(i + 1, vendorA, order._id);
            if (!open) return null;
            return call(i + 1, 'PUT', `/api/vendor/shipments/${open._id}/status`, vendorA, {
              status: 'On The Road',
              carrier: 'Delhivery',
              awb: `RA${i}000002`,
              updatedAt: open.updatedAt,
            });
          });
        };
        const vendorBWork = async () => {
          await call(i + 1, 'POST', `/api/vendor/orders/${order._id}/cancel`, vendorB, {
            items: [{ itemId: lineB, quantity: 1 }],
            reason: 'One short',
          });
          await retrying(async () => {
            const [open] = await openShipments(i, vendorB, order._id);
            if (!open) return null;
            return call(i, 'PUT', `/api/vendor/shipments/${open._id}/status`, vendorB, {
              status: 'On The Road',
              carrier: 'DTDC',
              awb: `RB${i}000001`,
              updatedAt: open.updatedAt,
            });
          });
        };
        const adminWork = () =>
          call(i, 'PUT', '/api/orders/admin/order-status', admin, { orderId: order._id, status: 'Packaging' });
        return [vendorAWork(), vendorBWork(), adminWork()];
      }),
    );

    expect(answers.filter((res) => res.statusCode >= 500).map((res) => res.body)).toEqual([]);
    const ids = orders.map((order) => Number(order._id));

    // Every line's units are in its shipments or cancelled.
    const lines = await t.db
      .selectFrom('orderItems')
      .select(['id', 'productId', 'quantity', 'cancelledQuantity'])
      .where('orderId', 'in', ids)
      .execute();
    const held = await t.db
      .selectFrom('shipmentItems')
      .select(['orderItemId', 'quantity'])
      .where(
        'orderItemId',
        'in',
        lines.map((line) => line.id),
      )
      .execute();
    for (const line of lines) {
      const units = held.filter((row) => row.orderItemId === line.id).reduce((sum, row) => sum + row.quantity, 0);
      expect(units, `line ${line.id}`).toBe(line.quantity - line.cancelledQuantity);
    }
    // The stock is what was sold less what was cancelled.
    for (const product of [a, b]) {
      const sold = lines
        .filter((line) => line.productId === product)
        .reduce((sum, line) => sum + line.quantity - line.cancelledQuantity, 0);
      expect(await kit.stock(product)).toBe(STOCK - sold);
    }
    expect(lines.filter((line) => line.productId === b).every((line) => line.cancelledQuantity === 1)).toBe(true);
    // Each order's status is its shipments' least advanced; vendor A's units all went.
    for (const order of orders) {
      const read = await kit.read(order._id);
      expect(read.status).toBe(deriveOrderStatus((read.shipments ?? []).map((s) => s.status)));
      const ofA = (read.shipments ?? []).filter((s) => s.vendor?._id === String(vendorA.vendorId));
      expect(ofA.every((s) => s.status === 'On The Road')).toBe(true);
      expect(ofA.reduce((sum, s) => sum + s.items.reduce((u, item) => u + item.quantity, 0), 0)).toBe(3);
    }
    // Each vendor's balances are the sum of their entries.
    for (const vendor of [vendorA, vendorB]) {
      const entries = await t.db
        .selectFrom('vendorLedgerEntries')
        .select((eb) => eb.fn.sum<number>('amountPaise').as('total'))
        .where('vendorId', '=', vendor.vendorId as number)
        .executeTakeFirstOrThrow();
      const balance = await t.db
        .selectFrom('vendorBalances')
        .select(['pendingPaise', 'availablePaise'])
        .where('vendorId', '=', vendor.vendorId as number)
        .executeTakeFirstOrThrow();
      expect(Number(balance.pendingPaise) + Number(balance.availablePaise)).toBe(Number(entries.total));
    }
  });
});
