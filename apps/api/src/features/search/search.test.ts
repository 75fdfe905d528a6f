import { NUL_CHARACTER_MESSAGE } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createCustomer, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createOrder, type FixtureOrder } from '../../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';

let t: TestApp;
let admin: FixtureUser;
let vendorA: FixtureUser;
let vendorB: FixtureUser;
let customer: FixtureUser;
let kettleA: { id: number };
let kettleB: { id: number };
let orderA: FixtureOrder;
let orderB: FixtureOrder;
let orderByName: FixtureOrder;

interface Hit {
  _id: string;
  label: string;
  detail: string;
  href: string;
  exact: boolean;
}
interface Group {
  kind: string;
  label: string;
  hits: Hit[];
}

const search = (q: string, as: FixtureUser | null) =>
  t.app.inject({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}`,
    headers: as ? authAs(t.app, as) : {},
  });

async function groupsFor(q: string, as: FixtureUser): Promise<Record<string, Hit[]>> {
  const res = await search(q, as);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { success: boolean; groups: Group[] };
  expect(body.success).toBe(true);
  return Object.fromEntries(body.groups.map((g) => [g.kind, g.hits]));
}

const ids = (hits: Hit[] | undefined) => (hits ?? []).map((hit) => Number(hit._id));

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendorA = await createVendor(t.db, { businessName: 'Aurora Kettles' });
  vendorB = await createVendor(t.db, { businessName: 'Borealis Lamps' });
  customer = await createCustomer(t.db, { name: 'Meenakshi Sundaram', email: 'meenakshi@example.test' });
  kettleA = await createOwnedProduct(t.db, vendorA.vendorId, { name: 'Copper Kettle Deluxe' });
  kettleB = await createOwnedProduct(t.db, vendorB.vendorId, { name: 'Copper Kettle Classic' });
  // Names that contain another product's SKU, so the exact SKU must be put first.
  for (let i = 0; i < 6; i += 1) await createOwnedProduct(t.db, null, { name: `Teapot ZX-4410${i} Edition` });
  await t.db.updateTable('products').set({ sku: 'ZX-4410', brand: 'Kitchenly' }).where('id', '=', kettleA.id).execute();
  await t.db.updateTable('products').set({ sku: 'QB-7788', brand: 'Lumen' }).where('id', '=', kettleB.id).execute();

  orderA = await createOrder(t.db, {
    trackingNumber: 'HT261101AAAA01',
    billingFullName: 'Ravi Kumar',
    billingEmail: 'ravi@example.test',
    lines: [{ productId: kettleA.id, productName: 'Copper Kettle Deluxe', quantity: 1, salePricePaise: 100_000 }],
  });
  orderB = await createOrder(t.db, {
    trackingNumber: 'HT261101BBBB02',
    billingFullName: 'Sita Devi',
    billingEmail: 'sita@example.test',
    lines: [{ productId: kettleB.id, productName: 'Copper Kettle Classic', quantity: 1, salePricePaise: 100_000 }],
  });
  // Tracking numbers that contain orderA's, so the exact one must be put first.
  for (let i = 0; i < 6; i += 1) await createOrder(t.db, { trackingNumber: `XHT261101AAAA01${i}` });
  orderByName = await createOrder(t.db, {
    trackingNumber: 'HT261101CCCC03',
    userId: customer.id,
    billingFullName: 'M. Sundaram',
    billingEmail: 'billing@example.test',
  });
  await t.db
    .insertInto('categories')
    .values({
      name: 'Kitchen Appliances',
      imageUrl: 'https://img.example.test/k.jpg',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    })
    .execute();
});
afterAll(() => t.close());

describe('GET /api/search', () => {
  it('answers 401 without a token', async () => {
    const res = await search('kettle', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
  });

  it("groups an admin's hits by kind, every kind in order, each with a label, a second line and the screen it opens", async () => {
    const res = await search('kettle', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { query: string; groups: Group[] };
    expect(body.query).toBe('kettle');
    expect(body.groups.map((g) => g.kind)).toEqual(['products', 'orders', 'customers', 'vendors', 'categories']);
    expect(body.groups.map((g) => g.label)).toEqual(['Products', 'Orders', 'Customers', 'Vendors', 'Categories']);
    const products = body.groups[0]?.hits ?? [];
    expect(ids(products).sort()).toEqual([kettleA.id, kettleB.id].sort());
    expect(products.find((p) => Number(p._id) === kettleA.id)).toMatchObject({
      label: 'Copper Kettle Deluxe',
      detail: 'SKU ZX-4410 · Kitchenly',
      href: `/admin/products/edit/${kettleA.id}`,
      exact: false,
    });
    expect(body.groups[3]?.hits.map((h) => h.label)).toEqual(['Aurora Kettles']);
    expect(body.groups[3]?.hits[0]?.href).toBe('/admin/vendors?search=Aurora+Kettles');
  });

  it('answers a staff member the kinds their role may read only (issue 36)', async () => {
    const finance = await createAdmin(t.db, { staffRole: 'finance' });
    const support = await createAdmin(t.db, { staffRole: 'support' });
    const kinds = async (as: FixtureUser) =>
      ((await search('kettle', as)).json() as { groups: Group[] }).groups.map((g) => g.kind);
    expect(await kinds(finance)).toEqual([]);
    expect(await kinds(support)).toEqual(['orders', 'customers']);
  });

  it('finds products by brand and by 2-character name or SKU prefixes, any case', async () => {
    expect(ids((await groupsFor('LUMEN', admin)).products)).toEqual([kettleB.id]);
    expect(ids((await groupsFor('qb', admin)).products)).toEqual([kettleB.id]);
    expect(ids((await groupsFor('co', admin)).products).sort()).toEqual([kettleA.id, kettleB.id].sort());
  });

  it('answers the product whose SKU is the text alone, marked exact; a part of it finds at most 5', async () => {
    const { products } = await groupsFor('zx-4410', admin);
    expect(products).toEqual([expect.objectContaining({ _id: String(kettleA.id), exact: true })]);
    const part = (await groupsFor('zx-441', admin)).products;
    expect(part).toHaveLength(5);
    expect(part?.every((p) => !p.exact)).toBe(true);
  });

  it('answers the order whose tracking number is the text first, opening the order detail; a part finds at most 5', async () => {
    const { orders } = await groupsFor('ht261101aaaa01', admin);
    expect(orders).toEqual([
      {
        _id: String(orderA.id),
        label: 'HT261101AAAA01',
        detail: 'Ravi Kumar · ravi@example.test · Order Placed',
        href: `/admin/orders/${orderA.id}`,
        exact: true,
      },
    ]);
    expect((await groupsFor('t261101aaaa01', admin)).orders).toHaveLength(5);
  });

  it("finds orders by e-mail, by the customer's name, and the customer, whose hit opens their orders", async () => {
    expect(ids((await groupsFor('sita@exa', admin)).orders)).toEqual([orderB.id]);
    const found = await groupsFor('Sundaram', admin);
    expect(ids(found.orders)).toEqual([orderByName.id]);
    expect(found.customers).toEqual([
      {
        _id: String(customer.id),
        label: 'Meenakshi Sundaram',
        detail: 'meenakshi@example.test',
        href: '/admin/orders?search=meenakshi%40example.test',
        exact: false,
      },
    ]);
    expect((await groupsFor('MEENAKSHI@example.test', admin)).customers?.[0]).toMatchObject({ exact: true });
    expect(ids((await groupsFor('me', admin)).customers)).toEqual([customer.id]);
  });

  it('finds categories by name', async () => {
    const { categories } = await groupsFor('applian', admin);
    expect(categories).toEqual([
      expect.objectContaining({ label: 'Kitchen Appliances', href: '/admin/categories', exact: false }),
    ]);
  });

  it("answers a vendor their own products and orders only, never another vendor's, and no other kinds", async () => {
    const res = await search('kettle', vendorA);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { groups: Group[] };
    expect(body.groups.map((g) => g.kind)).toEqual(['products', 'orders']);
    expect(ids(body.groups[0]?.hits)).toEqual([kettleA.id]);

    expect((await groupsFor('QB-7788', vendorA)).products).toEqual([]);
    expect((await groupsFor('lumen', vendorA)).products).toEqual([]);
    expect(ids((await groupsFor('QB-7788', vendorB)).products)).toEqual([kettleB.id]);

    const own = await groupsFor('HT261101', vendorA);
    expect(ids(own.orders)).toEqual([orderA.id]);
    expect(own.orders?.[0]).toMatchObject({
      href: `/admin/my-orders/${orderA.id}`,
      detail: 'Ravi Kumar · Order Placed',
    });
    expect((await groupsFor('HT261101BBBB02', vendorA)).orders).toEqual([]);
    expect((await groupsFor('ht', vendorA)).orders?.map((o) => o._id)).toEqual([String(orderA.id)]);
    expect(ids((await groupsFor('HT261101BBBB02', vendorB)).orders)).toEqual([orderB.id]);
    // A vendor does not see customers' e-mails, so cannot search by them.
    expect((await groupsFor('sita@example', vendorB)).orders).toEqual([]);
  });

  it('answers no hits for a text nothing contains', async () => {
    const found = await groupsFor('qqzzxxyy', admin);
    expect(Object.values(found).every((hits) => hits.length === 0)).toBe(true);
  });

  it('treats FTS and LIKE syntax as literal text', async () => {
    for (const q of ['"kettle', 'kett*', 'a OR b', '%%', '__', 'NEAR(a b)', "'; drop table products; --", 'k"e"t']) {
      const res = await search(q, admin);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await groupsFor('%%', admin)).products).toEqual([]);
    expect((await groupsFor('kett*', admin)).products).toEqual([]);
  });

  it('refuses a missing, blank, 1-character, too long or NUL text with 400', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/search', headers: authAs(t.app, admin) });
    expect(missing.statusCode).toBe(400);
    expect((await search('   ', admin)).statusCode).toBe(400);
    expect((await search('k', admin)).statusCode).toBe(400);
    expect((await search('k'.repeat(101), admin)).statusCode).toBe(400);
    const nul = await search('ket\u0000tle', admin);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toContain(NUL_CHARACTER_MESSAGE);
  });

  it('answers texts of any script and control characters without error', async () => {
    for (const q of ['चाय की केतली', '😀😀😀', 'ab\u0001', '\u0001\u0002', 'ÄÖü']) {
      expect((await search(q, admin)).statusCode, q).toBe(200);
      expect((await search(q, vendorA)).statusCode, q).toBe(200);
    }
  });
});
