import type { Order } from '@haat/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { panFor } from '../../test/kyc-fixtures.js';
import { moneyKit } from '../../test/money-kit.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { percentHalfUp, TDS_INDIVIDUAL_LIMIT_PAISE } from './deductions.js';

/**
 * Decision 0148's Rs. 5 lakh relief and its catch-up, as a property over HTTP on SQLite
 * and PostgreSQL: a resident individual seller (a `P` PAN, fresh each run) sells units
 * worth Rs 50,000 to Rs 2 lakh of taxable value in random orders, some cancelled or
 * returned in part; after every step, per line, the TDS kept (its `tds` entries) equals
 * its register rows' TDS, and is 0.1% (half up) of the taxable part of the earning the
 * line keeps once the year's gross sales have passed Rs 5 lakh, nothing before; and the
 * seller's balances are the sum of their entries.
 */

let t: TestApp;
let admin: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let money: ReturnType<typeof moneyKit>;

/** Prices (paise) whose taxable value at 18% is Rs 50,000, Rs 1 lakh, Rs 1,23,456.78 and Rs 2 lakh a unit. */
const PRICES = [5_900_000, 11_800_000, 14_567_900, 23_600_000];

const step = fc.oneof(
  fc.record({
    kind: fc.constant('sell' as const),
    lines: fc.uniqueArray(fc.record({ product: fc.nat(3), quantity: fc.integer({ min: 1, max: 2 }) }), {
      minLength: 1,
      maxLength: 2,
      selector: (line) => line.product,
    }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(), line: fc.nat() }),
  fc.record({ kind: fc.constant('return' as const), order: fc.nat(), line: fc.nat() }),
);

async function check(vendorId: number, orders: readonly Order[]): Promise<void> {
  const rows = await t.db
    .selectFrom('taxDeductions')
    .select([
      'orderItemId',
      'event',
      sql<number>`sum(tds_base_paise)`.as('base'),
      sql<number>`sum(tds_paise)`.as('tds'),
    ])
    .where('vendorId', '=', vendorId)
    .groupBy(['orderItemId', 'event'])
    .execute();
  const entries = await t.db
    .selectFrom('vendorLedgerEntries')
    .select(['orderItemId', sql<number>`sum(amount_paise)`.as('total')])
    .where('vendorId', '=', vendorId)
    .where('kind', '=', 'tds')
    .groupBy('orderItemId')
    .execute();
  const gross = rows.filter((row) => row.event === 'sale').reduce((sum, row) => sum + Number(row.base), 0);
  const crossed = gross > TDS_INDIVIDUAL_LIMIT_PAISE;
  for (const order of orders)
    for (const line of order.products) {
      const id = Number(line._id);
      const own = rows.filter((row) => row.orderItemId === id);
      const keptBase = own.reduce((sum, row) => sum + Number(row.base), 0);
      const registered = own.reduce((sum, row) => sum + Number(row.tds), 0);
      const entered = 0 - Number(entries.find((entry) => entry.orderItemId === id)?.total ?? 0);
      expect(entered, `line ${id}: ledger = register`).toBe(registered);
      expect(registered, `line ${id}: TDS kept (gross ${gross})`).toBe(crossed ? percentHalfUp(keptBase, 10) : 0);
    }
}

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000000' });
  admin = await createAdmin(t.db);
  kit = storeKit(t, admin);
  money = moneyKit(t, admin);
});
afterAll(() => t.close());

describe('TDS under 194-O for an individual (decision 0148)', () => {
  it('is nothing within Rs 5 lakh and the rate on every line kept once the year passes it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 9 }), async (steps) => {
        const vendor = await createVendor(t.db);
        await money.bank(vendor);
        const vendorId = vendor.vendorId as number;
        // A resident individual: the PAN's fourth letter P.
        const pan = panFor(vendorId);
        await t.db
          .updateTable('vendorKyc')
          .set({ pan: `${pan.slice(0, 3)}P${pan.slice(4)}` })
          .where('vendorId', '=', vendorId)
          .execute();
        const products: number[] = [];
        for (const price of PRICES) products.push(await kit.product(price, 1_000, vendorId));
        const orders: Order[] = [];
        for (const action of steps) {
          if (action.kind === 'sell') {
            orders.push(
              await kit.placed(
                action.lines.map((line) => ({ product: products[line.product] as number, quantity: line.quantity })),
              ),
            );
          } else if (orders.length > 0) {
            const index = action.order % orders.length;
            let order = await kit.read((orders[index] as Order)._id);
            const open = order.products.filter(
              (line) => line.quantity - line.cancelledQuantity - line.returnedQuantity > 0,
            );
            const target = open[action.line % Math.max(open.length, 1)];
            if (target) {
              const items = [{ itemId: target._id, quantity: 1 }];
              if (action.kind === 'cancel' && (order.status === 'Order Placed' || order.status === 'Packaging')) {
                const res = await kit.cancel(admin, order._id, {
                  reason: 'Property test',
                  items,
                  updatedAt: order.updatedAt,
                });
                expect(res.statusCode, res.body).toBe(200);
              }
              if (action.kind === 'return') {
                if (order.status !== 'Delivered') order = await kit.deliver(order._id);
                if (order.status === 'Delivered') {
                  const res = await kit.recordReturn(admin, order._id, {
                    items,
                    reason: 'other',
                    restock: false,
                    updatedAt: order.updatedAt,
                  });
                  expect(res.statusCode, res.body).toBe(201);
                }
              }
            }
            orders[index] = await kit.read(order._id);
          }
          await check(vendorId, orders);
        }
        // The balances are the entries' sum.
        const balances = await money.balances(vendor);
        expect(Math.round((balances.pending + balances.available) * 100)).toBe(Number(await money.ledgerSum(vendorId)));
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
