import { type Product, productMessages } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { editBodyOf } from '../../test/product-bodies.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 12, 'Review that never loses work', over HTTP on a freshly migrated database
 * (SQLite, and PostgreSQL with TEST_DATABASE_URL): a review carrying the form's edits
 * (decision 0045), a rejection's reason (0046), and revisions of live products (0044).
 */

let t: TestApp;
let admin: FixtureUser;
let vendorA: FixtureUser;
let vendorB: FixtureUser;
let phones: string;
let laptops: string;
let smartphones: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type As = FixtureUser | null;

function call(method: Method, url: string, as: As, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: as ? authAs(t.app, as) : {},
    ...(payload !== undefined && { payload: payload as object }),
  });
}

let sequence = 0;

/** A valid product form body; prices in rupees. */
function body(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: `Review Phone ${sequence}`,
    productDetails: 'A phone with a good camera',
    brand: 'Acme',
    color: 'Black',
    sku: `REV-${sequence}-${Math.random().toString(36).slice(2, 7)}`,
    model: 'X1',
    warrantyPeriod: '1 Year',
    salePrice: 999.5,
    actualPrice: 1299,
    manufacturer: 'Acme Industries',
    stockQuantity: 5,
    category: phones,
    subcategory: smartphones,
    images: ['https://img.example.test/1.jpg'],
    ...overrides,
  };
}

