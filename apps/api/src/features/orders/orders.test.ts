import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authAs, createAdmin, createCustomer, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createOrder, type FixtureOrder } from '../../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;
let meera: FixtureUser;
/** Every order of the file, as inserted. */
const orders: FixtureOrder[] = [];

const get = (url: string, user: Pick<FixtureUser, 'id' | 'role'> | null = admin) =>
  t.app.inject({ method: 'GET', url, headers: user ? authAs(t.app, user) : {} });

/** The inserted orders newest first, as the list sorts them: creation time, then id, descending. */
const newestFirst = (list: FixtureOrder[]) =>
  [...list].sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));

const at = (day: number, hour = 10) => new Date(Date.UTC(2026, 9, day, hour)).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
  meera = await createCustomer(t.db, { name: 'Meera Krishnan', email: 'meera.k@example.test' });

  orders.push(
    await createOrder(t.db, {
      trackingNumber: 'TRK-ALPHA-001',
      userId: meera.id,
      billingFullName: 'Meera K',
      billingEmail: 'billing.meera@example.test',
      status: 'Delivered',
      createdAt: at(1),
      lines: [
        { productName: 'Brass Lamp', quantity: 2, salePricePaise: 149_950 },
        { productName: 'Cotton Rug', quantity: 1, salePricePaise: 99_900, productImage: null },
      ],
      coupon: { code: 'DIWALI10', discountPaise: 39_980 },
      history: [
        { status: 'Order Placed', createdAt: at(1) },
        { status: 'Packaging', notes: 'Packed with care', createdAt: at(2) },
        { status: 'On The Road', createdAt: at(3) },
        { status: 'Delivered', createdAt: at(4) },
      ],
    }),
  );
  orders.push(
    await createOrder(t.db, {
      trackingNumber: 'TRK-BETA-002',
      billingEmail: 'Guest.Buyer@Example.test',
      status: 'Packaging',
      createdAt: at(2),
    }),
  );
  orders.push(await createOrder(t.db, { trackingNumber: 'TRK_GAMMA_003', status: 'On The Road', createdAt: at(3) }));
  // Three orders in the same millisecond: paging must still visit each once.
  for (const suffix of ['A', 'B', 'C']) {
    orders.push(await createOrder(t.db, { trackingNumber: `TRK-TIE-${suffix}`, createdAt: at(5), history: [] }));
  }
  for (let i = 0; i < 7; i++) {
    orders.push(
      await createOrder(t.db, {
        trackingNumber: `TRK-BULK-${String(i).padStart(2, '0')}`,
        status: i % 2 === 0 ? 'Order Placed' : 'Delivered',
        createdAt: at(6 + i),
      }),
    );
  }
});
afterAll(() => t.close());

