import { brotliDecompressSync } from 'node:zlib';
import type { Product } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { editBodyOf } from '../../test/product-bodies.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';
import { readCatalogVersion } from './products.repository.js';

/**
 * Issue 11 (decision 0033): the staff's product list (`GET /api/products/admin/all`) is
 * kept per process by caller scope, query and catalog version. What it shows must
 * still follow every write at once, including those the storefront's list does not
 * show (revisions, people's names), and no caller may get another's kept answer.
 * Over HTTP on a freshly migrated database (SQLite; PostgreSQL with TEST_DATABASE_URL).
 */

let t: TestApp;
let admin: FixtureUser;
let vendorA: FixtureUser;
let vendorB: FixtureUser;
const idsOfA: string[] = [];
const idsOfB: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db, { name: 'Admin Asha', email: 'asha@example.test' });
  vendorA = await createVendor(t.db, {
    name: 'Person Pradeep',
    email: 'pradeep@example.test',
    businessName: 'A Traders',
  });
  vendorB = await createVendor(t.db, { name: 'Person Bina', email: 'bina@example.test', businessName: 'B Traders' });
  for (let i = 0; i < 3; i++) idsOfA.push(String((await createOwnedProduct(t.db, vendorA.vendorId)).id));
  for (let i = 0; i < 2; i++) idsOfB.push(String((await createOwnedProduct(t.db, vendorB.vendorId)).id));
});
afterAll(() => t.close());

const LIST = '/api/products/admin/all?limit=50';

function call(method: 'GET' | 'PUT', url: string, as: FixtureUser, payload?: object, headers = {}) {
  return t.app.inject({ method, url, headers: { ...authAs(t.app, as), ...headers }, ...(payload && { payload }) });
}

