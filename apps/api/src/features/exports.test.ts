import type { Product } from '@haat/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../test/fixtures.js';
import { insertManyProducts } from '../test/order-fixtures.js';
import { editBodyOf } from '../test/product-bodies.js';
import { storeKit } from '../test/store-kit.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Issue 26 'Exports': each list's `GET <list path>/export` answers exactly what the list's
 * filters select, all of it, as CSV (BOM, rupees, store time, formulas neutralised), and
 * only what the caller may see.
 */

let t: TestApp;
let admin: FixtureUser;
let vendorA: FixtureUser & { businessName: string };
let vendorB: FixtureUser & { businessName: string };
let kit: ReturnType<typeof storeKit>;

beforeAll(async () => {
  t = await createTestApp({ STORE_TIME_ZONE: 'Asia/Kolkata' });
  admin = await createAdmin(t.db);
  vendorA = await createVendor(t.db, { businessName: 'Aarohi Handlooms' });
  vendorB = await createVendor(t.db, { businessName: 'Bansal Brass' });
  kit = storeKit(t, admin);
});
afterAll(() => t.close());

function get(url: string, as: FixtureUser | null) {
  return t.app.inject({ method: 'GET', url, headers: as ? authAs(t.app, as) : {} });
}

/** The CSV's header and its rows as objects by header, after checking it is a CSV download with a BOM. */
async function csvOf(url: string, as: FixtureUser) {
  const res = await get(url, as);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  const records = parse(res.body.slice(1), { relax_column_count: false }) as string[][];
  const [header = [], ...rows] = records;
  return { header, rows: rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? '']))) };
}

/** Sets a product's name straight in the database (a name the form would refuse is what an export must survive). */
async function rename(productId: number, name: string) {
  await t.db.updateTable('products').set({ name }).where('id', '=', productId).execute();
}

describe('who may export what', () => {
  const adminOnly = ['/api/orders/admin/orders/export', '/api/activity/export', '/api/contacts/export'];

  it('answers 401 without a token on every export', async () => {
    for (const url of [...adminOnly, '/api/products/admin/all/export', '/api/vendor/orders/export'])
      expect((await get(url, null)).statusCode, url).toBe(401);
  });

  it("answers 403 to a vendor on the store's exports, and to an admin on a vendor's own", async () => {
    for (const url of adminOnly) expect((await get(url, vendorA)).statusCode, url).toBe(403);
    expect((await get('/api/vendor/orders/export', admin)).statusCode).toBe(403);
  });

  it('answers 400 to a filter the list would refuse, and writes nothing', async () => {
    for (const url of [
      '/api/products/admin/all/export?status=bogus',
      '/api/products/admin/all/export?category=99999999999',
      '/api/orders/admin/orders/export?status=Lost',
      '/api/activity/export?from=2026-02-01&to=2026-01-01',
      '/api/activity/export?kind=planet',
      '/api/contacts/export?handled=maybe',
    ]) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false });
    }
    expect((await get('/api/vendor/orders/export?status=Lost', vendorA)).statusCode).toBe(400);
  });
});

