import type { Product } from '@haat/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDb } from '../../platform/db/create-db.js';
import { authAs, createAdmin, type FixtureUser } from '../../test/fixtures.js';
import { editBodyOf } from '../../test/product-bodies.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 23, 'Checkouts deadlock on PostgreSQL': 150 concurrent checkouts of
 * overlapping carts of 2–3 shared products answered 17 × 500 on one process and 4 × 500
 * over two (`deadlock detected`, 40P01), because the `catalog_version` trigger locked
 * that row between one product row and the next; an admin's product edit during them
 * got 500 once in 8. Two API processes (two apps over two connection pools of one
 * PostgreSQL database) take 150 racing multi-product checkouts in shuffled line order
 * and 16 admin edits of the same products at once: no answer is a 5xx, every checkout
 * that answered 201 is one stored order, and the stock left is what they took.
 */

const PRODUCTS = 5;
const CHECKOUTS = 150;
const EDITS = 16;
const STOCK = 100_000;

let t: TestApp;
let sibling: FastifyInstance;
let admin: FixtureUser;
const productIds: number[] = [];

/** A fixed-seed pseudo-random sequence (mulberry32), so every run races the same carts. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '1000000' });
  const database = createDb(t.config.databaseUrl, { poolSize: 4 });
  sibling = await buildApp({ config: t.config, database, webRoot: null, logger: false });
  sibling.addHook('onClose', () => database.close());
  await sibling.ready();
  admin = await createAdmin(t.db);
  const now = new Date().toISOString();
  const category = await t.db
    .insertInto('categories')
    .values({ name: 'Race', imageUrl: 'https://img.example.test/c.jpg', createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let n = 1; n <= PRODUCTS; n += 1) {
    const row = await t.db
      .insertInto('products')
      .values({
        vendorId: null,
        categoryId: category.id,
        subcategoryId: null,
        name: `Race product ${n}`,
        productDetails: 'Details',
        brand: 'Unknown',
        color: null,
        sku: `RACE-${n}`,
        model: null,
        warrantyPeriod: 'No Warranty',
        salePricePaise: 10_000,
        actualPricePaise: 12_000,
        manufacturer: null,
        stockQuantity: STOCK,
        status: 'active',
        approvalStatus: 'approved',
        reviewedBy: null,
        reviewedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    productIds.push(row.id);
  }
}, 60_000);
afterAll(async () => {
  await sibling?.close();
  await t?.close();
});

describe('racing multi-product checkouts on PostgreSQL (issue 23)', () => {
  it('150 overlapping checkouts and 16 admin edits over two processes answer no 5xx', async () => {
    const next = random(20261201);
    const carts = Array.from({ length: CHECKOUTS }, () => {
      // 2 or 3 distinct products, listed in a shuffled order.
      const chosen = [...productIds].sort(() => next() - 0.5).slice(0, next() < 0.5 ? 2 : 3);
      return chosen.map((product) => ({ product, quantity: 1 + Math.floor(next() * 3) }));
    });
    const apps = [t.app, sibling];
    const checkouts = carts.map((items, i) =>
      (apps[i % 2] as FastifyInstance).inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          items,
          billingInfo: {
            fullName: 'Racing Shopper',
            email: `racer${i % 10}@example.test`,
            phone: '+91 90000 00000',
            note: '',
            address: { fullAddress: '12 Lake Road', city: 'Pune', province: 'Maharashtra' },
          },
          paymentMethod: 'Cash on Delivery',
        }),
      }),
    );
    const products = await Promise.all(
      productIds.map(async (id) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().product),
    );
    const edits = Array.from({ length: EDITS }, (_, i) => {
      const product = products[i % PRODUCTS] as Product;
      // No version: each edit is taken whatever sold meanwhile, so all of them write.
      const { updatedAt: _version, ...body } = editBodyOf(product, {
        name: `Race product ${(i % PRODUCTS) + 1} v${i}`,
      });
      return (apps[(i + 1) % 2] as FastifyInstance).inject({
        method: 'PUT',
        url: `/api/products/edit/${product._id}`,
        headers: authAs(t.app, admin),
        payload: { ...body, stockQuantity: STOCK },
      });
    });
    const answers: LightMyRequestResponse[] = await Promise.all([...checkouts, ...edits]);

    const serverErrors = answers.filter((res) => res.statusCode >= 500).map((res) => `${res.statusCode} ${res.body}`);
    expect(serverErrors).toEqual([]);
    const checkoutCodes = answers.slice(0, CHECKOUTS).map((res) => res.statusCode);
    // A checkout is placed (201) or, if it still lost a race after its retries, told to retry (409/503).
    expect(checkoutCodes.every((code) => [201, 409, 503].includes(code))).toBe(true);
    const placed = checkoutCodes.filter((code) => code === 201).length;
    expect(placed).toBeGreaterThan(CHECKOUTS * 0.9);
    const orders = await t.db.selectFrom('orders').select('id').execute();
    expect(orders).toHaveLength(placed);
    const editCodes = answers.slice(CHECKOUTS).map((res) => res.statusCode);
    expect(editCodes.every((code) => [200, 409, 503].includes(code))).toBe(true);
  }, 120_000);
});