/** The staff list's products as `as` sees them. */
async function listAs(as: FixtureUser, url = LIST): Promise<Product[]> {
  const res = await call('GET', url, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().products;
}

async function productIn(id: string, as: FixtureUser = admin): Promise<Product> {
  const product = (await listAs(as)).find((p) => p._id === id);
  if (!product) throw new Error(`product ${id} is not in the list`);
  return product;
}

describe('GET /api/products/admin/all, kept by catalog version', () => {
  it('answers a repeat with the same body, signed-in answers not stored, compressed when asked', async () => {
    const first = await call('GET', LIST, admin);
    const again = await call('GET', LIST, admin);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    const br = await call('GET', LIST, admin, undefined, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(first.json());
  });

  it("never answers one caller's kept list to another: each vendor their own, the admin all", async () => {
    const all = [...idsOfA, ...idsOfB].sort();
    expect((await listAs(admin)).map((p) => p._id).sort()).toEqual(all);
    expect((await listAs(vendorA)).map((p) => p._id).sort()).toEqual([...idsOfA].sort());
    expect((await listAs(vendorB)).map((p) => p._id).sort()).toEqual([...idsOfB].sort());
    // Again, in another order, with every answer kept by now.
    expect((await listAs(vendorA)).map((p) => p._id).sort()).toEqual([...idsOfA].sort());
    expect((await listAs(admin)).map((p) => p._id).sort()).toEqual(all);
    expect((await call('GET', LIST, admin)).body).not.toBe((await call('GET', LIST, vendorB)).body);
  });

  it("shows a vendor's pending change at once, and its rejection with the reason, in the list and the queue", async () => {
    const id = idsOfA[0] as string;
    const queued = async () => (await listAs(admin, '/api/products/admin/pending?limit=50')).map((p) => p._id);
    expect(await queued()).not.toContain(id);
    expect((await productIn(id)).revision).toBeNull();
    const live = (await call('GET', `/api/products/${id}`, vendorA)).json().product as Product;
    const edited = await call('PUT', `/api/products/edit/${id}`, vendorA, editBodyOf(live, { name: 'Proposed Name' }));
    expect(edited.statusCode, edited.body).toBe(200);
    const pending = await productIn(id);
    expect(pending.name).toBe(live.name);
    expect(pending.revision).toMatchObject({ status: 'pending', proposed: { name: 'Proposed Name' } });
    expect((await productIn(id, vendorA)).revision?.status).toBe('pending');
    expect(await queued()).toContain(id);

    const rejected = await call('PUT', `/api/products/admin/revisions/${pending.revision?._id}`, admin, {
      isApproved: false,
      reason: 'Keep the maker in the name',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await productIn(id)).revision).toMatchObject({ status: 'rejected', reason: 'Keep the maker in the name' });
    expect(await queued()).not.toContain(id);
    expect((await productIn(id, vendorA)).revision?.status).toBe('rejected');
  });

  it("shows a renamed vendor's person and reviewing admin at once, even written by another process", async () => {
    const id = idsOfB[0] as string;
    const approved = await call('PUT', `/api/products/admin/approve/${id}`, admin, { isApproved: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await productIn(id)).reviewedBy?.name).toBe('Admin Asha');
    expect((await productIn(id)).vendor?.name).toBe('Person Bina');

    await t.db.updateTable('users').set({ name: 'Admin Asha Rao' }).where('id', '=', admin.id).execute();
    expect((await productIn(id)).reviewedBy?.name).toBe('Admin Asha Rao');
    await t.db.updateTable('users').set({ name: 'Bina Kapoor' }).where('id', '=', vendorB.id).execute();
    expect((await productIn(id)).vendor?.name).toBe('Bina Kapoor');
    expect((await productIn(id, vendorB)).vendor?.name).toBe('Bina Kapoor');
  });

  it('shows an image, a stock change and a vendor rename written straight to the database', async () => {
    const id = idsOfA[1] as string;
    expect((await productIn(id)).images).toEqual([]);
    const now = new Date().toISOString();
    await t.db
      .insertInto('productImages')
      .values({
        productId: Number(id),
        url: 'https://img.example.test/new.jpg',
        position: 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    expect((await productIn(id)).images).toEqual(['https://img.example.test/new.jpg']);
    await t.db.updateTable('products').set({ stockQuantity: 0 }).where('id', '=', Number(id)).execute();
    expect((await productIn(id)).stockQuantity).toBe(0);
    await t.db
      .updateTable('vendors')
      .set({ businessName: 'A Traders & Sons' })
      .where('id', '=', vendorA.vendorId)
      .execute();
    expect((await productIn(id, vendorA)).vendor?.businessName).toBe('A Traders & Sons');
  });

  it('leaves the catalog version alone on a sign-out or a password change, which the lists do not show', async () => {
    const vendorC = await createVendor(t.db, { name: 'Person Chitra', email: 'chitra@example.test' });
    const before = await readCatalogVersion(t.db);
    await t.db
      .updateTable('users')
      .set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1), passwordHash: 'changed' }))
      .where('id', '=', vendorC.id)
      .execute();
    expect(await readCatalogVersion(t.db)).toBe(before);
    await t.db.updateTable('users').set({ name: 'Chitra Menon' }).where('id', '=', vendorC.id).execute();
    expect(Number(await readCatalogVersion(t.db))).toBeGreaterThan(Number(before));
  });

  it("keeps the footer's counts per scope, and follows a revision and a stock change at once", async () => {
    const counts = async (as: FixtureUser) => {
      const res = await call('GET', '/api/products/admin/count', as);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json();
    };
    const before = await counts(admin);
    expect(before.totalCount).toBe(idsOfA.length + idsOfB.length);
    expect((await counts(vendorB)).totalCount).toBe(idsOfB.length);
    expect((await counts(vendorA)).totalCount).toBe(idsOfA.length);

    const id = idsOfA[2] as string;
    const live = (await call('GET', `/api/products/${id}`, vendorA)).json().product as Product;
    const edited = await call('PUT', `/api/products/edit/${id}`, vendorA, editBodyOf(live, { brand: 'New Brand' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await counts(admin)).pendingApprovalCount).toBe(before.pendingApprovalCount + 1);
    expect((await counts(vendorA)).pendingApprovalCount).toBe(1);

    await t.db.updateTable('products').set({ stockQuantity: 0 }).where('id', '=', Number(idsOfB[1])).execute();
    expect((await counts(admin)).inStockCount).toBe(before.inStockCount - 1);
    expect((await counts(vendorB)).inStockCount).toBe(idsOfB.length - 1);
  });
});

/**
 * Decision 0034: a page after the first reuses its list's count while the catalog
 * version it was counted at is current. A write raises the version, so the next page
 * counts again; the count is observed kept only by setting the version back by hand.
 */
describe('GET /api/products/admin/all, the count kept for the next pages', () => {
  const PAGED = '/api/products/admin/all?limit=1&sort=oldest';

  /** One page as the admin sees it: its total and the cursor of the next. */
  async function page(cursor?: string): Promise<{ total: number; nextCursor: string }> {
    const res = await call('GET', cursor ? `${PAGED}&cursor=${cursor}` : PAGED, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('counts again on the next page after a write, and keeps the count while nothing is written', async () => {
    const first = await page();
    const added = await createOwnedProduct(t.db, vendorA.vendorId);
    try {
      const second = await page(first.nextCursor);
      expect(second.total).toBe(first.total + 1);

      // Nothing written since: the third page is told the kept count. Shown by a row
      // removed with the version set back, which no real write can do.
      const version = await readCatalogVersion(t.db);
      await t.db.deleteFrom('products').where('id', '=', added.id).execute();
      await t.db
        .updateTable('catalogVersion')
        .set({ version: Number(version) })
        .where('id', '=', 1)
        .execute();
      expect((await page(second.nextCursor)).total).toBe(first.total + 1);

      // The next real write counts again.
      await t.db.updateTable('users').set({ name: 'Asha Rao' }).where('id', '=', admin.id).execute();
      expect((await page(second.nextCursor)).total).toBe(first.total);
    } finally {
      await t.db.deleteFrom('products').where('id', '=', added.id).execute();
    }
  });
});
