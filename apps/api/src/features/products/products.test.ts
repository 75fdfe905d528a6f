import { MAX_CURSOR_LENGTH, type Product, productMessages } from '@haat/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: FixtureUser;
let vendorA: FixtureUser & { businessName: string };
let vendorB: FixtureUser & { businessName: string };
let pendingVendor: FixtureUser & { businessName: string };
let phones: string;
let laptops: string;
let smartphones: string;
let tablets: string;
let gaming: string;

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

let skuSequence = 0;

/** A valid product form body; prices in rupees. */
function body(overrides: Record<string, unknown> = {}) {
  skuSequence += 1;
  return {
    name: `Test Phone ${skuSequence}`,
    productDetails: 'A phone with a good camera',
    brand: 'Acme',
    color: 'Black',
    sku: `SKU-${skuSequence}`,
    model: 'X1',
    warrantyPeriod: '1 Year',
    salePrice: 999.5,
    actualPrice: 1299,
    manufacturer: 'Acme Industries',
    stockQuantity: 5,
    category: phones,
    subcategory: smartphones,
    images: ['https://img.example.test/1.jpg', 'https://img.example.test/2.jpg'],
    ...overrides,
  };
}

async function create(as: FixtureUser, overrides: Record<string, unknown> = {}): Promise<Product> {
  const res = await call('POST', '/api/products/create', as, body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product;
}

async function review(id: string, isApproved: boolean) {
  // A rejection gives its reason (decision 0046).
  const payload = isApproved ? { isApproved } : { isApproved, reason: 'Not ready for the store' };
  const res = await call('PUT', `/api/products/admin/approve/${id}`, admin, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product as Product;
}

async function productCount(): Promise<number> {
  const row = await t.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Creates a category through the API of `on` (the file's app by default) as `as`; answers its id. */
async function createCategory(name: string, on: TestApp = t, as: FixtureUser = admin): Promise<string> {
  const res = await on.app.inject({
    method: 'POST',
    url: '/api/categories/create',
    headers: authAs(on.app, as),
    payload: { _id: null, name, imageUrl: 'https://img.example.test/c.jpg' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().category._id;
}

async function createSubcategory(name: string, category: string): Promise<string> {
  const res = await call('POST', '/api/subcategories', admin, { _id: null, name, category });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().subcategory._id;
}

const ids = (products: Product[]) => products.map((p) => p._id).sort();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db, { name: 'Asha Admin' });
  vendorA = await createVendor(t.db, { name: 'Vikram', businessName: 'Vikram Traders' });
  vendorB = await createVendor(t.db, { name: 'Bela', businessName: 'Bela Electronics' });
  pendingVendor = await createVendor(t.db, { status: 'pending' });
  phones = await createCategory('Phones');
  laptops = await createCategory('Laptops');
  smartphones = await createSubcategory('Smartphones', phones);
  tablets = await createSubcategory('Tablets', phones);
  gaming = await createSubcategory('Gaming laptops', laptops);
});
afterAll(() => t.close());

describe('POST /api/products/create', () => {
  it('answers 401 to anonymous and stores nothing', async () => {
    const before = await productCount();
    const res = await call('POST', '/api/products/create', null, body());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(await productCount()).toBe(before);
  });

  it('answers 403 to a vendor not yet approved', async () => {
    const res = await call('POST', '/api/products/create', pendingVendor, body());
    expect(res.statusCode).toBe(403);
  });

  it('saves an admin product approved and active, prices in rupees, images in order', async () => {
    const payload = body({ images: ['https://img.example.test/b.jpg', 'https://img.example.test/a.jpg'] });
    const res = await call('POST', '/api/products/create', admin, payload);
    expect(res.statusCode).toBe(201);
    const { success, message, product } = res.json();
    expect(success).toBe(true);
    expect(message).toBe('Product created successfully!');
    expect(product).toMatchObject({
      name: payload.name,
      productDetails: 'A phone with a good camera',
      brand: 'Acme',
      color: 'Black',
      sku: payload.sku,
      model: 'X1',
      warrantyPeriod: '1 Year',
      salePrice: 999.5,
      actualPrice: 1299,
      manufacturer: 'Acme Industries',
      stockQuantity: 5,
      category: { _id: phones, name: 'Phones' },
      subcategory: { _id: smartphones, name: 'Smartphones' },
      status: 'active',
      vendor: null,
      images: ['https://img.example.test/b.jpg', 'https://img.example.test/a.jpg'],
      isApproved: true,
      approvalStatus: 'approved',
      reviewedBy: { _id: String(admin.id), name: 'Asha Admin' },
    });
    expect(product._id).toMatch(/^\d+$/);
    expect(new Date(product.createdAt).toISOString()).toBe(product.createdAt);
    const row = await t.db
      .selectFrom('products')
      .select(['salePricePaise', 'actualPricePaise'])
      .where('id', '=', Number(product._id))
      .executeTakeFirstOrThrow();
    expect(Number(row.salePricePaise)).toBe(99_950);
    expect(Number(row.actualPricePaise)).toBe(129_900);
  });

  it('fills brand and warranty defaults and omits an empty subcategory', async () => {
    const product = await create(admin, { brand: '', warrantyPeriod: '', subcategory: '', color: '', images: [] });
    expect(product).toMatchObject({
      brand: 'Unknown',
      warrantyPeriod: 'No Warranty',
      subcategory: null,
      color: null,
      images: [],
    });
  });

  it('lets an admin set the status and assign an approved vendor', async () => {
    const product = await create(admin, { status: 'inactive', vendor: vendorA.vendorId });
    expect(product.status).toBe('inactive');
    expect(product.isApproved).toBe(true);
    expect(product.vendor).toEqual({ _id: String(vendorA.vendorId), businessName: 'Vikram Traders', name: 'Vikram' });
  });

  it.each([
    ['a pending vendor', () => pendingVendor.vendorId],
    ['a vendor that does not exist', () => 999_999],
  ])('answers 400 to an admin assigning %s', async (_, vendorId) => {
    const before = await productCount();
    const res = await call('POST', '/api/products/create', admin, body({ vendor: vendorId() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Products can only be assigned to an approved vendor',
      errors: { vendor: 'Products can only be assigned to an approved vendor' },
    });
    expect(await productCount()).toBe(before);
  });

  it("saves a vendor's product as theirs and awaiting approval, whatever the body says", async () => {
    const res = await call(
      'POST',
      '/api/products/create',
      vendorA,
      body({ status: 'active', vendor: vendorB.vendorId }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Product submitted successfully! Please wait for admin approval.');
    expect(res.json().product).toMatchObject({
      status: 'pending',
      isApproved: false,
      approvalStatus: 'pending',
      vendor: { _id: String(vendorA.vendorId) },
      reviewedBy: null,
      reviewedAt: null,
    });
  });

  it('answers at the legacy path /products/create', async () => {
    const res = await call('POST', '/products/create', admin, body());
    expect(res.statusCode).toBe(201);
    expect(res.json().success).toBe(true);
  });

  const tooMany = Array.from({ length: 21 }, (_, i) => `https://img.example.test/${i}.jpg`);
  it.each([
    [
      'an empty body',
      {
        name: undefined,
        productDetails: undefined,
        sku: undefined,
        salePrice: undefined,
        actualPrice: undefined,
        stockQuantity: undefined,
        category: undefined,
      },
      'Product name is required, Product details are required, SKU is required, Valid sale price is required, Valid actual price is required, Valid stock quantity is required, Category is required',
    ],
    ['a blank name', { name: '   ' }, 'Product name is required'],
    ['blank details', { productDetails: '' }, 'Product details are required'],
    ['a blank SKU', { sku: '  ' }, 'SKU is required'],
    ['a zero sale price', { salePrice: 0 }, 'Valid sale price is required'],
    ['a negative sale price', { salePrice: -5 }, 'Valid sale price is required'],
    ['a sale price with three decimals', { salePrice: 10.555 }, 'Valid sale price is required'],
    ['a sale price as text', { salePrice: '10' }, 'Valid sale price is required'],
    ['a zero actual price', { actualPrice: 0 }, 'Valid actual price is required'],
    ['a negative stock', { stockQuantity: -1 }, 'Valid stock quantity is required'],
    ['a fractional stock', { stockQuantity: 1.5 }, 'Valid stock quantity is required'],
    ['no category', { category: '' }, 'Category is required'],
    [
      'a sale price above the actual price',
      { salePrice: 20, actualPrice: 10 },
      'Sale price cannot be more than the actual price',
    ],
    [
      'an image URL that is not http(s)',
      { images: ['ftp://img.example.test/1.jpg'] },
      'Please enter a valid URL (include http:// or https://)',
    ],
    ['a blank image URL', { images: ['  '] }, 'Please enter a URL'],
    ['a repeated image URL', { images: ['https://a.test/1.jpg', 'https://a.test/1.jpg'] }, 'This URL is already added'],
    ['21 images', { images: tooMany }, 'A product can have at most 20 images'],
    ['a malformed subcategory', { subcategory: 'abc' }, 'Please select a valid subcategory'],
    ['a malformed vendor', { vendor: 'abc' }, 'Please select a valid vendor'],
    ['an unknown warranty', { warrantyPeriod: 'Forever' }, 'Please select a valid warranty period'],
    ['a pending status', { status: 'pending' }, 'Status must be active or inactive'],
  ])('answers 400 to %s with the form message and stores nothing', async (_, overrides, message) => {
    const before = await productCount();
    const res = await call('POST', '/api/products/create', admin, body(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
    expect(await productCount()).toBe(before);
  });

  it('names each bad field under errors', async () => {
    const res = await call('POST', '/api/products/create', admin, body({ name: '', images: ['x'] }));
    expect(res.json().errors).toEqual({
      name: 'Product name is required',
      'images.0': 'Please enter a valid URL (include http:// or https://)',
    });
  });

  it.each([
    [
      'a category that does not exist',
      () => ({ category: '999999', subcategory: null }),
      { category: 'The selected category does not exist' },
    ],
    [
      'a subcategory that does not exist',
      () => ({ subcategory: '999999' }),
      { subcategory: 'The selected subcategory does not exist' },
    ],
    [
      "another category's subcategory",
      () => ({ category: phones, subcategory: gaming }),
      { subcategory: 'Subcategory does not belong to the selected category' },
    ],
  ])('answers 400 to %s', async (_, overrides, errors) => {
    const before = await productCount();
    const res = await call('POST', '/api/products/create', admin, body(overrides()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: Object.values(errors)[0],
      errors,
    });
    expect(await productCount()).toBe(before);
  });

  it('answers 409 to a SKU already used, ignoring case, and stores nothing', async () => {
    await create(admin, { sku: 'DUP-sku-1' });
    const before = await productCount();
    const res = await call('POST', '/api/products/create', vendorA, body({ sku: 'dup-SKU-1' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'CONFLICT',
      message: 'A product with this SKU already exists',
      errors: { sku: 'A product with this SKU already exists' },
    });
    expect(await productCount()).toBe(before);
  });

  it('answers one 201 and otherwise 409, never 500, to concurrent creates of one SKU', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/api/products/create', admin, body({ sku: 'RACE-1' }))),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.db.selectFrom('products').select('id').where('sku', '=', 'RACE-1').execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 413 to a body over 1 MB', async () => {
    const res = await call('POST', '/api/products/create', admin, body({ productDetails: 'x'.repeat(1_100_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('GET /api/products/:id', () => {
  let approved: Product;
  let vendorsPending: Product;
  let inactive: Product;

  beforeAll(async () => {
    approved = await create(admin, { vendor: vendorB.vendorId });
    vendorsPending = await create(vendorA);
    inactive = await create(admin, { status: 'inactive' });
  });

  it('answers any product to an admin', async () => {
    for (const product of [approved, vendorsPending, inactive]) {
      const res = await call('GET', `/api/products/${product._id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, product });
    }
  });

  it('answers a vendor their own product', async () => {
    const res = await call('GET', `/api/products/${vendorsPending._id}`, vendorA);
    expect(res.statusCode).toBe(200);
    expect(res.json().product._id).toBe(vendorsPending._id);
  });

  it('answers 404 to another vendor', async () => {
    const res = await call('GET', `/api/products/${vendorsPending._id}`, vendorB);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Product not found' });
  });

  it('answers anonymous an approved active product only', async () => {
    expect((await call('GET', `/api/products/${approved._id}`, null)).statusCode).toBe(200);
    expect((await call('GET', `/api/products/${vendorsPending._id}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/products/${inactive._id}`, null)).statusCode).toBe(404);
  });

  it('answers 404 to an id that does not exist and 400 to a malformed one', async () => {
    expect((await call('GET', '/api/products/999999', admin)).statusCode).toBe(404);
    const bad = await call('GET', '/api/products/abc', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Must be a valid id' });
  });

  it('answers at the legacy path /products/:id', async () => {
    const res = await call('GET', `/products/${approved._id}`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json().product.name).toBe(approved.name);
  });
});

describe('PUT /api/products/edit/:id', () => {
  it('answers 401 to anonymous', async () => {
    const product = await create(vendorA);
    expect((await call('PUT', `/api/products/edit/${product._id}`, null, body())).statusCode).toBe(401);
  });

  it('answers 404 to another vendor and changes nothing', async () => {
    const product = await create(vendorA);
    const res = await call('PUT', `/api/products/edit/${product._id}`, vendorB, body({ name: 'Hijacked' }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
    const after = await call('GET', `/api/products/${product._id}`, admin);
    expect(after.json().product).toEqual(product);
  });

  it('answers 404 to a product that does not exist', async () => {
    expect((await call('PUT', '/api/products/edit/999999', admin, body())).statusCode).toBe(404);
  });

  it("keeps a vendor's approved product live and its rename waiting for review, ignoring status and vendor", async () => {
    // Decision 0044 (replacing 0013's rule for approved products): see review.test.ts for the whole flow.
    const product = await create(vendorA);
    await review(product._id, true);
    const res = await call(
      'PUT',
      `/api/products/edit/${product._id}`,
      vendorA,
      body({ name: 'Renamed by vendor', sku: product.sku, status: 'inactive', vendor: vendorB.vendorId }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(productMessages.revisionSubmitted);
    expect(res.json().product).toMatchObject({
      name: product.name,
      status: 'active',
      approvalStatus: 'approved',
      isApproved: true,
      vendor: { _id: String(vendorA.vendorId) },
      revision: { status: 'pending' },
    });
    const pending = await call('GET', '/api/products/admin/pending', admin);
    expect(ids(pending.json().products)).toContain(product._id);
  });

  it('lets a vendor resubmit a rejected product by editing it', async () => {
    const product = await create(vendorA);
    expect((await review(product._id, false)).approvalStatus).toBe('rejected');
    const res = await call('PUT', `/api/products/edit/${product._id}`, vendorA, body({ sku: product.sku }));
    expect(res.json().product.approvalStatus).toBe('pending');
  });

  describe('with the version the form loaded (updatedAt)', () => {
    const edit = (product: Product, as: FixtureUser, overrides: Record<string, unknown>) =>
      call('PUT', `/api/products/edit/${product._id}`, as, body({ sku: product.sku, ...overrides }));

    it('saves when the product is unchanged since, and answers the new version', async () => {
      const product = await create(admin);
      const res = await edit(product, admin, { name: 'Saved once', updatedAt: product.updatedAt });
      expect(res.statusCode).toBe(200);
      expect(res.json().product.name).toBe('Saved once');
      expect(Date.parse(res.json().product.updatedAt)).toBeGreaterThan(Date.parse(product.updatedAt));
    });

    it('refuses with 409 a save from a version someone else has saved over, and keeps their change', async () => {
      const product = await create(vendorA);
      const theirs = await edit(product, admin, { name: 'Their change', updatedAt: product.updatedAt });
      expect(theirs.statusCode).toBe(200);

      const mine = await edit(product, vendorA, { name: 'My stale change', updatedAt: product.updatedAt });
      expect(mine.statusCode).toBe(409);
      expect(mine.json()).toMatchObject({
        success: false,
        code: 'CONFLICT',
        message:
          'This product was changed by someone else after you opened it. Reload the page to see their changes, then save yours again.',
      });
      const after = await call('GET', `/api/products/${product._id}`, admin);
      expect(after.json().product).toEqual(theirs.json().product);
    });

    it('lets exactly one of two racing saves from the same version through', async () => {
      const product = await create(admin);
      const answers = await Promise.all(
        ['First', 'Second'].map((name) => edit(product, admin, { name, updatedAt: product.updatedAt })),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((res) => res.statusCode === 200)?.json().product.name;
      const after = await call('GET', `/api/products/${product._id}`, admin);
      expect(after.json().product.name).toBe(winner);
    });

    it('refuses a save from a version opened before the product was reviewed', async () => {
      const product = await create(vendorA);
      const approved = await review(product._id, true);
      expect(Date.parse(approved.updatedAt)).toBeGreaterThan(Date.parse(product.updatedAt));
      const res = await edit(product, vendorA, { name: 'Edited before the review', updatedAt: product.updatedAt });
      expect(res.statusCode).toBe(409);
      const after = await call('GET', `/api/products/${product._id}`, admin);
      expect(after.json().product).toMatchObject({ name: product.name, approvalStatus: 'approved' });
    });

    it("saves without a version, as the spec's clients send", async () => {
      const product = await create(admin);
      const res = await edit(product, admin, { name: 'No version' });
      expect(res.statusCode).toBe(200);
    });

    it('answers 400 to a version that is not a timestamp, and changes nothing', async () => {
      const product = await create(admin);
      const res = await edit(product, admin, { name: 'Bad version', updatedAt: 'yesterday' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        updatedAt: 'The version of the product being edited is not a valid timestamp',
      });
      const after = await call('GET', `/api/products/${product._id}`, admin);
      expect(after.json().product).toEqual(product);
    });
  });

  it('replaces the images, in the new order', async () => {
    const product = await create(admin);
    const images = ['https://img.example.test/3.jpg', 'https://img.example.test/1.jpg'];
    const res = await call('PUT', `/api/products/edit/${product._id}`, admin, body({ sku: product.sku, images }));
    expect(res.json().product.images).toEqual(images);
  });

  it('lets an admin set an approved product inactive and reassign it', async () => {
    const product = await create(admin);
    const res = await call(
      'PUT',
      `/api/products/edit/${product._id}`,
      admin,
      body({
        sku: product.sku,
        status: 'inactive',
        vendor: vendorB.vendorId,
        salePrice: 10,
        actualPrice: 12.25,
        subcategory: tablets,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Product updated successfully!');
    expect(res.json().product).toMatchObject({
      status: 'inactive',
      approvalStatus: 'approved',
      vendor: { _id: String(vendorB.vendorId) },
      salePrice: 10,
      actualPrice: 12.25,
      subcategory: { _id: tablets, name: 'Tablets' },
    });
    const toStore = await call(
      'PUT',
      `/api/products/edit/${product._id}`,
      admin,
      body({ sku: product.sku, vendor: '' }),
    );
    expect(toStore.json().product.vendor).toBeNull();
  });

  it("keeps a vendor's pending product pending when an admin edits it", async () => {
    const product = await create(vendorA);
    const res = await call(
      'PUT',
      `/api/products/edit/${product._id}`,
      admin,
      body({ sku: product.sku, status: 'active' }),
    );
    expect(res.json().product).toMatchObject({ status: 'pending', approvalStatus: 'pending' });
    expect(res.json().product.vendor._id).toBe(String(vendorA.vendorId));
  });

  it('answers 400 to an admin reassigning it to a pending vendor', async () => {
    const product = await create(admin);
    const res = await call(
      'PUT',
      `/api/products/edit/${product._id}`,
      admin,
      body({ sku: product.sku, vendor: pendingVendor.vendorId }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ vendor: 'Products can only be assigned to an approved vendor' });
  });

  it("answers 409 to another product's SKU and accepts its own in another case", async () => {
    const first = await create(admin);
    const second = await create(admin);
    const taken = await call('PUT', `/api/products/edit/${second._id}`, admin, body({ sku: first.sku.toLowerCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A product with this SKU already exists');
    const own = await call('PUT', `/api/products/edit/${second._id}`, admin, body({ sku: second.sku.toLowerCase() }));
    expect(own.statusCode).toBe(200);
    expect(own.json().product.sku).toBe(second.sku.toLowerCase());
  });

  it('answers 400 to a bad body and changes nothing', async () => {
    const product = await create(admin);
    const res = await call('PUT', `/api/products/edit/${product._id}`, admin, body({ salePrice: 0, name: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Product name is required, Valid sale price is required');
    expect((await call('GET', `/api/products/${product._id}`, admin)).json().product).toEqual(product);
  });

  it('answers at the legacy path /products/edit/:id', async () => {
    const product = await create(admin);
    const res = await call('PUT', `/products/edit/${product._id}`, admin, body({ sku: product.sku, name: 'Legacy' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().product.name).toBe('Legacy');
  });
});

describe('DELETE /api/products/delete/:id', () => {
  it('answers 401 to anonymous', async () => {
    const product = await create(admin);
    expect((await call('DELETE', `/api/products/delete/${product._id}`, null)).statusCode).toBe(401);
  });

  it('answers 404 to another vendor and keeps the product', async () => {
    const product = await create(vendorA);
    const res = await call('DELETE', `/api/products/delete/${product._id}`, vendorB);
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `/api/products/${product._id}`, admin)).statusCode).toBe(200);
  });

  it('lets a vendor delete their own product', async () => {
    const product = await create(vendorA);
    const res = await call('DELETE', `/api/products/delete/${product._id}`, vendorA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Product deleted successfully!' });
    expect((await call('GET', `/api/products/${product._id}`, admin)).statusCode).toBe(404);
  });

  it('keeps past orders intact, with the line as sold', async () => {
    const product = await create(admin, { name: 'Sold Phone' });
    const now = new Date().toISOString();
    const order = await t.db
      .insertInto('orders')
      .values({
        trackingNumber: `TRK-${product._id}`,
        userId: null,
        billingFullName: 'Ravi Kumar',
        billingEmail: 'ravi@example.test',
        billingPhone: '+91 90000 00000',
        billingNote: null,
        billingAddress: '1 Park Street',
        billingCity: 'Kolkata',
        billingProvince: 'West Bengal',
        paymentMethod: 'cod',
        subtotalPaise: 99_950,
        couponId: null,
        couponCode: null,
        discountPaise: 0,
        discountedTotalPaise: 99_950,
        status: 'Delivered',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('orderItems')
      .values({
        orderId: order.id,
        productId: Number(product._id),
        productName: product.name,
        productImage: product.images[0] ?? null,
        quantity: 1,
        salePricePaise: 99_950,
        createdAt: now,
        updatedAt: now,
      })
      .execute();

    const res = await call('DELETE', `/api/products/delete/${product._id}`, admin);
    expect(res.statusCode).toBe(200);

    const line = await t.db
      .selectFrom('orderItems')
      .select(['productId', 'productName', 'productImage', 'salePricePaise'])
      .where('orderId', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({
      productId: null,
      productName: 'Sold Phone',
      productImage: 'https://img.example.test/1.jpg',
      salePricePaise: 99_950,
    });
    const images = await t.db
      .selectFrom('productImages')
      .select('id')
      .where('productId', '=', Number(product._id))
      .execute();
    expect(images).toHaveLength(0);
  });

  it('answers 404 to a product that does not exist', async () => {
    expect((await call('DELETE', '/api/products/delete/999999', admin)).statusCode).toBe(404);
  });

  it('answers at the legacy path /products/delete/:id', async () => {
    const product = await create(admin);
    expect((await call('DELETE', `/products/delete/${product._id}`, admin)).statusCode).toBe(200);
  });
});

describe('PUT /api/products/admin/approve/:id', () => {
  it('answers 401 to anonymous and 403 to a vendor, changing nothing', async () => {
    const product = await create(vendorA);
    expect(
      (await call('PUT', `/api/products/admin/approve/${product._id}`, null, { isApproved: true })).statusCode,
    ).toBe(401);
    const res = await call('PUT', `/api/products/admin/approve/${product._id}`, vendorA, { isApproved: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await call('GET', `/api/products/${product._id}`, admin)).json().product.approvalStatus).toBe('pending');
  });

  it('approves: approved, active, on the storefront, out of the queue, reviewer recorded', async () => {
    const product = await create(vendorA);
    const res = await call('PUT', `/api/products/admin/approve/${product._id}`, admin, { isApproved: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Product approved successfully!');
    const approved: Product = res.json().product;
    expect(approved).toMatchObject({
      isApproved: true,
      approvalStatus: 'approved',
      status: 'active',
      reviewedBy: { _id: String(admin.id), name: 'Asha Admin' },
    });
    expect(approved.reviewedAt).not.toBeNull();
    expect(ids((await call('GET', '/api/products', null)).json().products)).toContain(product._id);
    expect(ids((await call('GET', '/api/products/admin/pending', admin)).json().products)).not.toContain(product._id);
  });

  it('rejects: rejected, pending, out of the queue, and the vendor sees it rejected', async () => {
    const product = await create(vendorA);
    const res = await call('PUT', `/api/products/admin/approve/${product._id}`, admin, {
      isApproved: false,
      reason: 'Missing photos',
    });
    expect(res.json().message).toBe('Product rejected successfully!');
    expect(res.json().product).toMatchObject({ isApproved: false, approvalStatus: 'rejected', status: 'pending' });
    expect(ids((await call('GET', '/api/products/admin/pending', admin)).json().products)).not.toContain(product._id);
    const own = await call('GET', `/api/products/${product._id}`, vendorA);
    expect(own.json().product.approvalStatus).toBe('rejected');
  });

  it.each([
    [{}, 'isApproved must be true or false'],
    [{ isApproved: 'yes' }, 'isApproved must be true or false'],
  ])('answers 400 to %j', async (payload, message) => {
    const product = await create(vendorA);
    const res = await call('PUT', `/api/products/admin/approve/${product._id}`, admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('answers 404 to a product that does not exist', async () => {
    const res = await call('PUT', '/api/products/admin/approve/999999', admin, { isApproved: true });
    expect(res.statusCode).toBe(404);
  });

  it('answers at the legacy path /products/admin/approve/:id', async () => {
    const product = await create(vendorA);
    const res = await call('PUT', `/products/admin/approve/${product._id}`, admin, { isApproved: true });
    expect(res.statusCode).toBe(200);
  });
  it.each([true, false])(
    'refuses a review (isApproved %s) of a version the vendor has changed since, publishing nothing',
    async (isApproved) => {
      const opened = await create(vendorA, { name: 'Brass lamp' });
      const edit = await call(
        'PUT',
        `/api/products/edit/${opened._id}`,
        vendorA,
        body({ sku: opened.sku, name: 'Brass lamp, now with a cracked base' }),
      );
      expect(edit.statusCode, edit.body).toBe(200);

      const res = await call('PUT', `/api/products/admin/approve/${opened._id}`, admin, {
        isApproved,
        updatedAt: opened.updatedAt,
        // A rejection gives its reason (decision 0046).
        ...(isApproved ? {} : { reason: 'Cracked base' }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT', message: productMessages.reviewedStale });
      const after: Product = (await call('GET', `/api/products/${opened._id}`, admin)).json().product;
      expect(after).toMatchObject({
        approvalStatus: 'pending',
        reviewedAt: null,
        updatedAt: edit.json().product.updatedAt,
      });
      expect(ids((await call('GET', '/api/products', null)).json().products)).not.toContain(opened._id);

      const current = await call('PUT', `/api/products/admin/approve/${opened._id}`, admin, {
        isApproved,
        updatedAt: after.updatedAt,
        ...(isApproved ? {} : { reason: 'Cracked base' }),
      });
      expect(current.statusCode, current.body).toBe(200);
      expect(current.json().product.approvalStatus).toBe(isApproved ? 'approved' : 'rejected');
    },
  );

  it('answers 400 to a version that is not a timestamp', async () => {
    const product = await create(vendorA);
    const res = await call('PUT', `/api/products/admin/approve/${product._id}`, admin, {
      isApproved: true,
      updatedAt: 'yesterday',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: productMessages.versionInvalid });
    expect((await call('GET', `/api/products/${product._id}`, admin)).json().product.approvalStatus).toBe('pending');
  });
});

/**
 * The list suites below run on a catalog of their own (a fresh app), so every
 * expected list and count is exactly known.
 */
describe('product lists', () => {
  let own: TestApp;
  let boss: FixtureUser;
  let seller: FixtureUser & { businessName: string };
  let rival: FixtureUser & { businessName: string };
  let audio: string;
  let books: string;
  let headphones: string;
  const made: Record<string, Product> = {};

  const get = (url: string, as: As = null) =>
    own.app.inject({ method: 'GET', url, headers: as ? authAs(own.app, as) : {} });

  async function make(key: string, as: FixtureUser, overrides: Record<string, unknown>) {
    const res = await own.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: authAs(own.app, as),
      payload: {
        productDetails: 'Details',
        salePrice: 100,
        actualPrice: 100,
        stockQuantity: 3,
        category: audio,
        images: [`https://img.example.test/${key}.jpg`],
        ...overrides,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    made[key] = res.json().product;
  }

  async function decide(key: string, isApproved: boolean) {
    const res = await own.app.inject({
      method: 'PUT',
      url: `/api/products/admin/approve/${made[key]?._id}`,
      headers: authAs(own.app, boss),
      payload: isApproved ? { isApproved } : { isApproved, reason: 'Not for this store' },
    });
    expect(res.statusCode).toBe(200);
  }

  const idsOf = (...keys: string[]) => keys.map((key) => made[key]?._id as string).sort();

  beforeAll(async () => {
    own = await createTestApp();
    boss = await createAdmin(own.db);
    seller = await createVendor(own.db, { businessName: 'Seller One' });
    rival = await createVendor(own.db, { businessName: 'Rival Two' });
    const category = async (name: string) =>
      (
        await own.app.inject({
          method: 'POST',
          url: '/api/categories/create',
          headers: authAs(own.app, boss),
          payload: { _id: null, name, imageUrl: 'https://img.example.test/c.jpg' },
        })
      ).json().category._id as string;
    audio = await category('Audio');
    books = await category('Books');
    headphones = (
      await own.app.inject({
        method: 'POST',
        url: '/api/subcategories',
        headers: authAs(own.app, boss),
        payload: { name: 'Headphones', category: audio },
      })
    ).json().subcategory._id;

    // Created in this order, so "newest" lists them in reverse.
    await make('bass', boss, {
      name: 'Bass Boost Headphones',
      sku: 'AUD-001',
      brand: 'Sonic',
      salePrice: 49.99,
      actualPrice: 59.99,
      subcategory: headphones,
    });
    await make('zen', boss, {
      name: 'zen Earbuds',
      sku: 'AUD-002',
      brand: 'Calm',
      salePrice: 19.5,
      actualPrice: 19.5,
      stockQuantity: 0,
    });
    await make('atlas', boss, {
      name: 'Atlas of India',
      sku: 'BK-100',
      brand: 'Penguin',
      salePrice: 399,
      actualPrice: 450,
      category: books,
      status: 'inactive',
    });
    await make('percent', boss, {
      name: 'Speaker 100% Volume',
      sku: 'AUD_003',
      brand: 'Sonic',
      salePrice: 75,
      actualPrice: 80,
    });
    await make('sellerLive', seller, {
      name: 'Studio Monitor',
      sku: 'SEL-001',
      brand: 'Yamaha',
      salePrice: 250,
      actualPrice: 300,
    });
    await make('sellerQueued', seller, {
      name: 'Mixing Desk',
      sku: 'SEL-002',
      brand: 'Behringer',
      salePrice: 500,
      actualPrice: 500,
      stockQuantity: 0,
    });
    await make('rivalRejected', rival, {
      name: 'Cheap Cable',
      sku: 'RIV-001',
      brand: 'NoName',
      salePrice: 1,
      actualPrice: 2,
    });
    await make('rivalQueued', rival, {
      name: 'Vinyl Player',
      sku: 'RIV-002',
      brand: 'Sonic',
      salePrice: 150,
      actualPrice: 180,
      category: books,
    });
    await decide('sellerLive', true);
    await decide('rivalRejected', false);
  });
  afterAll(() => own.close());

  describe('GET /api/products', () => {
    it('answers only approved, active products, newest first, to anonymous', async () => {
      const res = await get('/api/products');
      expect(res.statusCode).toBe(200);
      const { success, products, total, nextCursor } = res.json();
      expect(success).toBe(true);
      expect(products.map((p: Product) => p._id)).toEqual(
        ['sellerLive', 'percent', 'zen', 'bass'].map((key) => made[key]?._id),
      );
      expect(total).toBeUndefined();
      expect(nextCursor).toBeUndefined();
    });

    it('answers the storefront list to a signed-in vendor too', async () => {
      const res = await get('/api/products', seller);
      expect(ids(res.json().products)).toEqual(idsOf('sellerLive', 'percent', 'zen', 'bass'));
    });

    it('answers at the legacy path /products', async () => {
      const res = await get('/products');
      expect(ids(res.json().products)).toEqual(idsOf('sellerLive', 'percent', 'zen', 'bass'));
    });

    it('narrows with filters but never beyond the storefront', async () => {
      expect(ids((await get('/api/products?status=inactive')).json().products)).toEqual([]);
      expect(ids((await get('/api/products?approval=pending')).json().products)).toEqual([]);
      expect(ids((await get('/api/products?stock=out-of-stock')).json().products)).toEqual(idsOf('zen'));
    });
  });

  describe('GET /api/products/admin/all', () => {
    it('answers 401 to anonymous', async () => {
      const res = await get('/api/products/admin/all');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    });

    it('answers every product to an admin', async () => {
      const res = await get('/api/products/admin/all', boss);
      expect(ids(res.json().products)).toEqual(idsOf(...Object.keys(made)));
    });

    it('answers a vendor their own products only', async () => {
      const res = await get('/api/products/admin/all', seller);
      expect(ids(res.json().products)).toEqual(idsOf('sellerLive', 'sellerQueued'));
      const other = await get(`/api/products/admin/all?vendor=${rival.vendorId}`, seller);
      expect(other.json().products).toEqual([]);
    });

    it('answers at the legacy path /products/admin/all', async () => {
      const res = await get('/products/admin/all', boss);
      expect(res.json().products).toHaveLength(Object.keys(made).length);
    });

    it.each([
      ['search=bass', ['bass']],
      ['search=BASS', ['bass']],
      ['search=aud-00', ['bass', 'zen']],
      ['search=sonic', ['bass', 'percent', 'rivalQueued']],
      ['search=zen', ['zen']],
      ['search=on', ['bass', 'percent', 'sellerLive', 'rivalRejected', 'rivalQueued']],
      ['search=e', ['bass', 'zen', 'percent', 'sellerLive', 'sellerQueued', 'rivalRejected', 'rivalQueued', 'atlas']],
      ['search=100%25', ['percent']],
      ['search=_', ['percent']],
      ['search=D_0', ['percent']],
      ['search=nothing-like-this', []],
      ['status=inactive', ['atlas']],
      ['status=pending', ['sellerQueued', 'rivalRejected', 'rivalQueued']],
      ['stock=out-of-stock', ['zen', 'sellerQueued']],
      ['stock=in-stock&status=active', ['bass', 'percent', 'sellerLive']],
      ['approval=pending', ['sellerQueued', 'rivalQueued']],
      ['approval=rejected', ['rivalRejected']],
      ['approval=approved&status=active', ['bass', 'zen', 'percent', 'sellerLive']],
      ['category=BOOKS', ['atlas', 'rivalQueued']],
      ['vendor=admin', ['bass', 'zen', 'atlas', 'percent']],
      ['search=sonic&approval=pending', ['rivalQueued']],
    ])('filters ?%s in the database', async (query, keys) => {
      const url = `/api/products/admin/all?${query.replace('BOOKS', books)}`;
      const res = await get(url, boss);
      expect(res.statusCode, res.body).toBe(200);
      expect(ids(res.json().products)).toEqual(idsOf(...keys));
      const paged = await get(`${url}&limit=2`, boss);
      expect(paged.json().total).toBe(keys.length);
    });

    it('keeps search in step with edits and deletes', async () => {
      const temp = await own.app.inject({
        method: 'POST',
        url: '/api/products/create',
        headers: authAs(own.app, boss),
        payload: { ...body(), name: 'Ephemeral Gadget', sku: 'EPH-1', category: audio, subcategory: null },
      });
      const id = temp.json().product._id;
      expect(ids((await get('/api/products/admin/all?search=ephemeral', boss)).json().products)).toEqual([id]);
      await own.app.inject({
        method: 'PUT',
        url: `/api/products/edit/${id}`,
        headers: authAs(own.app, boss),
        payload: { ...body(), name: 'Renamed Widget', sku: 'EPH-1', category: audio, subcategory: null },
      });
      expect((await get('/api/products/admin/all?search=ephemeral', boss)).json().products).toEqual([]);
      expect(ids((await get('/api/products/admin/all?search=widget', boss)).json().products)).toEqual([id]);
      await own.app.inject({ method: 'DELETE', url: `/api/products/delete/${id}`, headers: authAs(own.app, boss) });
      expect((await get('/api/products/admin/all?search=widget', boss)).json().products).toEqual([]);
    });

    it("keeps a search's filters and sorts in step with edits and deletes", async () => {
      // SQLite checks a search's matches against the filters, and sorts them, in
      // `product_list_keys`, a copy of those columns kept by triggers (migration 2026_11_26_0900).
      const headers = authAs(own.app, boss);
      const form = (name: string, sku: string, price: number, more: Record<string, unknown> = {}) => ({
        ...body(),
        name,
        sku,
        salePrice: price,
        actualPrice: price,
        stockQuantity: 4,
        category: audio,
        subcategory: null,
        ...more,
      });
      const make = async (name: string, sku: string, price: number) => {
        const res = await own.app.inject({
          method: 'POST',
          url: '/api/products/create',
          headers,
          payload: form(name, sku, price, { status: 'active' }),
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().product._id as string;
      };
      const anchor = await make('Keyed Anchor', 'KEYED-A', 300);
      const buoy = await make('Keyed Buoy', 'KEYED-B', 200);
      const compass = await make('Keyed Compass', 'KEYED-C', 100);
      const list = async (query: string) => {
        const res = await get(`/api/products/admin/all?search=keyed&limit=10&${query}`, boss);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().products.map((p: Product) => p._id);
      };
      expect(await list('sort=price-asc')).toEqual([compass, buoy, anchor]);

      const edit = await own.app.inject({
        method: 'PUT',
        url: `/api/products/edit/${anchor}`,
        headers,
        payload: form('Keyed Zodiac', 'KEYED-A', 50, { stockQuantity: 0, status: 'inactive' }),
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await list('sort=price-asc')).toEqual([anchor, compass, buoy]);
      expect(await list('sort=name-asc')).toEqual([buoy, compass, anchor]);
      expect(await list('status=inactive')).toEqual([anchor]);
      expect(await list('stock=out-of-stock')).toEqual([anchor]);
      expect(await list('status=active&sort=name-desc')).toEqual([compass, buoy]);

      const removed = await own.app.inject({ method: 'DELETE', url: `/api/products/delete/${buoy}`, headers });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await list('sort=name-asc')).toEqual([compass, anchor]);
      if (own.kind === 'sqlite') {
        const columns = sql.raw(
          'id, status, approval_status, stock_quantity, category_id, vendor_id, created_at, sale_price_paise, name',
        );
        const copy = await sql`select ${columns} from product_list_keys order by id`.execute(own.db);
        const products = await sql`select ${columns} from products order by id`.execute(own.db);
        expect(copy.rows).toEqual(products.rows);
      }
      // The other lists here count every product: leave none behind.
      for (const id of [anchor, compass]) {
        const res = await own.app.inject({ method: 'DELETE', url: `/api/products/delete/${id}`, headers });
        expect(res.statusCode, res.body).toBe(200);
      }
    });

    it('matches a search within one of name, SKU and brand, never across two of them', async () => {
      // PostgreSQL searches one lower-cased copy of the three fields joined by U+001F
      // (decision 0029): a text holding that character must still match within a field only.
      const temp = await own.app.inject({
        method: 'POST',
        url: '/api/products/create',
        headers: authAs(own.app, boss),
        payload: {
          ...body(),
          name: 'Crossing LAMP',
          sku: 'XFIELD-1',
          brand: 'Tab\u001fBed',
          category: audio,
          subcategory: null,
        },
      });
      expect(temp.statusCode, temp.body).toBe(201);
      const id = temp.json().product._id;
      const search = async (text: string, limit = '') =>
        (await get(`/api/products/admin/all?search=${encodeURIComponent(text)}${limit}`, boss)).json();
      for (const text of ['lamp\u001fxfield', 'p\u001fxf', '1\u001ftab', 'lamp xfield']) {
        expect(ids((await search(text)).products), text).toEqual([]);
        expect((await search(text, '&limit=5&sort=price-asc')).total, text).toBe(0);
      }
      for (const text of ['tab\u001fbed', 'B\u001fb', 'ng lamp', 'xfield-1']) {
        expect(ids((await search(text)).products), text).toEqual([id]);
        const page = await search(text, '&limit=5&sort=name-asc');
        expect([page.total, ids(page.products)], text).toEqual([1, [id]]);
      }
      await own.app.inject({ method: 'DELETE', url: `/api/products/delete/${id}`, headers: authAs(own.app, boss) });
    });

    it.each([
      ['newest', ['rivalQueued', 'rivalRejected', 'sellerQueued', 'sellerLive', 'percent', 'atlas', 'zen', 'bass']],
      ['oldest', ['bass', 'zen', 'atlas', 'percent', 'sellerLive', 'sellerQueued', 'rivalRejected', 'rivalQueued']],
      ['name-asc', ['atlas', 'bass', 'rivalRejected', 'sellerQueued', 'percent', 'sellerLive', 'rivalQueued', 'zen']],
      ['name-desc', ['zen', 'rivalQueued', 'sellerLive', 'percent', 'sellerQueued', 'rivalRejected', 'bass', 'atlas']],
      ['price-asc', ['rivalRejected', 'zen', 'bass', 'percent', 'rivalQueued', 'sellerLive', 'atlas', 'sellerQueued']],
      ['price-desc', ['sellerQueued', 'atlas', 'sellerLive', 'rivalQueued', 'percent', 'bass', 'zen', 'rivalRejected']],
    ])('pages through ?sort=%s with a cursor, every product once, in order', async (sort, keys) => {
      const expected = keys.map((key) => made[key]?._id);
      const unpaged = await get(`/api/products/admin/all?sort=${sort}`, boss);
      expect(unpaged.json().products.map((p: Product) => p._id)).toEqual(expected);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/products/admin/all?sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await get(url, boss);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json();
        expect(page.total).toBe(keys.length);
        seen.push(...page.products.map((p: Product) => p._id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(seen).toEqual(expected);
      expect(pages).toBe(3);
    });

    it('answers a last page with a null cursor', async () => {
      const res = await get('/api/products/admin/all?limit=200', boss);
      expect(res.json()).toMatchObject({ total: Object.keys(made).length, nextCursor: null });
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=ten', 'limit'],
      ['status=deleted', 'status'],
      ['stock=some', 'stock'],
      ['approval=maybe', 'approval'],
      ['sort=random', 'sort'],
      ['category=abc', 'category'],
      ['vendor=someone', 'vendor'],
      ['limit=5&cursor=not-a-cursor', 'cursor'],
    ])('answers 400 to ?%s', async (query, field) => {
      const res = await get(`/api/products/admin/all?${query}`, boss);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(Object.keys(res.json().errors)).toContain(field);
    });

    it('answers 400 to a cursor made for another sort', async () => {
      const first = await get('/api/products/admin/all?sort=price-asc&limit=2', boss);
      const res = await get(`/api/products/admin/all?sort=name-asc&limit=2&cursor=${first.json().nextCursor}`, boss);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This page cursor is not valid for this list. Load the list again.');
    });

    it('answers the vendor filter message', async () => {
      const res = await get('/api/products/admin/all?vendor=someone', boss);
      expect(res.json().errors.vendor).toBe('Vendor must be a vendor id or admin');
    });
  });

  describe('GET /api/products/admin/pending', () => {
    it('answers 401 to anonymous and 403 to a vendor', async () => {
      expect((await get('/api/products/admin/pending')).statusCode).toBe(401);
      const res = await get('/api/products/admin/pending', seller);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    });

    it('answers the products awaiting approval, not the rejected ones', async () => {
      const res = await get('/api/products/admin/pending', boss);
      expect(res.json().success).toBe(true);
      expect(ids(res.json().products)).toEqual(idsOf('sellerQueued', 'rivalQueued'));
    });

    it('filters by vendor and by category', async () => {
      const byVendor = await get(`/api/products/admin/pending?vendor=${rival.vendorId}`, boss);
      expect(ids(byVendor.json().products)).toEqual(idsOf('rivalQueued'));
      const byCategory = await get(`/api/products/admin/pending?category=${audio}`, boss);
      expect(ids(byCategory.json().products)).toEqual(idsOf('sellerQueued'));
      const paged = await get(`/api/products/admin/pending?category=${books}&limit=1`, boss);
      expect(paged.json()).toMatchObject({ total: 1, nextCursor: null });
    });

    it('answers at the legacy path /products/admin/pending', async () => {
      const res = await get('/products/admin/pending', boss);
      expect(res.json().products).toHaveLength(2);
    });
  });

  describe('GET /api/products/admin/count', () => {
    it('answers 401 to anonymous', async () => {
      expect((await get('/api/products/admin/count')).statusCode).toBe(401);
    });

    it("answers an admin the whole catalog's counts", async () => {
      const res = await get('/api/products/admin/count', boss);
      expect(res.json()).toEqual({
        success: true,
        totalCount: 8,
        approvedCount: 5,
        activeCount: 4,
        inStockCount: 6,
        pendingApprovalCount: 2,
      });
    });

    it("answers a vendor their own catalog's counts", async () => {
      const res = await get('/products/admin/count', seller);
      expect(res.json()).toEqual({
        success: true,
        totalCount: 2,
        approvedCount: 1,
        activeCount: 1,
        inStockCount: 1,
        pendingApprovalCount: 1,
      });
    });
  });
});

/**
 * SQLite finds a page by one of several plans depending on how many products the
 * filters and the search match (products.repository.ts, `Access`); PostgreSQL, for a
 * searched page, walks the sort order a bounded distance and gathers the matches if
 * the walk falls short, or gathers them at once (`choosePostgresPagePlan`). Whatever
 * the plan, every page, in order, and the total must be what the filters and the sort
 * say. Pages of 1 make the broad texts walk; pages of 50 make every text gather; names
 * beginning with "Red" come last by name, so walking to them from the first name falls
 * short and gathers, and later pages start walking among them.
 */
describe.each([
  ['counting exactly', undefined],
  ['counting to 5 (decision 0027)', 5],
  ['counting to 2', 2],
])('GET /api/products/admin/all whatever the query plan, %s', (_, bound) => {
  let own: TestApp;
  let boss: FixtureUser;
  interface Made {
    id: number;
    name: string;
    sku: string;
    brand: string;
    price: number;
    stock: number;
    status: 'active' | 'inactive';
  }
  const made: Made[] = [];

  beforeAll(async () => {
    // The bound is this app's own (decision 0085): the suite's other apps keep theirs.
    own = await createTestApp(bound ? { LIST_COUNT_BOUND: String(bound) } : {});
    boss = await createAdmin(own.db);
    const headers = authAs(own.app, boss);
    const category = await createCategory('Apparel', own, boss);
    for (let i = 0; i < 48; i++) {
      // The last 12, "Rare Lamp", are all out of stock: a search for them matches more
      // products than two bounds while a broad filter (in stock) keeps none of them.
      const rare = i >= 36;
      const item = {
        name: rare
          ? `Rare Lamp ${i}`
          : `${['Red', 'Blue', 'Green'][i % 3]} ${['Shirt', 'Shoe', 'Hat', 'Bag'][i % 4]} ${i}`,
        sku: `PL-${String(i).padStart(3, '0')}`,
        brand: i % 2 === 0 ? 'Acme' : 'Zen',
        price: 10 + ((i * 7) % 36),
        stock: rare || i % 5 === 0 ? 0 : i,
        status: i % 7 === 0 ? ('inactive' as const) : ('active' as const),
      };
      const res = await own.app.inject({
        method: 'POST',
        url: '/api/products/create',
        headers,
        payload: {
          ...item,
          productDetails: 'Details',
          salePrice: item.price,
          actualPrice: item.price,
          stockQuantity: item.stock,
          category,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push({ ...item, id: Number(res.json().product._id) });
    }
  });
  afterAll(async () => {
    await own.close();
  });

  const orders: Record<string, (a: Made, b: Made) => number> = {
    newest: (a, b) => b.id - a.id,
    oldest: (a, b) => a.id - b.id,
    'name-asc': (a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1),
    'name-desc': (a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? 1 : -1),
    'price-desc': (a, b) => b.price - a.price || b.id - a.id,
  };

  it.each([
    ['shirt', 'status=active', 'newest'],
    ['red s', 'stock=in-stock', 'name-asc'],
    ['blue hat', 'status=active', 'price-desc'],
    ['acme', '', 'newest'],
    ['acme', 'status=active&stock=in-stock', 'price-desc'],
    ['', 'status=inactive', 'name-asc'],
    ['', 'stock=in-stock', 'price-desc'],
    ['e', 'status=active', 'name-asc'],
    ['pl-0', 'stock=out-of-stock', 'newest'],
    ['nothing', 'status=active', 'newest'],
    ['red', '', 'name-asc'],
    ['RED', 'stock=in-stock', 'name-asc'],
    ['blue', 'status=active', 'name-desc'],
    ['zen', 'stock=in-stock', 'oldest'],
    ['rare', 'stock=in-stock', 'newest'],
    ['lamp', 'status=active', 'price-desc'],
    ['lamp', 'stock=out-of-stock', 'name-asc'],
  ])('search %j with %j sorted %s', async (search, filters, sort) => {
    const text = search.toLowerCase();
    const expected = made
      .filter((p) => !text || [p.name, p.sku, p.brand].some((field) => field.toLowerCase().includes(text)))
      .filter((p) => !filters.includes('status=active') || p.status === 'active')
      .filter((p) => !filters.includes('status=inactive') || p.status === 'inactive')
      .filter((p) => !filters.includes('stock=in-stock') || p.stock > 0)
      .filter((p) => !filters.includes('stock=out-of-stock') || p.stock === 0)
      .sort(orders[sort])
      .map((p) => String(p.id));

    const query = `search=${encodeURIComponent(search)}&${filters}&sort=${sort}`;
    for (const limit of [1, 4, 50]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/products/admin/all?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await own.app.inject({
          method: 'GET',
          url,
          headers: authAs(own.app, boss),
        });
        expect(res.statusCode, res.body).toBe(200);
        const past = bound !== undefined && expected.length > bound;
        expect({ total: res.json().total, totalRelation: res.json().totalRelation }).toEqual({
          total: past ? bound : expected.length,
          totalRelation: past ? 'gte' : 'eq',
        });
        seen.push(...res.json().products.map((p: Product) => p._id));
        cursor = res.json().nextCursor;
        pages += 1;
      } while (cursor && pages <= 60);
      expect(seen).toEqual(expected);
    }
    const unpaged = await own.app.inject({
      method: 'GET',
      url: `/api/products/admin/all?${query}`,
      headers: authAs(own.app, boss),
    });
    expect(unpaged.json().products.map((p: Product) => p._id)).toEqual(expected);
  });
});

/**
 * A name sort's cursor carries the product's name: one of 200 characters, with quotes
 * JSON escapes and letters UTF-8 writes in two bytes, makes a cursor far past 200
 * characters, which the next page refused when the contract allowed 200 (found by the
 * product-list bench's scrolling scenario: decision 0034).
 */
describe('GET /api/products/admin/all sorted by name, past a product whose name fills 200 characters', () => {
  let own: TestApp;
  let boss: FixtureUser;
  const longName = `Amber Ünïcode "quoted" ${'"Lamp" '.repeat(26)}`.slice(0, 200);

  beforeAll(async () => {
    own = await createTestApp();
    boss = await createAdmin(own.db);
    const headers = authAs(own.app, boss);
    const category = await createCategory('Lighting', own, boss);
    for (const [name, sku] of [
      [longName, 'LONG-1'],
      ['Zed Lamp', 'ZED-1'],
    ]) {
      const res = await own.app.inject({
        method: 'POST',
        url: '/api/products/create',
        headers,
        payload: { name, sku, productDetails: 'Details', salePrice: 10, actualPrice: 12, stockQuantity: 3, category },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => {
    await own.close();
  });

  it('hands out a cursor that the next page accepts', async () => {
    const headers = authAs(own.app, boss);
    const first = await own.app.inject({
      method: 'GET',
      url: '/api/products/admin/all?sort=name-asc&limit=1',
      headers,
    });
    expect(first.json().products[0].name).toBe(longName);
    const cursor: string = first.json().nextCursor;
    expect(cursor.length).toBeGreaterThan(200);
    expect(cursor.length).toBeLessThanOrEqual(MAX_CURSOR_LENGTH);
    const next = await own.app.inject({
      method: 'GET',
      url: `/api/products/admin/all?sort=name-asc&limit=1&cursor=${cursor}`,
      headers,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().products.map((p: Product) => p.name)).toEqual(['Zed Lamp']);
  });

  it('answers 400 to a cursor longer than any a list hands out', async () => {
    const res = await own.app.inject({
      method: 'GET',
      url: `/api/products/admin/all?sort=name-asc&limit=1&cursor=${'a'.repeat(MAX_CURSOR_LENGTH + 1)}`,
      headers: authAs(own.app, boss),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['cursor']);
  });
});