async function createAs(as: FixtureUser, overrides: Record<string, unknown> = {}): Promise<Product> {
  const res = await call('POST', '/api/products/create', as, body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product;
}

async function get(id: string, as: As): Promise<Product> {
  const res = await call('GET', `/api/products/${id}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product;
}

/** A vendor A product the admin has approved: live on the storefront. */
async function liveProductOfA(overrides: Record<string, unknown> = {}): Promise<Product> {
  const created = await createAs(vendorA, overrides);
  const res = await call('PUT', `/api/products/admin/approve/${created._id}`, admin, { isApproved: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product;
}

async function pendingIds(query = ''): Promise<string[]> {
  const res = await call('GET', `/api/products/admin/pending${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().products.map((p: Product) => p._id);
}

async function createCategory(name: string): Promise<string> {
  const res = await call('POST', '/api/categories/create', admin, {
    _id: null,
    name,
    imageUrl: 'https://img.example.test/c.jpg',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().category._id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendorA = await createVendor(t.db);
  vendorB = await createVendor(t.db);
  phones = await createCategory('Review Phones');
  laptops = await createCategory('Review Laptops');
  const sub = await call('POST', '/api/subcategories', admin, {
    _id: null,
    name: 'Review Smartphones',
    category: phones,
  });
  expect(sub.statusCode, sub.body).toBe(201);
  smartphones = sub.json().subcategory._id;
});
afterAll(() => t.close());

describe("PUT /api/products/admin/approve/:id with the form's unsaved edits (decision 0045)", () => {
  it('saves the edits and approves in one request', async () => {
    const pending = await createAs(vendorA);
    const res = await call('PUT', `/api/products/admin/approve/${pending._id}`, admin, {
      isApproved: true,
      updatedAt: pending.updatedAt,
      product: editBodyOf(pending, { name: 'Corrected Name', stockQuantity: 9 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(productMessages.approved);
    expect(res.json().product).toMatchObject({
      name: 'Corrected Name',
      stockQuantity: 9,
      approvalStatus: 'approved',
      status: 'active',
      isApproved: true,
    });
    // Published as edited: the storefront reads the corrected name.
    expect((await get(pending._id, null)).name).toBe('Corrected Name');
  });

  it('saves the edits and rejects with the reason in one request', async () => {
    const pending = await createAs(vendorA);
    const res = await call('PUT', `/api/products/admin/approve/${pending._id}`, admin, {
      isApproved: false,
      reason: 'Photos are blurry',
      updatedAt: pending.updatedAt,
      product: editBodyOf(pending, { brand: 'Fixed Brand' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({
      brand: 'Fixed Brand',
      approvalStatus: 'rejected',
      rejectionReason: 'Photos are blurry',
    });
  });

  it('answers 409 on a stale version and saves neither the edits nor the review', async () => {
    const pending = await createAs(vendorA);
    const vendorEdit = await call(
      'PUT',
      `/api/products/edit/${pending._id}`,
      vendorA,
      editBodyOf(pending, { color: 'Red' }),
    );
    expect(vendorEdit.statusCode, vendorEdit.body).toBe(200);
    const res = await call('PUT', `/api/products/admin/approve/${pending._id}`, admin, {
      isApproved: true,
      updatedAt: pending.updatedAt,
      product: editBodyOf(pending, { name: 'Admin Name' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(productMessages.reviewedStale);
    const after = await get(pending._id, admin);
    expect(after).toMatchObject({ name: pending.name, color: 'Red', approvalStatus: 'pending' });
  });

  it('answers 400 to invalid edits and changes nothing', async () => {
    const pending = await createAs(vendorA);
    const res = await call('PUT', `/api/products/admin/approve/${pending._id}`, admin, {
      isApproved: true,
      updatedAt: pending.updatedAt,
      product: editBodyOf(pending, { name: '   ' }),
    });
    expect(res.statusCode).toBe(400);
    expect((await get(pending._id, admin)).approvalStatus).toBe('pending');
  });

  it("answers 409 when the edits take another product's SKU, and reviews nothing", async () => {
    const other = await createAs(vendorB);
    const pending = await createAs(vendorA);
    const res = await call('PUT', `/api/products/admin/approve/${pending._id}`, admin, {
      isApproved: true,
      product: editBodyOf(pending, { sku: other.sku, updatedAt: undefined }),
    });
    expect(res.statusCode).toBe(409);
    expect((await get(pending._id, admin)).approvalStatus).toBe('pending');
  });
});

describe('PUT /api/products/admin/approve/:id rejecting (decision 0046)', () => {
  it("takes the spec's rejection without a reason (decision 0076): rejected, and the vendor reads no reason", async () => {
    for (const payload of [
      { isApproved: false },
      { isApproved: false, reason: '   ' },
      { isApproved: false, reason: null },
    ]) {
      const pending = await createAs(vendorA);
      const res = await call('PUT', `/api/products/admin/approve/${pending._id}`, admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(200);
      expect(res.json().message).toBe(productMessages.rejected);
      expect(await get(pending._id, vendorA)).toMatchObject({ approvalStatus: 'rejected', rejectionReason: null });
    }
  });

  it('answers 400 to a reason too long or carrying NUL', async () => {
    const pending = await createAs(vendorA);
    for (const reason of ['x'.repeat(501), 'bad\u0000reason']) {
      const res = await call('PUT', `/api/products/admin/approve/${pending._id}`, admin, { isApproved: false, reason });
      expect(res.statusCode).toBe(400);
    }
    expect((await get(pending._id, admin)).approvalStatus).toBe('pending');
  });

  it('stores the reason, shows it to the owning vendor, not to another vendor or the storefront', async () => {
    const pending = await createAs(vendorA);
    const res = await call('PUT', `/api/products/admin/approve/${pending._id}`, admin, {
      isApproved: false,
      reason: '  Wrong category for this item  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(productMessages.rejected);
    const mine = await get(pending._id, vendorA);
    expect(mine).toMatchObject({ approvalStatus: 'rejected', rejectionReason: 'Wrong category for this item' });
    const list = await call('GET', '/api/products/admin/all', vendorA);
    expect(list.json().products.find((p: Product) => p._id === pending._id)?.rejectionReason).toBe(
      'Wrong category for this item',
    );
    expect((await call('GET', `/api/products/${pending._id}`, vendorB)).statusCode).toBe(404);
    expect((await call('GET', `/api/products/${pending._id}`, null)).statusCode).toBe(404);
    const bList = await call('GET', '/api/products/admin/all', vendorB);
    expect(bList.json().products.map((p: Product) => p._id)).not.toContain(pending._id);
  });

  it('keeps the reason through a resubmission for the queue, and clears it on approval', async () => {
    const pending = await createAs(vendorA);
    await call('PUT', `/api/products/admin/approve/${pending._id}`, admin, { isApproved: false, reason: 'No photo' });
    const rejected = await get(pending._id, vendorA);
    expect(await pendingIds()).not.toContain(pending._id);
    const resubmit = await call(
      'PUT',
      `/api/products/edit/${pending._id}`,
      vendorA,
      editBodyOf(rejected, { color: 'Blue' }),
    );
    expect(resubmit.statusCode, resubmit.body).toBe(200);
    expect(resubmit.json().product).toMatchObject({ approvalStatus: 'pending', rejectionReason: 'No photo' });
    const queue = await call('GET', '/api/products/admin/pending', admin);
    expect(queue.json().products.find((p: Product) => p._id === pending._id)?.rejectionReason).toBe('No photo');
    const approved = await call('PUT', `/api/products/admin/approve/${pending._id}`, admin, { isApproved: true });
    expect(approved.json().product).toMatchObject({ approvalStatus: 'approved', rejectionReason: null });
  });

  it('ignores a reason sent with an approval', async () => {
    const pending = await createAs(vendorA);
    const res = await call('PUT', `/api/products/admin/approve/${pending._id}`, admin, {
      isApproved: true,
      reason: 'irrelevant',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.rejectionReason).toBeNull();
  });
});

describe('PUT /api/products/edit/:id by a vendor on a live product (decision 0044)', () => {
  it('applies a stock and price change at once and keeps the product live, with no revision', async () => {
    const live = await liveProductOfA();
    const res = await call(
      'PUT',
      `/api/products/edit/${live._id}`,
      vendorA,
      editBodyOf(live, { stockQuantity: 42, salePrice: 899 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(productMessages.updated);
    expect(res.json().product).toMatchObject({ approvalStatus: 'approved', status: 'active', revision: null });
    const storefront = await get(live._id, null);
    expect(storefront).toMatchObject({ stockQuantity: 42, salePrice: 899 });
    expect(await pendingIds()).not.toContain(live._id);
  });

  it('keeps a name change waiting as a revision while the old name stays public', async () => {
    const live = await liveProductOfA({ name: 'Old Public Name' });
    const res = await call(
      'PUT',
      `/api/products/edit/${live._id}`,
      vendorA,
      editBodyOf(live, { name: 'New Proposed Name', stockQuantity: 7, category: laptops, subcategory: '' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(productMessages.revisionSubmitted);
    const saved: Product = res.json().product;
    expect(saved).toMatchObject({
      name: 'Old Public Name',
      stockQuantity: 7,
      approvalStatus: 'approved',
      status: 'active',
    });
    expect(saved.revision).toMatchObject({ status: 'pending', reason: null });
    expect(saved.revision?.changes).toEqual([
      { field: 'name', label: 'Product Name', before: 'Old Public Name', after: 'New Proposed Name' },
      { field: 'category', label: 'Category', before: 'Review Phones', after: 'Review Laptops' },
      { field: 'subcategory', label: 'Subcategory', before: 'Review Smartphones', after: null },
    ]);
    // The storefront: old name, new stock, no review state.
    const storefront = await get(live._id, null);
    expect(storefront).toMatchObject({ name: 'Old Public Name', stockQuantity: 7, revision: null });
    const publicList = await call('GET', '/api/products?search=Old%20Public%20Name', null);
    expect(publicList.json().products.map((p: Product) => p.name)).toContain('Old Public Name');
    // In the queue with its changes; counted as pending.
    const queue = await call('GET', '/api/products/admin/pending', admin);
    const queued = queue.json().products.find((p: Product) => p._id === live._id);
    expect(queued.revision.changes.map((c: { field: string }) => c.field)).toEqual(['name', 'category', 'subcategory']);
    // Another vendor cannot see it.
    expect((await call('GET', `/api/products/${live._id}`, vendorB)).statusCode).toBe(404);
    // The activity log has the proposal, marked as awaiting review (issue 27).
    const history = await call('GET', `/api/activity/product/${live._id}`, admin);
    const proposal = (
      history.json().entries as { changes: Record<string, { before: unknown; after: unknown }> }[]
    ).find((entry) => entry.changes.revision);
    expect(proposal?.changes.revision).toEqual({ before: null, after: 'awaiting review' });
    expect(proposal?.changes.name).toEqual({ before: 'Old Public Name', after: 'New Proposed Name' });
  });

  it('updates the one open revision on a second edit, and withdraws it when the edit goes back to live values', async () => {
    const live = await liveProductOfA();
    const first = await call(
      'PUT',
      `/api/products/edit/${live._id}`,
      vendorA,
      editBodyOf(live, { brand: 'Brand Two' }),
    );
    const afterFirst: Product = first.json().product;
    const second = await call(
      'PUT',
      `/api/products/edit/${live._id}`,
      vendorA,
      editBodyOf(afterFirst, { brand: 'Brand Three', images: ['https://img.example.test/new.jpg'] }),
    );
    expect(second.statusCode, second.body).toBe(200);
    const afterSecond: Product = second.json().product;
    expect(afterSecond.revision?._id).toBe(afterFirst.revision?._id);
    expect(afterSecond.revision?.changes.map((c) => [c.field, c.after])).toEqual([
      ['brand', 'Brand Three'],
      ['images', ['https://img.example.test/new.jpg']],
    ]);
    const open = await t.db
      .selectFrom('productRevisions')
      .select('id')
      .where('productId', '=', Number(live._id))
      .where('status', '=', 'pending')
      .execute();
    expect(open).toHaveLength(1);
    const back = await call(
      'PUT',
      `/api/products/edit/${live._id}`,
      vendorA,
      editBodyOf(afterSecond, { brand: live.brand, images: live.images }),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().product.revision).toBeNull();
    expect(await pendingIds()).not.toContain(live._id);
  });

  it('answers 409 to a vendor edit from a stale version and changes nothing', async () => {
    const live = await liveProductOfA();
    await call('PUT', `/api/products/edit/${live._id}`, vendorA, editBodyOf(live, { stockQuantity: 11 }));
    const res = await call('PUT', `/api/products/edit/${live._id}`, vendorA, editBodyOf(live, { name: 'Too Late' }));
    expect(res.statusCode).toBe(409);
    expect((await get(live._id, vendorA)).revision).toBeNull();
  });

  it('still sends a pending product back to the queue as a whole', async () => {
    const pending = await createAs(vendorA);
    const res = await call(
      'PUT',
      `/api/products/edit/${pending._id}`,
      vendorA,
      editBodyOf(pending, { name: 'Still Pending' }),
    );
    expect(res.json()).toMatchObject({ message: productMessages.updatedAwaitingApproval });
    expect(res.json().product).toMatchObject({ name: 'Still Pending', approvalStatus: 'pending', revision: null });
  });

  it("applies an admin's edit of a live product directly", async () => {
    const live = await liveProductOfA();
    const res = await call('PUT', `/api/products/edit/${live._id}`, admin, editBodyOf(live, { name: 'Admin Renamed' }));
    expect(res.json().product).toMatchObject({ name: 'Admin Renamed', revision: null });
    expect((await get(live._id, null)).name).toBe('Admin Renamed');
  });
});

describe('PUT /api/products/admin/revisions/:id', () => {
  async function revisionOf(overrides: Record<string, unknown>) {
    const live = await liveProductOfA({ name: `Live ${Math.random().toString(36).slice(2, 7)}` });
    const res = await call('PUT', `/api/products/edit/${live._id}`, vendorA, editBodyOf(live, overrides));
    expect(res.statusCode, res.body).toBe(200);
    const product: Product = res.json().product;
    if (!product.revision) throw new Error('no revision');
    return { live, product, revision: product.revision };
  }

  describe("through the spec's PUT /api/products/admin/approve/:id (decision 0076)", () => {
    it('approving publishes the pending revision, as the queue’s Approve does', async () => {
      const { live, product } = await revisionOf({ name: 'Published Through Approve' });
      const res = await call('PUT', `/api/products/admin/approve/${live._id}`, admin, {
        isApproved: true,
        updatedAt: product.updatedAt,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(productMessages.revisionApproved);
      expect(res.json().product).toMatchObject({ name: 'Published Through Approve', approvalStatus: 'approved' });
      expect((await call('GET', `/api/products/${live._id}`, null)).json().product.name).toBe(
        'Published Through Approve',
      );
      expect((await get(live._id, vendorA)).revision).toBeNull();
    });

    it('rejecting rejects the revision and keeps the live product live, with or without a reason', async () => {
      const { live } = await revisionOf({ name: 'Not This Name' });
      const res = await call('PUT', `/api/products/admin/approve/${live._id}`, admin, { isApproved: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(productMessages.revisionRejected);
      const after = await get(live._id, vendorA);
      expect(after).toMatchObject({ name: live.name, approvalStatus: 'approved', status: 'active' });
      expect(after.revision).toMatchObject({ status: 'rejected', reason: null });
      expect((await call('GET', `/api/products/${live._id}`, null)).statusCode).toBe(200);
    });

    it('answers 409 to a stale product version or to edits sent along, publishing nothing', async () => {
      const { live, product } = await revisionOf({ name: 'Waiting Name' });
      const stale = await call('PUT', `/api/products/admin/approve/${live._id}`, admin, {
        isApproved: true,
        updatedAt: live.updatedAt,
      });
      expect(stale.statusCode).toBe(409);
      const withEdits = await call('PUT', `/api/products/admin/approve/${live._id}`, admin, {
        isApproved: true,
        product: editBodyOf(product, { name: 'Admin Edit', updatedAt: undefined }),
      });
      expect(withEdits.statusCode).toBe(409);
      expect(withEdits.json().message).toBe(productMessages.reviewAsRevision);
      const after = await get(live._id, vendorA);
      expect(after).toMatchObject({ name: live.name, revision: { status: 'pending' } });
    });
  });

  it('publishes the revision on approval: the storefront reads the new name', async () => {
    const { live, revision } = await revisionOf({ name: 'Published Name', images: ['https://img.example.test/p.jpg'] });
    const res = await call('PUT', `/api/products/admin/revisions/${revision._id}`, admin, {
      isApproved: true,
      updatedAt: revision.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(productMessages.revisionApproved);
    expect(res.json().product).toMatchObject({ name: 'Published Name', revision: null, approvalStatus: 'approved' });
    expect(await get(live._id, null)).toMatchObject({
      name: 'Published Name',
      images: ['https://img.example.test/p.jpg'],
    });
    expect(await pendingIds()).not.toContain(live._id);
    // Reviewed once: a second review is refused.
    const again = await call('PUT', `/api/products/admin/revisions/${revision._id}`, admin, { isApproved: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(productMessages.revisionNotFound);
  });

  it('keeps the live version on rejection and tells the owning vendor why', async () => {
    const { live, revision } = await revisionOf({ name: 'Rejected Name' });
    const noReason = await call('PUT', `/api/products/admin/revisions/${revision._id}`, admin, { isApproved: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(productMessages.rejectReasonRequired);
    const res = await call('PUT', `/api/products/admin/revisions/${revision._id}`, admin, {
      isApproved: false,
      reason: 'Name is misleading',
      updatedAt: revision.updatedAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(productMessages.revisionRejected);
    expect((await get(live._id, null)).name).toBe(live.name);
    const mine = await get(live._id, vendorA);
    expect(mine).toMatchObject({ name: live.name, approvalStatus: 'approved' });
    expect(mine.revision).toMatchObject({ status: 'rejected', reason: 'Name is misleading' });
    expect(await pendingIds()).not.toContain(live._id);
    expect((await call('GET', `/api/products/${live._id}`, vendorB)).statusCode).toBe(404);
  });

  it('answers 409 when the vendor changed the revision after the admin opened it', async () => {
    const { live, product, revision } = await revisionOf({ name: 'First Idea' });
    await call(
      'PUT',
      `/api/products/edit/${live._id}`,
      vendorA,
      editBodyOf(product, { name: 'Second Idea', updatedAt: product.updatedAt }),
    );
    const res = await call('PUT', `/api/products/admin/revisions/${revision._id}`, admin, {
      isApproved: true,
      updatedAt: revision.updatedAt,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(productMessages.revisionStale);
    expect((await get(live._id, null)).name).toBe(live.name);
  });

  it('answers 409 when an admin changed the live fields under the revision, but not for a stock change', async () => {
    const { live, product, revision } = await revisionOf({ name: 'Vendor Idea' });
    // A stock change (as a sale makes) does not stand in the way.
    const stock = await call(
      'PUT',
      `/api/products/edit/${live._id}`,
      vendorA,
      editBodyOf(product, { name: 'Vendor Idea', stockQuantity: 1 }),
    );
    expect(stock.statusCode, stock.body).toBe(200);
    const current = await get(live._id, admin);
    const adminEdit = await call(
      'PUT',
      `/api/products/edit/${live._id}`,
      admin,
      editBodyOf(current, { productDetails: 'Admin fixed the details' }),
    );
    expect(adminEdit.statusCode, adminEdit.body).toBe(200);
    const latest = (await get(live._id, admin)).revision;
    const res = await call('PUT', `/api/products/admin/revisions/${revision._id}`, admin, {
      isApproved: true,
      updatedAt: latest?.updatedAt,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(productMessages.revisionBaseMoved);
    expect((await get(live._id, null)).name).toBe(live.name);
  });

  it('answers 404 to a revision that does not exist and 400 to hostile ids and bodies', async () => {
    expect((await call('PUT', '/api/products/admin/revisions/999999', admin, { isApproved: true })).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', '/api/products/admin/revisions/99999999999', admin, { isApproved: true })).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/api/products/admin/revisions/abc', admin, { isApproved: true })).statusCode).toBe(400);
    const { revision } = await revisionOf({ name: 'Hostile' });
    for (const payload of [null, [], { isApproved: 'yes' }, { isApproved: true, updatedAt: 'yesterday' }]) {
      const res = await call('PUT', `/api/products/admin/revisions/${revision._id}`, admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('answers 401 to anonymous and 403 to vendors, even the owner', async () => {
    const { revision } = await revisionOf({ name: 'Not Yours To Approve' });
    const url = `/api/products/admin/revisions/${revision._id}`;
    expect((await call('PUT', url, null, { isApproved: true })).statusCode).toBe(401);
    expect((await call('PUT', url, vendorA, { isApproved: true })).statusCode).toBe(403);
    expect((await call('PUT', url, vendorB, { isApproved: true })).statusCode).toBe(403);
  });
});

describe('GET /api/products/admin/count with revisions', () => {
  it('counts a product with a pending revision as pending approval', async () => {
    const before = (await call('GET', '/api/products/admin/count', admin)).json().pendingApprovalCount;
    const live = await liveProductOfA();
    await call('PUT', `/api/products/edit/${live._id}`, vendorA, editBodyOf(live, { name: 'Counted Change' }));
    const after = (await call('GET', '/api/products/admin/count', admin)).json().pendingApprovalCount;
    expect(after).toBe(before + 1);
  });
});
