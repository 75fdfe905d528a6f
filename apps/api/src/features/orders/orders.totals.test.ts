import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersTable } from '../../platform/db/schema.js';
import { authAs, createAdmin, type FixtureUser } from '../../test/fixtures.js';
import { createOrder } from '../../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The order lists count a page's total up to a bound (docs/decisions/0027): exact up to
 * `LIST_COUNT_BOUND`, then the bound with `totalRelation: 'gte'`. The app here is built
 * with the bound lowered to 5 (and the unpaged list's to 8), so a dozen orders reach
 * both, on every way a search is answered: SQLite's FTS5 phrase (3+ characters), its
 * 2-character terms and LIKE (1 character); PostgreSQL's trigram indexes and ILIKE. The
 * pages themselves must not change: the same orders, newest first, to the last page.
 * (The vendor's order list: `features/vendors/vendor-orders.totals.test.ts`.)
 */

const BOUND = 5;
const UNPAGED = 8;

type Status = OrdersTable['status'];

interface Row {
  id: number;
  trackingNumber: string;
  billingEmail: string;
  status: Status;
  createdAt: string;
}

let t: TestApp;
let admin: FixtureUser;
const orders: Row[] = [];

const statuses: Status[] = ['Order Placed', 'Packaging', 'On The Road', 'Delivered'];

beforeAll(async () => {
  t = await createTestApp({ LIST_COUNT_BOUND: String(BOUND), UNPAGED_LIST_LIMIT: String(UNPAGED) });
  admin = await createAdmin(t.db);
  // 12 orders, one a day: the first 7 have 'BND' in their tracking number, the last 5
  // 'XYZ'; the e-mails of orders 3..7 start with 'five'. Two pairs share a time (ties).
  for (let i = 1; i <= 12; i++) {
    const day = i === 6 ? 5 : i === 11 ? 10 : i;
    const row = {
      trackingNumber: `HT2610${String(day).padStart(2, '0')}${i <= 7 ? 'BND' : 'XYZ'}${String(i).padStart(3, '0')}`,
      billingEmail: i >= 3 && i <= 7 ? `five.${i}@example.test` : `buyer.${i}@example.test`,
      status: statuses[i % statuses.length] as Status,
      createdAt: new Date(Date.UTC(2026, 9, day, 10)).toISOString(),
    };
    const made = await createOrder(t.db, {
      ...row,
      userId: null,
      history: [],
    });
    orders.push({ ...row, id: made.id });
  }
});
afterAll(() => t.close());

const newestFirst = (a: Row, b: Row) =>
  a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1;

/** The orders the list must answer for `text` (any case) and `status`, newest first. */
function expected(text: string | undefined, status?: Status): string[] {
  const lower = text?.toLowerCase();
  return orders
    .filter((o) => status === undefined || o.status === status)
    .filter(
      (o) =>
        lower === undefined ||
        o.trackingNumber.toLowerCase().includes(lower) ||
        o.billingEmail.toLowerCase().includes(lower),
    )
    .sort(newestFirst)
    .map((o) => o.trackingNumber);
}

async function get(url: string, user: FixtureUser = admin) {
  const res = await t.app.inject({ method: 'GET', url, headers: authAs(t.app, user) });
  return res;
}

/**
 * Pages through `base` with `limit`, expecting every page to answer the total `want`
 * implies (the bound and 'gte' past it, else the exact count and 'eq') and the pages
 * together to hold `want`, in order.
 */
async function expectPages(base: string, want: string[], limit: number) {
  const total = Math.min(want.length, BOUND);
  const totalRelation = want.length > BOUND ? 'gte' : 'eq';
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(`${base}${base.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect({ total: body.total, totalRelation: body.totalRelation }, `${base} after ${seen.length}`).toEqual({
      total,
      totalRelation,
    });
    seen.push(...body.orders.map((o: { trackingNumber: string }) => o.trackingNumber));
    cursor = body.nextCursor ? encodeURIComponent(body.nextCursor) : null;
  } while (cursor && seen.length <= want.length);
  expect(seen, `${base} in pages of ${limit}`).toEqual(want);
}

const list = (query: Record<string, string>) => `/api/orders/admin/orders?${new URLSearchParams(query).toString()}`;

describe('GET /api/orders/admin/orders with totals counted up to a bound', () => {
  it('answers the bound and gte for an unsearched list past it, and still pages to the end', async () => {
    expect(expected(undefined)).toHaveLength(12);
    for (const limit of [2, 5, 50]) await expectPages(list({}), expected(undefined), limit);
  });

  it('answers the exact total and eq for a status at or under the bound', async () => {
    for (const status of statuses) {
      const want = expected(undefined, status);
      expect(want.length).toBeLessThanOrEqual(BOUND);
      await expectPages(list({ status }), want, 2);
    }
  });

  it('answers the bound and gte for a searched list past it (3+ characters), with the same pages', async () => {
    expect(expected('bnd')).toHaveLength(7);
    for (const limit of [2, 50]) await expectPages(list({ search: 'bnd' }), expected('bnd'), limit);
    await expectPages(list({ search: 'HT2610' }), expected('HT2610'), 3);
  });

  it('answers exact totals and eq for searches matching exactly the bound and fewer', async () => {
    expect(expected('five')).toHaveLength(BOUND);
    await expectPages(list({ search: 'five' }), expected('five'), 2);
    expect(expected('xyz')).toHaveLength(5);
    await expectPages(list({ search: 'xyz' }), expected('xyz'), 4);
    expect(expected('xyz01')).toHaveLength(3);
    await expectPages(list({ search: 'xyz01' }), expected('xyz01'), 50);
    await expectPages(list({ search: 'nowhere' }), [], 50);
  });

  it('counts up to the bound for 2-character and 1-character texts too', async () => {
    for (const text of ['bn', 'HT', 'b', '1']) {
      expect(expected(text).length, text).toBeGreaterThan(BOUND);
      await expectPages(list({ search: text }), expected(text), 3);
    }
    expect(expected('nd', 'Delivered').length).toBeLessThanOrEqual(BOUND);
    await expectPages(list({ search: 'nd', status: 'Delivered' }), expected('nd', 'Delivered'), 1);
  });

  it('combines a search past the bound with a status under it', async () => {
    const want = expected('ht', 'Packaging');
    expect(want.length).toBeGreaterThan(0);
    await expectPages(list({ search: 'ht', status: 'Packaging' }), want, 2);
  });

  it('refuses an unpaged list over UNPAGED_LIST_LIMIT with 400 naming limit, and answers one under it', async () => {
    for (const query of [{}, { search: 'ht' }, { search: 'h' }] as Record<string, string>[]) {
      const res = await get(list(query));
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().errors).toHaveProperty('limit');
    }
    const res = await get(list({ search: 'bnd' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orders.map((o: { trackingNumber: string }) => o.trackingNumber)).toEqual(expected('bnd'));
    expect(res.json()).not.toHaveProperty('total');
  });
});