describe('GET /api/orders/admin/orders', () => {
  it('answers every order newest first, unpaged, as the spec reads it', async () => {
    const res = await get('/api/orders/admin/orders');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['orders', 'success']);
    expect(body.success).toBe(true);
    expect(body.orders.map((o: { trackingNumber: string }) => o.trackingNumber)).toEqual(
      newestFirst(orders).map((o) => o.trackingNumber),
    );
  });

  it('answers an order with its customer, billing, coupon and totals in rupees', async () => {
    const res = await get('/api/orders/admin/orders?search=TRK-ALPHA');
    const [row] = res.json().orders;
    expect(row).toEqual({
      _id: String(orders[0]?.id),
      trackingNumber: 'TRK-ALPHA-001',
      user: { _id: String(meera.id), name: 'Meera Krishnan', email: 'meera.k@example.test' },
      billingInfo: {
        fullName: 'Meera K',
        email: 'billing.meera@example.test',
        phone: '+91 98765 43210',
        note: null,
        address: { fullAddress: expect.any(String), city: 'Kolkata', province: 'West Bengal', postalCode: null },
      },
      paymentMethod: 'Cash on Delivery',
      totalPrice: 3998,
      coupon: { code: 'DIWALI10', discountAmount: 399.8, discountAtPlacement: 399.8, fundedBy: 'vendors' },
      discountedTotal: 3598.2,
      cancelledTotal: 0,
      refundedTotal: 0,
      netTotal: 3598.2,
      pendingCancelRequests: 0,
      status: 'Delivered',
      itemCount: 2,
      createdAt: at(1),
      updatedAt: at(1),
    });
  });

  it('answers user null and coupon null for a guest order without a coupon', async () => {
    const [row] = (await get('/api/orders/admin/orders?search=TRK-BETA')).json().orders;
    expect(row.user).toBeNull();
    expect(row.coupon).toBeNull();
    expect(row.discountedTotal).toBe(row.totalPrice);
  });

  it.each([
    ['part of the tracking number, in any case', 'alpha', ['TRK-ALPHA-001']],
    ['part of the billing e-mail, in any case', 'guest.buyer@EXAMPLE', ['TRK-BETA-002']],
    ["the customer account's e-mail", 'meera.k@', ['TRK-ALPHA-001']],
    ['an underscore literally, not as a wildcard', 'TRK_', ['TRK_GAMMA_003']],
    ['a percent sign literally', 'TRK%', []],
    ['text no order has', 'no-such-order', []],
    // PostgreSQL searches one lower-cased copy of both, joined by U+001F (decision 0029).
    ['never across the tracking number and the billing e-mail', '001\u001fbilling', []],
    ['never across them with a space either', '001 billing', []],
    // It holds the account's e-mail after the billing e-mail (decision 0035).
    ["never across the billing e-mail and the account's e-mail", 'example.test\u001fmeera.k', []],
  ])('searches %s', async (_, search, expected) => {
    const res = await get(`/api/orders/admin/orders?search=${encodeURIComponent(search)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().orders.map((o: { trackingNumber: string }) => o.trackingNumber)).toEqual(expected);
  });

  it('treats a blank search as no search', async () => {
    const res = await get('/api/orders/admin/orders?search=%20%20');
    expect(res.json().orders).toHaveLength(orders.length);
  });

  it.each(['Order Placed', 'Packaging', 'On The Road', 'Delivered'] as const)(
    'filters by status %s',
    async (status) => {
      const res = await get(`/api/orders/admin/orders?status=${encodeURIComponent(status)}`);
      expect(res.statusCode).toBe(200);
      const expected = newestFirst(orders.filter((o) => o.status === status)).map((o) => o.trackingNumber);
      expect(expected.length).toBeGreaterThan(0);
      expect(res.json().orders.map((o: { trackingNumber: string }) => o.trackingNumber)).toEqual(expected);
    },
  );

  it('answers every order for status all', async () => {
    const res = await get('/api/orders/admin/orders?status=all');
    expect(res.json().orders).toHaveLength(orders.length);
  });

  it('combines search and status', async () => {
    const res = await get('/api/orders/admin/orders?search=bulk&status=Delivered');
    const expected = newestFirst(orders.filter((o) => o.trackingNumber.includes('BULK') && o.status === 'Delivered'));
    expect(res.json().orders.map((o: { trackingNumber: string }) => o.trackingNumber)).toEqual(
      expected.map((o) => o.trackingNumber),
    );
  });

  it('pages with limit and cursor through every order once, ties in time included', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await get(`/api/orders/admin/orders?${query}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(orders.length);
      expect(body.orders.length).toBeLessThanOrEqual(4);
      seen.push(...body.orders.map((o: { trackingNumber: string }) => o.trackingNumber));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(cursor).toBeNull();
    expect(pages).toBe(Math.ceil(orders.length / 4));
    expect(seen).toEqual(newestFirst(orders).map((o) => o.trackingNumber));
  });

  it('answers nextCursor null when the first page holds everything', async () => {
    const res = await get(`/api/orders/admin/orders?limit=${orders.length}`);
    expect(res.json()).toMatchObject({ total: orders.length, nextCursor: null });
    expect(res.json().orders).toHaveLength(orders.length);
  });

  it('counts total over the filters, not over the store', async () => {
    const res = await get('/api/orders/admin/orders?limit=1&status=Delivered');
    const delivered = orders.filter((o) => o.status === 'Delivered').length;
    expect(res.json().total).toBe(delivered);
    expect(res.json().orders).toHaveLength(1);
    expect(res.json().nextCursor).toEqual(expect.any(String));
  });

  it('counts total over a search by counting the matching orders', async () => {
    const res = await get('/api/orders/admin/orders?limit=2&search=tie');
    expect(res.json().total).toBe(orders.filter((o) => o.trackingNumber.includes('TIE')).length);
    expect(res.json().orders).toHaveLength(2);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=2.5', 'limit'],
    ['status=Shipped', 'status'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('answers 400 to %s, naming the field', async (query, field) => {
    const res = await get(`/api/orders/admin/orders?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.message).toBe(body.errors[field]);
  });

  it('says which statuses exist when the status is unknown', async () => {
    const res = await get('/api/orders/admin/orders?status=pending');
    expect(res.json().message).toBe(
      'Status must be one of: all, Order Placed, Packaging, On The Road, Delivered, Cancelled',
    );
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['JSON of the wrong shape', Buffer.from(JSON.stringify({ id: 1 })).toString('base64url')],
    ['a key that is not an instant', Buffer.from(JSON.stringify(['newest', 'yesterday', 3])).toString('base64url')],
    ['of another sort', Buffer.from(JSON.stringify(['name', '2026-10-05T10:00:00.000Z', 3])).toString('base64url')],
    ['a bad id', Buffer.from(JSON.stringify(['newest', '2026-10-05T10:00:00.000Z', -1])).toString('base64url')],
  ])('answers 400 to a cursor that is %s', async (_, cursor) => {
    const res = await get(`/api/orders/admin/orders?limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: 'This page cursor is not valid for this list. Load the list again.',
      errors: { cursor: 'This page cursor is not valid for this list. Load the list again.' },
    });
  });

  it('answers the same at the legacy path /orders/admin/orders', async () => {
    const legacy = await get('/orders/admin/orders?status=Packaging');
    const current = await get('/api/orders/admin/orders?status=Packaging');
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toEqual(current.json());
  });

  it('answers 403 to a vendor', async () => {
    const res = await get('/api/orders/admin/orders', vendor);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await get('/api/orders/admin/orders', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });
});

describe('GET /api/orders/admin/orders/:id', () => {
  it('answers the order with its items and its status history, oldest first', async () => {
    const alpha = orders[0] as FixtureOrder;
    const res = await get(`/api/orders/admin/orders/${alpha.id}`);
    expect(res.statusCode).toBe(200);
    const { success, order } = res.json();
    expect(success).toBe(true);
    expect(order).toMatchObject({
      _id: String(alpha.id),
      trackingNumber: 'TRK-ALPHA-001',
      totalPrice: 3998,
      coupon: { code: 'DIWALI10', discountAmount: 399.8 },
      discountedTotal: 3598.2,
      status: 'Delivered',
    });
    expect(order).not.toHaveProperty('itemCount');
    expect(order.products).toEqual([
      {
        _id: expect.any(String),
        product: { _id: null, name: 'Brass Lamp', images: [expect.stringMatching(/^https:\/\//)] },
        quantity: 2,
        salePrice: 1499.5,
        cancelledQuantity: 0,
        returnedQuantity: 0,
        vendor: null,
        // Inserted as an order placed before GST was charged (issue 35).
        tax: null,
      },
      {
        _id: expect.any(String),
        product: { _id: null, name: 'Cotton Rug', images: [] },
        quantity: 1,
        salePrice: 999,
        cancelledQuantity: 0,
        returnedQuantity: 0,
        vendor: null,
        // Inserted as an order placed before GST was charged (issue 35).
        tax: null,
      },
    ]);
    expect(order.cancellations).toEqual([]);
    expect(order.returns).toEqual([]);
    expect(order.statusHistory.map((e: { status: string }) => e.status)).toEqual([
      'Order Placed',
      'Packaging',
      'On The Road',
      'Delivered',
    ]);
    expect(order.statusHistory[1]).toEqual({
      _id: expect.any(String),
      status: 'Packaging',
      notes: 'Packed with care',
      timestamp: at(2),
      updatedAt: at(2),
    });
  });

  it('answers an empty history for an order that has none', async () => {
    const tie = orders.find((o) => o.trackingNumber === 'TRK-TIE-A') as FixtureOrder;
    const res = await get(`/api/orders/admin/orders/${tie.id}`);
    expect(res.json().order.statusHistory).toEqual([]);
  });

  it('answers the same at the legacy path /orders/admin/orders/:id', async () => {
    const id = orders[1]?.id;
    const legacy = await get(`/orders/admin/orders/${id}`);
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toEqual((await get(`/api/orders/admin/orders/${id}`)).json());
  });

  it("answers 404 'Order not found' to an id no order has", async () => {
    const res = await get('/api/orders/admin/orders/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Order not found' });
  });

  it.each(['abc', '0', '-3', '1.5'])('answers 400 to the malformed id %s', async (id) => {
    const res = await get(`/api/orders/admin/orders/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: { id: expect.any(String) } });
  });

  it('answers 403 to a vendor', async () => {
    const res = await get(`/api/orders/admin/orders/${orders[0]?.id}`, vendor);
    expect(res.statusCode).toBe(403);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await get(`/api/orders/admin/orders/${orders[0]?.id}`, null);
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/orders/admin/stats', () => {
  // 'Today' is the UTC date of the clock: pin it to the day of the newest order.
  const today = at(12, 15);
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(today) });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('answers the totals computed over every order', async () => {
    const res = await get('/api/orders/admin/stats');
    expect(res.statusCode).toBe(200);
    const delivered = orders.filter((o) => o.status === 'Delivered');
    const count = (status: string) => orders.filter((o) => o.status === status).length;
    expect(res.json()).toEqual({
      success: true,
      totalOrders: orders.length,
      ordersToday: orders.filter((o) => o.createdAt.slice(0, 10) === today.slice(0, 10)).length,
      totalRevenue: delivered.reduce((sum, o) => sum + o.discountedTotalPaise, 0) / 100,
      byStatus: {
        'Order Placed': count('Order Placed'),
        Packaging: count('Packaging'),
        'On The Road': count('On The Road'),
        Delivered: count('Delivered'),
        Cancelled: count('Cancelled'),
      },
    });
  });

  it('answers 403 to a vendor', async () => {
    expect((await get('/api/orders/admin/stats', vendor)).statusCode).toBe(403);
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await get('/api/orders/admin/stats', null)).statusCode).toBe(401);
  });
});
