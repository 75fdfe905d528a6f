import type { Order } from '@haat/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { approveKyc } from '../../test/kyc-fixtures.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Decision 0152's property, on SQLite and PostgreSQL: an order of random lines (prices
 * that do not divide evenly, a coupon or not, a seller across states and one within),
 * some of whose units are cancelled before they ship in random steps, is delivered and
 * then returned in random partial steps (some refunded less a restocking fee), the last
 * step returning whatever is left. After every return, per line:
 * - its credit notes' taxable value equals the supplies returned in the tax register
 *   (GSTR-8's "supplies returned"), to the paisa;
 * - its invoices' taxable value equals the supplies the register booked with the sale
 *   less those its cancellations gave back;
 * and once every unit is back, its credit notes equal its invoices in taxable value,
 * CGST, SGST and IGST, and the credit notes with the cancellations' give-backs add up to
 * the figures frozen at checkout.
 */

let t: TestApp;
let admin: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let products: number[] = [];
let couponCode = '';

const step = fc.record({ line: fc.nat(), units: fc.integer({ min: 1, max: 4 }), fee: fc.boolean() });
const scenario = fc.record({
  lines: fc.uniqueArray(fc.record({ product: fc.nat(3), quantity: fc.integer({ min: 1, max: 6 }) }), {
    minLength: 1,
    maxLength: 3,
    selector: (line) => line.product,
  }),
  coupon: fc.boolean(),
  cancels: fc.array(step, { maxLength: 3 }),
  returns: fc.array(step, { maxLength: 5 }),
});

type Figures = { taxable: number; cgst: number; sgst: number; igst: number };

/** Per order line, the sums of its invoices' and credit notes' lines. */
async function documented(orderId: number, kind: 'invoice' | 'credit_note'): Promise<Map<number, Figures>> {
  const rows = await t.db
    .selectFrom('taxDocumentLines as l')
    .innerJoin('taxDocuments as d', 'd.id', 'l.documentId')
    .select([
      'l.orderItemId',
      sql<number>`sum(l.taxable_paise)`.as('taxable'),
      sql<number>`sum(l.cgst_paise)`.as('cgst'),
      sql<number>`sum(l.sgst_paise)`.as('sgst'),
      sql<number>`sum(l.igst_paise)`.as('igst'),
    ])
    .where('d.orderId', '=', orderId)
    .where('d.kind', '=', kind)
    .groupBy('l.orderItemId')
    .execute();
  return new Map(
    rows.map((row) => [
      row.orderItemId,
      { taxable: Number(row.taxable), cgst: Number(row.cgst), sgst: Number(row.sgst), igst: Number(row.igst) },
    ]),
  );
}

/** Per order line and register event, the supplies booked (sale +, cancellation and refund −). */
async function registered(orderId: number): Promise<Map<number, Record<string, number>>> {
  const rows = await t.db
    .selectFrom('taxDeductions')
    .select(['orderItemId', 'event', sql<number>`sum(supplies_paise)`.as('supplies')])
    .where('orderId', '=', orderId)
    .groupBy(['orderItemId', 'event'])
    .execute();
  const byLine = new Map<number, Record<string, number>>();
  for (const row of rows) {
    const line = byLine.get(row.orderItemId) ?? { sale: 0, cancellation: 0, refund: 0 };
    line[row.event] = Number(row.supplies);
    byLine.set(row.orderItemId, line);
  }
  return byLine;
}

const none: Figures = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };

async function check(order: Order, everythingBack: boolean): Promise<void> {
  const orderId = Number(order._id);
  const [invoices, notes, register, frozen] = await Promise.all([
    documented(orderId, 'invoice'),
    documented(orderId, 'credit_note'),
    registered(orderId),
    t.db.selectFrom('orderItemTaxes').selectAll().where('orderId', '=', orderId).execute(),
  ]);
  expect(frozen).toHaveLength(order.products.length);
  const vendorLines = new Set(order.products.filter((line) => line.vendor).map((line) => Number(line._id)));
  let cancelled = 0;
  for (const tax of frozen) {
    const id = tax.orderItemId;
    const credited = notes.get(id) ?? none;
    const invoiced = invoices.get(id) ?? none;
    if (everythingBack) expect(credited, `line ${id}: all credited`).toEqual(invoiced);
    // The store's own lines have no TCS register (it collects none on its own sales): their cancellations by units.
    if (!vendorLines.has(id)) {
      if (everythingBack) cancelled += Number(tax.taxablePaise) - invoiced.taxable;
      continue;
    }
    const booked = register.get(id) ?? { sale: 0, cancellation: 0, refund: 0 };
    cancelled -= booked.cancellation ?? 0;
    expect(booked.sale, `line ${id} sale`).toBe(Number(tax.taxablePaise));
    expect(credited.taxable, `line ${id}: credit notes = supplies returned`).toBe(0 - (booked.refund ?? 0));
    expect(invoiced.taxable, `line ${id}: invoiced = sold less cancelled`).toBe(
      (booked.sale ?? 0) + (booked.cancellation ?? 0),
    );
    if (everythingBack) expect(Object.values(booked).reduce((sum, supplies) => sum + supplies, 0)).toBe(0);
  }
  if (everythingBack) {
    // The credit notes and the cancellations' give-backs are the frozen figures, over the order.
    const total = frozen.reduce((sum, tax) => sum + Number(tax.taxablePaise), 0);
    const credited = [...notes.values()].reduce((sum, figures) => sum + figures.taxable, 0);
    expect(credited + cancelled).toBe(total);
  }
}

/** The units of each line still kept. */
const keptOf = (order: Order) =>
  order.products.map((line) => line.quantity - line.cancelledQuantity - line.returnedQuantity);

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000000' });
  admin = await createAdmin(t.db);
  kit = storeKit(t, admin);
  const across = await createVendor(t.db);
  const within = await createVendor(t.db);
  await approveKyc(t.db, across.vendorId as number, '29'); // Karnataka to Maharashtra: IGST
  await approveKyc(t.db, within.vendorId as number, '27'); // within Maharashtra: CGST + SGST
  products = [
    await kit.product(33_333, 1_000_000, across.vendorId),
    await kit.product(129_999, 1_000_000, within.vendorId),
    await kit.product(7_001, 1_000_000, null),
    await kit.product(45_557, 1_000_000, within.vendorId),
  ];
  couponCode = (await kit.coupon(15)).code;
});
afterAll(() => t.close());

describe('credit notes, the register and the invoices agree to the paisa (decision 0152)', () => {
  it('over random partial cancellations and returns of random lines', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ lines, coupon, cancels, returns }) => {
        let order = await kit.placed(
          lines.map((line) => ({ product: products[line.product] as number, quantity: line.quantity })),
          coupon ? couponCode : undefined,
        );
        // Cancellations before shipping, each line keeping a unit (the order stays to ship).
        for (const cancel of cancels) {
          const index = cancel.line % order.products.length;
          const line = order.products[index];
          const left = keptOf(order)[index] ?? 0;
          if (!line || left <= 1) continue;
          const res = await kit.cancel(admin, order._id, {
            reason: 'Property test',
            items: [{ itemId: line._id, quantity: Math.min(cancel.units, left - 1) }],
            updatedAt: order.updatedAt,
          });
          expect(res.statusCode, res.body).toBe(200);
          order = await kit.read(order._id);
        }
        order = await kit.deliver(order._id);
        await check(order, false);
        // Returns in partial steps; the last returns what is left.
        const steps = [
          ...returns.map((each) => ({ ...each, rest: false })),
          { line: 0, units: 0, fee: false, rest: true },
        ];
        for (const each of steps) {
          const kept = keptOf(order);
          const items = each.rest
            ? order.products
                .map((line, index) => ({ itemId: line._id, quantity: kept[index] ?? 0 }))
                .filter((item) => item.quantity > 0)
            : (() => {
                const index = each.line % order.products.length;
                const left = kept[index] ?? 0;
                const line = order.products[index];
                return line && left > 0 ? [{ itemId: line._id, quantity: Math.min(each.units, left) }] : [];
              })();
          if (items.length === 0) continue;
          // A restocking fee: the refund is a third of one unit's price, the credit is not lowered.
          const first = order.products.find((line) => line._id === items[0]?.itemId);
          const refund = each.fee && first ? Math.floor(Math.round(first.salePrice * 100) / 3) / 100 : undefined;
          const res = await kit.recordReturn(admin, order._id, {
            items,
            reason: 'other',
            restock: false,
            updatedAt: order.updatedAt,
            ...(refund === undefined ? {} : { refundAmount: refund }),
          });
          expect(res.statusCode, res.body).toBe(201);
          order = await kit.read(order._id);
          await check(order, each.rest);
        }
      }),
      { numRuns: 20 },
    );
  }, 180_000);
});