describe('GET /api/products/admin/all/export', () => {
  it("writes every product the list's search and filters select, in its sort, prices in rupees, formulas neutralised", async () => {
    const tag = `exp${Date.now().toString(36)}`;
    const cheap = await kit.product(12_345, 3, vendorA.vendorId as number);
    const dear = await kit.product(99_900, 0, vendorB.vendorId as number);
    const own = await kit.product(50_000, 7);
    await rename(cheap, `=CMD("calc") ${tag} kurta`);
    await rename(dear, `${tag} brass lamp`);
    await rename(own, `${tag} tea`);

    const all = await csvOf(`/api/products/admin/all/export?search=${tag}&sort=price-asc`, admin);
    expect(all.header.slice(0, 4)).toEqual(['ID', 'SKU', 'Product Name', 'Brand']);
    expect(all.rows.map((row) => row.ID)).toEqual([String(cheap), String(own), String(dear)]);
    expect(all.rows[0]).toMatchObject({
      'Product Name': `'=CMD("calc") ${tag} kurta`,
      'Sale Price': '123.45',
      'Stock Quantity': '3',
      Vendor: 'Aarohi Handlooms',
      'Vendor ID': String(vendorA.vendorId),
      Status: 'active',
      Approval: 'approved',
    });
    expect(all.rows[1]).toMatchObject({ Vendor: '', 'Vendor ID': '', 'Sale Price': '500.00' });
    expect(all.rows[0]?.Created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const outOfStock = await csvOf(`/api/products/admin/all/export?search=${tag}&stock=out-of-stock`, admin);
    expect(outOfStock.rows.map((row) => row.ID)).toEqual([String(dear)]);
    const storeOwned = await csvOf(`/api/products/admin/all/export?search=${tag}&vendor=admin`, admin);
    expect(storeOwned.rows.map((row) => row.ID)).toEqual([String(own)]);
  });

  it('gives a vendor their own products only, whatever the filter asks', async () => {
    const tag = `mine${Date.now().toString(36)}`;
    const mine = await kit.product(10_000, 1, vendorA.vendorId as number);
    const theirs = await kit.product(10_000, 1, vendorB.vendorId as number);
    await rename(mine, `${tag} mine`);
    await rename(theirs, `${tag} theirs`);
    const own = await csvOf(`/api/products/admin/all/export?search=${tag}`, vendorA);
    expect(own.rows.map((row) => row.ID)).toEqual([String(mine)]);
    const asked = await csvOf(`/api/products/admin/all/export?search=${tag}&vendor=${vendorB.vendorId}`, vendorA);
    expect(asked.rows).toEqual([]);
  });

  it('writes every product across read batches once, when there are more than a batch', async () => {
    const tag = `many${Date.now().toString(36)}`;
    await insertManyProducts(t.db, 2_105, (i) => ({
      name: `${tag} item ${i}`,
      sku: `${tag}-${i}`,
      salePricePaise: 1_000 + (i % 7),
    }));
    const exported = await csvOf(`/api/products/admin/all/export?search=${tag}&sort=price-asc`, admin);
    expect(exported.rows).toHaveLength(2_105);
    expect(new Set(exported.rows.map((row) => row.SKU)).size).toBe(2_105);
    const prices = exported.rows.map((row) => Number(row['Sale Price']));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe('GET /api/orders/admin/orders/export and GET /api/vendor/orders/export', () => {
  it('writes one row per order line with the order repeated; the line shares sum to the order', async () => {
    const coupon = await kit.coupon(15);
    const a = await kit.product(33_333, 10, vendorA.vendorId as number);
    const b = await kit.product(11_111, 10, vendorB.vendorId as number);
    const own = await kit.product(7_777, 10);
    const order = await kit.placed(
      [
        { product: a, quantity: 2 },
        { product: b, quantity: 1 },
        { product: own, quantity: 3 },
      ],
      coupon.code,
    );
    const other = await kit.placed([{ product: b, quantity: 1 }]);

    const exported = await csvOf(`/api/orders/admin/orders/export?search=${order.trackingNumber}`, admin);
    expect(exported.rows).toHaveLength(3);
    for (const row of exported.rows)
      expect(row).toMatchObject({
        'Order ID': order._id,
        'Tracking Number': order.trackingNumber,
        Status: 'Order Placed',
        Customer: 'Meera Shopper',
        City: 'Pune',
        'Coupon Code': coupon.code,
        'Order Discounted Total': order.discountedTotal.toFixed(2),
      });
    expect(exported.rows.map((row) => row.Vendor)).toEqual(['Aarohi Handlooms', 'Bansal Brass', '']);
    expect(exported.rows[0]).toMatchObject({ Quantity: '2', 'Sale Price': '333.33', 'Line Subtotal': '666.66' });
    const shares = exported.rows.reduce((sum, row) => sum + Math.round(Number(row['Line Discounted Total']) * 100), 0);
    expect(shares).toBe(Math.round(order.discountedTotal * 100));
    // A phone number starting with + is neutralised like any formula start.
    expect(exported.rows[0]?.Phone).toBe("'+91 90000 00000");

    // The vendor gets their own line of each order, with the shipping details and no e-mail.
    const mine = await csvOf('/api/vendor/orders/export', vendorB);
    expect(mine.header).not.toContain('Email');
    const lines = mine.rows.filter((row) => [order._id, other._id].includes(row['Order ID'] as string));
    expect(lines.map((row) => row['Order ID'])).toEqual([other._id, order._id]);
    expect(lines.every((row) => row['Sale Price'] === '111.11' && row['Ship To'] === 'Meera Shopper')).toBe(true);
    const vendorALines = await csvOf(`/api/vendor/orders/export?search=${other.trackingNumber}`, vendorA);
    expect(vendorALines.rows).toEqual([]);
  });

  it("selects by the list's status filter", async () => {
    const product = await kit.product(20_000, 10);
    const placed = await kit.placed([{ product, quantity: 1 }]);
    const delivered = await kit.deliver((await kit.placed([{ product, quantity: 1 }]))._id);
    const onlyDelivered = await csvOf('/api/orders/admin/orders/export?status=Delivered', admin);
    const ids = onlyDelivered.rows.map((row) => row['Order ID']);
    expect(ids).toContain(delivered._id);
    expect(ids).not.toContain(placed._id);
    expect(onlyDelivered.rows.every((row) => row.Status === 'Delivered')).toBe(true);
  });
});

describe('GET /api/activity/export', () => {
  it("writes the log's entries the filters select, newest first, each change as field: before → after", async () => {
    const product = await kit.product(10_000, 5);
    for (const stockQuantity of [4, 9]) {
      const current = (await get(`/api/products/${product}`, admin)).json().product as Product;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/edit/${product}`,
        headers: { ...authAs(t.app, admin), 'content-type': 'application/json' },
        payload: JSON.stringify(editBodyOf(current, { stockQuantity })),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const log = await csvOf(`/api/activity/export?kind=product&person=${admin.id}`, admin);
    expect(log.header).toEqual(['ID', 'When', 'Person', 'Role', 'Action', 'Kind', 'Record ID', 'Record', 'Changes']);
    expect(log.rows.every((row) => row.Kind === 'product' && row.Person === admin.name)).toBe(true);
    const ids = log.rows.map((row) => Number(row.ID));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const entries = log.rows.filter((row) => row['Record ID'] === String(product));
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries[0]?.Changes).toContain('stockQuantity: 4 → 9');
    const none = await csvOf('/api/activity/export?from=2001-01-01&to=2001-01-02', admin);
    expect(none.rows).toEqual([]);
  });
});
