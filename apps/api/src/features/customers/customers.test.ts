import { type Customer, customerMessages as M } from '@haat/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 26 'Customers': the people who placed orders, with their figures, for admins
 * only; and erasure on request, which removes the personal data and keeps every figure.
 */

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let product: number;
const run = Date.now().toString(36);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
  kit = storeKit(t, admin);
  product = await kit.product(25_000, 1_000, vendor.vendorId as number);
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST', url: string, as: FixtureUser | null = admin) {
  return t.app.inject({ method, url, headers: as ? authAs(t.app, as) : {} });
}

/** Places an order as a named shopper through the real checkout; answers the order's id. */
async function order(shopper: { name: string; email: string; phone: string }, quantity = 1): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      items: [{ product, quantity }],
      billingInfo: {
        fullName: shopper.name,
        email: shopper.email,
        phone: shopper.phone,
        note: 'Ring twice',
        address: { fullAddress: '14 Residency Road', city: 'Bengaluru', province: 'Karnataka' },
      },
      paymentMethod: 'UPI',
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order._id as string;
}

const shopper = (n: number, name: string) => ({
  name: `${name} ${run}`,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}.${run}@example.test`,
  phone: `+91 98${String(n).padStart(3, '0')} ${run.slice(-5).replace(/\D/g, '1').padEnd(5, '7')}`,
});

async function customersMatching(search: string): Promise<Customer[]> {
  const res = await call('GET', `/api/customers/admin?limit=50&search=${encodeURIComponent(search)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().customers;
}

describe('who may see customers', () => {
  it('answers 401 without a token and 403 to a vendor on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/customers/admin'],
      ['GET', '/api/customers/admin/export'],
      ['GET', `/api/customers/admin/${admin.id}`],
      ['POST', `/api/customers/admin/${admin.id}/anonymise`],
    ] as const) {
      expect((await call(method, url, null)).statusCode, url).toBe(401);
      expect((await call(method, url, vendor)).statusCode, url).toBe(403);
    }
  });

  it('answers 404 for an account that is not a customer, and 400 for a bad id or query', async () => {
    expect((await call('GET', `/api/customers/admin/${admin.id}`)).json()).toMatchObject({ message: M.notFound });
    expect((await call('GET', `/api/customers/admin/${vendor.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/customers/admin/1099511627776')).statusCode).toBe(400);
    expect((await call('GET', '/api/customers/admin?limit=0')).statusCode).toBe(400);
    expect((await call('GET', '/api/customers/admin?limit=10&cursor=forged')).statusCode).toBe(400);
    expect((await call('GET', `/api/customers/admin?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/customers/admin', () => {
  it('lists the people who ordered with their orders count, total spent net of refunds and last order', async () => {
    const asha = shopper(1, 'Asha Verma');
    await order(asha, 2);
    const second = await order(asha, 1);
    const delivered = await kit.deliver(second);
    const refund = await kit.recordReturn(admin, second, {
      items: [{ itemId: delivered.products[0]?._id, quantity: 1 }],
      reason: 'damaged',
      restock: false,
      updatedAt: delivered.updatedAt,
    });
    expect(refund.statusCode, refund.body).toBe(201);

    const [found] = await customersMatching(asha.email);
    expect(found).toMatchObject({ name: asha.name, email: asha.email, phone: asha.phone, ordersCount: 2 });
    // Rs.750 placed (3 × Rs.250), Rs.250 refunded.
    expect(found?.totalSpent).toBe(500);
    expect(found?.lastOrderAt).toBe(delivered.createdAt);
    expect(found?.anonymisedAt).toBeNull();
  });

  it('finds customers by part of the name, the e-mail or the phone, newest first, page by page', async () => {
    const tag = `Zeta${run}`;
    const people = [shopper(2, `${tag} Rao`), shopper(3, `${tag} Iyer`), shopper(4, `${tag} Khan`)];
    for (const person of people) await order(person);
    expect((await customersMatching(tag)).map((c) => c.name)).toEqual(people.map((p) => p.name).reverse());
    expect((await customersMatching(`iyer ${run}`.toUpperCase())).map((c) => c.email)).toEqual([people[1]?.email]);
    expect((await customersMatching(people[2]?.phone as string)).map((c) => c.name)).toEqual([people[2]?.name]);

    const first = (await call('GET', `/api/customers/admin?limit=2&search=${tag}`)).json();
    expect(first).toMatchObject({ total: 3, totalRelation: 'eq' });
    expect(first.customers).toHaveLength(2);
    const next = (await call('GET', `/api/customers/admin?limit=2&search=${tag}&cursor=${first.nextCursor}`)).json();
    expect(next.customers.map((c: Customer) => c.name)).toEqual([people[0]?.name]);
    expect(next.nextCursor).toBeNull();
  });

  it('exports the searched customers as CSV, formulas neutralised', async () => {
    const tricky = { ...shopper(5, 'Sum Das'), name: `=SUM ${run} Das` };
    await order(tricky);
    const res = await call('GET', `/api/customers/admin/export?search=${encodeURIComponent(`SUM ${run}`)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row] = parse(res.body.slice(1)) as string[][];
    expect(header).toEqual([
      'ID',
      'Name',
      'Email',
      'Phone',
      'Customer Since',
      'Orders',
      'Total Spent',
      'Last Order',
      'Anonymised',
    ]);
    expect(row?.[1]).toBe(`'${tricky.name}`);
    expect(row?.slice(5, 7)).toEqual(['1', '250.00']);
  });
});

describe('POST /api/customers/admin/{id}/anonymise', () => {
  it('replaces the personal data in the account and every order, keeps every figure, and logs it once', async () => {
    const kiran = shopper(6, 'Kiran Shetty');
    const orderId = await order(kiran, 3);
    await order(kiran, 1);
    const [before] = await customersMatching(kiran.email);
    const id = before?._id as string;

    const res = await call('POST', `/api/customers/admin/${id}/anonymise`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: M.anonymised,
      customer: {
        _id: id,
        name: M.anonymousName,
        email: `anonymised-${id}@anonymised.invalid`,
        phone: null,
        ordersCount: 2,
        totalSpent: before?.totalSpent,
      },
    });
    expect(res.json().customer.anonymisedAt).toEqual(expect.any(String));

    // The orders keep their lines and totals; the billing details are gone.
    const stored = (await call('GET', `/api/orders/admin/orders/${orderId}`)).json().order;
    expect(stored.billingInfo).toMatchObject({ fullName: M.anonymousName, phone: '', note: null });
    expect(stored.billingInfo.address).toMatchObject({ fullAddress: '', city: '', province: '' });
    expect(stored.products[0]).toMatchObject({ quantity: 3 });
    expect(JSON.stringify(stored)).not.toContain(kiran.email);
    expect(JSON.stringify(stored)).not.toContain(kiran.phone);

    // Nothing finds them by what they were.
    expect(await customersMatching(kiran.email)).toEqual([]);
    expect(await customersMatching(kiran.name)).toEqual([]);
    const orders = (await call('GET', `/api/orders/admin/orders?limit=5&search=${kiran.email}`)).json();
    expect(orders.orders).toEqual([]);
    // The vendor's view of the order names no one.
    const vendorView = (await call('GET', `/api/vendor/orders/${orderId}`, vendor)).json();
    expect(JSON.stringify(vendorView)).not.toContain('Kiran');

    const again = await call('POST', `/api/customers/admin/${id}/anonymise`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyAnonymised);
    const log = await t.db
      .selectFrom('activityLog')
      .select(['action', 'recordLabel', 'changes'])
      .where('recordKind', '=', 'customer')
      .where('recordId', '=', Number(id))
      .execute();
    expect(log).toEqual([{ action: 'anonymise', recordLabel: M.anonymousName, changes: '{}' }]);
  });

  it('two anonymisations racing do it once: one 200, one 409', async () => {
    const ravi = shopper(7, 'Ravi Menon');
    await order(ravi);
    const [found] = await customersMatching(ravi.email);
    const answers = await Promise.all([
      call('POST', `/api/customers/admin/${found?._id}/anonymise`),
      call('POST', `/api/customers/admin/${found?._id}/anonymise`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});
