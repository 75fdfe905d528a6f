import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersTable } from '../../platform/db/schema.js';
import { authAs, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createOrder } from '../../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';

/**
 * The vendor's order list counts a page's total up to a bound (docs/decisions/0027):
 * exact up to `LIST_COUNT_BOUND`, then the bound with `totalRelation: 'gte'`. The app is
 * built with the bound lowered to 5 (and the unpaged list's to 8), so a dozen orders
 * reach both; the pages themselves must not change.
 */

const BOUND = 5;
const UNPAGED = 8;

type Status = OrdersTable['status'];

interface Row {
  id: number;
  trackingNumber: string;
  status: Status;
  createdAt: string;
}

let t: TestApp;
let vendor: FixtureUser;
const orders: Row[] = [];

const statuses: Status[] = ['Order Placed', 'Packaging', 'On The Road', 'Delivered'];

beforeAll(async () => {
  t = await createTestApp({ LIST_COUNT_BOUND: String(BOUND), UNPAGED_LIST_LIMIT: String(UNPAGED) });
  const made = await createVendor(t.db, { businessName: 'Bound Traders' });
  vendor = made;
  const kettle = await createOwnedProduct(t.db, made.vendorId, { name: 'Bound Kettle' });
  // 12 orders of the vendor's kettle, one a day (two pairs share a time): the first 7
  // have 'BND' in their tracking number, the last 5 'XYZ'.
  for (let i = 1; i <= 12; i++) {
    const day = i === 6 ? 5 : i === 11 ? 10 : i;
    const row = {
      trackingNumber: `HT2610${String(day).padStart(2, '0')}${i <= 7 ? 'BND' : 'XYZ'}${String(i).padStart(3, '0')}`,
      status: statuses[i % statuses.length] as Status,
      createdAt: new Date(Date.UTC(2026, 9, day, 10)).toISOString(),
    };
    const order = await createOrder(t.db, {
      ...row,
      history: [],
      lines: [{ productId: kettle.id, productName: 'Bound Kettle', quantity: 1, salePricePaise: 100_000 }],
    });
    orders.push({ ...row, id: order.id });
  }
});
afterAll(() => t.close());

/** The vendor's orders whose tracking number contains `text` (any case), of `status`, newest first. */
function expected(text: string | undefined, status?: Status): string[] {
  return orders
    .filter((o) => status === undefined || o.status === status)
    .filter((o) => text === undefined || o.trackingNumber.toLowerCase().includes(text.toLowerCase()))
    .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1))
    .map((o) => o.trackingNumber);
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authAs(t.app, vendor) });

describe('GET /api/vendor/orders with totals counted up to a bound', () => {
  const vendorPages = async (query: string, want: string[], limit: number) => {
    const total = Math.min(want.length, BOUND);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(
        `/api/vendor/orders?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect({ total: body.total, totalRelation: body.totalRelation }).toEqual({
        total,
        totalRelation: want.length > BOUND ? 'gte' : 'eq',
      });
      seen.push(...body.orders.map((o: { trackingNumber: string }) => o.trackingNumber));
      cursor = body.nextCursor;
    } while (cursor && seen.length <= want.length);
    expect(seen).toEqual(want);
  };

  it('answers the bound and gte past it, the exact total and eq at or under it', async () => {
    await vendorPages('', expected(undefined), 5);
    await vendorPages('&search=bnd', expected('bnd'), 3);
    await vendorPages('&search=xyz', expected('xyz'), 2);
    await vendorPages('&search=nd', expected('nd'), 4);
    await vendorPages('&status=Delivered', expected(undefined, 'Delivered'), 2);
  });

  it('refuses an unpaged list over UNPAGED_LIST_LIMIT with 400 naming limit', async () => {
    const res = await get('/api/vendor/orders');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toHaveProperty('limit');
  });
});
