import type { Category, Subcategory } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, as: FixtureUser | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: as ? authAs(t.app, as) : {},
    ...(payload !== undefined && { payload: payload as object }),
  });
}

const image = 'https://img.example.test/category.jpg';
let sequence = 0;

async function createCategory(name = `Category ${++sequence}`): Promise<Category> {
  const res = await call('POST', '/api/categories/create', admin, { _id: null, name, imageUrl: image });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().category;
}

async function createSubcategory(category: string, name = `Subcategory ${++sequence}`): Promise<Subcategory> {
  const res = await call('POST', '/api/subcategories', admin, { _id: null, name, category });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().subcategory;
}

async function createProduct(category: string, subcategory: string | null = null): Promise<string> {
  const res = await call('POST', '/api/products/create', admin, {
    name: `Product ${++sequence}`,
    productDetails: 'Details',
    sku: `CAT-SKU-${sequence}`,
    salePrice: 10,
    actualPrice: 10,
    stockQuantity: 1,
    category,
    subcategory,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product._id;
}

async function countRows(table: 'categories' | 'subcategories'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
});
afterAll(() => t.close());

describe('POST /api/categories/create', () => {
  it('answers 401 to anonymous and 403 to a vendor, storing nothing', async () => {
    const before = await countRows('categories');
    const payload = { _id: null, name: 'Nope', imageUrl: image };
    expect((await call('POST', '/api/categories/create', null, payload)).statusCode).toBe(401);
    const res = await call('POST', '/api/categories/create', vendor, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await countRows('categories')).toBe(before);
  });

  it('creates a category with no subcategories or products', async () => {
    const res = await call('POST', '/api/categories/create', admin, { _id: null, name: '  Garden  ', imageUrl: image });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Category created successfully!',
      category: { name: 'Garden', imageUrl: image, subcategoryCount: 0, productCount: 0 },
    });
    expect(res.json().category._id).toMatch(/^\d+$/);
  });

  it('answers at the legacy path /categories/create', async () => {
    const res = await call('POST', '/categories/create', admin, { _id: null, name: 'Legacy Kitchen', imageUrl: image });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    [{ _id: null, imageUrl: image }, 'Category name is required', 'name'],
    [{ _id: null, name: '   ', imageUrl: image }, 'Category name is required', 'name'],
    [{ _id: null, name: 'Tools' }, 'Image URL is required', 'imageUrl'],
    [{ _id: null, name: 'Tools', imageUrl: '' }, 'Image URL is required', 'imageUrl'],
    [{ _id: null, name: 'Tools', imageUrl: 'not a url' }, 'Please enter a valid image URL', 'imageUrl'],
    [{ _id: null, name: 'Tools', imageUrl: 'javascript:alert(1)' }, 'Please enter a valid image URL', 'imageUrl'],
    [{ _id: null, name: 'x'.repeat(101), imageUrl: image }, 'Category name must be at most 100 characters', 'name'],
  ])('answers 400 to %j and stores nothing', async (payload, message, field) => {
    const before = await countRows('categories');
    const res = await call('POST', '/api/categories/create', admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION_FAILED', message, errors: { [field]: message } });
    expect(await countRows('categories')).toBe(before);
  });

  it('answers 409 to a name already used, ignoring case', async () => {
    await createCategory('Electronics');
    const before = await countRows('categories');
    const res = await call('POST', '/api/categories/create', admin, {
      _id: null,
      name: 'ELECTRONICS',
      imageUrl: image,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'CONFLICT',
      message: 'A category with this name already exists',
      errors: { name: 'A category with this name already exists' },
    });
    expect(await countRows('categories')).toBe(before);
  });

  it('answers one 201 and otherwise 409, never 500, to concurrent creates of one name', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/api/categories/create', admin, { _id: null, name: 'Race Category', imageUrl: image }),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});

describe('GET /api/categories', () => {
  let listed: TestApp;
  let boss: FixtureUser;
  const names = ['delta', 'Alpha', 'charlie', 'Bravo'];

  beforeAll(async () => {
    listed = await createTestApp();
    boss = await createAdmin(listed.db);
    for (const name of names) {
      const res = await listed.app.inject({
        method: 'POST',
        url: '/api/categories/create',
        headers: authAs(listed.app, boss),
        payload: { _id: null, name, imageUrl: image },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => listed.close());

  const get = (url: string) => listed.app.inject({ method: 'GET', url });

  it('answers every category to anonymous, sorted by name ignoring case', async () => {
    const res = await get('/api/categories');
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(res.json().categories.map((c: Category) => c.name)).toEqual(['Alpha', 'Bravo', 'charlie', 'delta']);
    expect(res.json().total).toBeUndefined();
  });

  it('answers at the legacy paths /categories and /api/categories/', async () => {
    expect((await get('/categories')).json().categories).toHaveLength(4);
    expect((await get('/api/categories/')).json().categories).toHaveLength(4);
  });

  it('pages with a cursor and searches by name', async () => {
    const first = (await get('/api/categories?limit=3&sort=name-desc')).json();
    expect(first.categories.map((c: Category) => c.name)).toEqual(['delta', 'charlie', 'Bravo']);
    expect(first.total).toBe(4);
    const second = (await get(`/api/categories?limit=3&sort=name-desc&cursor=${first.nextCursor}`)).json();
    expect(second.categories.map((c: Category) => c.name)).toEqual(['Alpha']);
    expect(second.nextCursor).toBeNull();
    const searched = (await get('/api/categories?search=AR&limit=10')).json();
    expect(searched.categories.map((c: Category) => c.name)).toEqual(['charlie']);
    expect(searched.total).toBe(1);
  });

  it('answers 400 to a bad cursor or sort', async () => {
    expect((await get('/api/categories?limit=2&cursor=abc')).statusCode).toBe(400);
    expect((await get('/api/categories?sort=price-asc')).statusCode).toBe(400);
  });
});

describe('PUT /api/categories/:id', () => {
  it('answers 401 to anonymous and 403 to a vendor', async () => {
    const category = await createCategory();
    const payload = { _id: category._id, name: 'Changed', imageUrl: image };
    expect((await call('PUT', `/api/categories/${category._id}`, null, payload)).statusCode).toBe(401);
    expect((await call('PUT', `/api/categories/${category._id}`, vendor, payload)).statusCode).toBe(403);
  });

  it('renames it and changes its image', async () => {
    const category = await createCategory();
    const res = await call('PUT', `/api/categories/${category._id}`, admin, {
      _id: category._id,
      name: 'Renamed Category',
      imageUrl: 'https://img.example.test/new.jpg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Category updated successfully!',
      category: { _id: category._id, name: 'Renamed Category', imageUrl: 'https://img.example.test/new.jpg' },
    });
  });

  it('accepts its own name in another case and answers 409 to another category’s name', async () => {
    const mine = await createCategory('Footwear');
    await createCategory('Sportswear');
    const own = await call('PUT', `/api/categories/${mine._id}`, admin, { name: 'FOOTWEAR', imageUrl: image });
    expect(own.statusCode).toBe(200);
    const taken = await call('PUT', `/api/categories/${mine._id}`, admin, { name: 'sportswear', imageUrl: image });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A category with this name already exists');
  });

  it('answers 404 to a category that does not exist and 400 to a bad body', async () => {
    expect((await call('PUT', '/api/categories/999999', admin, { name: 'X', imageUrl: image })).statusCode).toBe(404);
    const category = await createCategory();
    const res = await call('PUT', `/api/categories/${category._id}`, admin, { name: '', imageUrl: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Category name is required, Please enter a valid image URL');
  });

  it('answers at the legacy path /categories/:id', async () => {
    const category = await createCategory();
    const res = await call('PUT', `/categories/${category._id}`, admin, { name: 'Legacy Renamed', imageUrl: image });
    expect(res.statusCode).toBe(200);
  });
});

describe('DELETE /api/categories/:id', () => {
  it('answers 401 to anonymous and 403 to a vendor', async () => {
    const category = await createCategory();
    expect((await call('DELETE', `/api/categories/${category._id}`, null)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/categories/${category._id}`, vendor)).statusCode).toBe(403);
  });

  it('deletes the category and its subcategories', async () => {
    const category = await createCategory();
    await createSubcategory(category._id);
    await createSubcategory(category._id);
    const res = await call('DELETE', `/api/categories/${category._id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Category deleted successfully!' });
    const left = await t.db
      .selectFrom('subcategories')
      .select('id')
      .where('categoryId', '=', Number(category._id))
      .execute();
    expect(left).toEqual([]);
    expect((await call('DELETE', `/api/categories/${category._id}`, admin)).statusCode).toBe(404);
  });

  it('answers 409 naming how many products use it or its subcategories, deleting nothing', async () => {
    const category = await createCategory();
    const sub = await createSubcategory(category._id);
    await createProduct(category._id);
    await createProduct(category._id, sub._id);
    const res = await call('DELETE', `/api/categories/${category._id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'IN_USE',
      message: 'This category cannot be deleted: 2 products use it or its subcategories. Move or delete them first.',
    });
    const list = (await call('GET', '/api/categories', null)).json().categories as Category[];
    expect(list.find((c) => c._id === category._id)).toMatchObject({ subcategoryCount: 1, productCount: 2 });
  });

  it('says "1 product" when one product uses it', async () => {
    const category = await createCategory();
    await createProduct(category._id);
    const res = await call('DELETE', `/api/categories/${category._id}`, admin);
    expect(res.json().message).toBe(
      'This category cannot be deleted: 1 product uses it or its subcategories. Move or delete it first.',
    );
  });

  it('answers 400 to a malformed id and at the legacy path /categories/:id', async () => {
    expect((await call('DELETE', '/api/categories/x1', admin)).statusCode).toBe(400);
    const category = await createCategory();
    expect((await call('DELETE', `/categories/${category._id}`, admin)).statusCode).toBe(200);
  });
});

describe('POST /api/subcategories', () => {
  it('answers 401 to anonymous and 403 to a vendor', async () => {
    const category = await createCategory();
    const payload = { _id: null, name: 'Nope', category: category._id };
    expect((await call('POST', '/api/subcategories', null, payload)).statusCode).toBe(401);
    expect((await call('POST', '/api/subcategories', vendor, payload)).statusCode).toBe(403);
  });

  it('creates a subcategory under its category', async () => {
    const category = await createCategory('Music');
    const res = await call('POST', '/api/subcategories', admin, { _id: null, name: 'Guitars', category: category._id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Subcategory created successfully!',
      subcategory: { name: 'Guitars', category: { _id: category._id, name: 'Music' }, categoryId: category._id },
    });
  });

  it.each([
    [{ name: '', category: '1' }, 'Subcategory name is required', { name: 'Subcategory name is required' }],
    [
      { name: 'a', category: '1' },
      'Subcategory name must be at least 2 characters long',
      { name: 'Subcategory name must be at least 2 characters long' },
    ],
    [{ name: 'Drums' }, 'Please select a parent category', { category: 'Please select a parent category' }],
    [
      { name: 'Drums', category: '' },
      'Please select a parent category',
      { category: 'Please select a parent category' },
    ],
  ])('answers 400 to %j', async (payload, message, errors) => {
    const before = await countRows('subcategories');
    const res = await call('POST', '/api/subcategories', admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION_FAILED', message, errors });
    expect(await countRows('subcategories')).toBe(before);
  });

  it('answers 400 when the parent category does not exist', async () => {
    const res = await call('POST', '/api/subcategories', admin, { name: 'Drums', category: '999999' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Category not found',
      errors: { category: 'Category not found' },
    });
  });

  it('answers 409 to a name used in the same category, ignoring case, and allows it in another', async () => {
    const first = await createCategory();
    const second = await createCategory();
    await createSubcategory(first._id, 'Accessories');
    const taken = await call('POST', '/api/subcategories', admin, { name: 'ACCESSORIES', category: first._id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'A subcategory with this name already exists in this category',
    });
    const elsewhere = await call('POST', '/api/subcategories', admin, { name: 'Accessories', category: second._id });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('answers one 201 and otherwise 409, never 500, to concurrent creates of one name', async () => {
    const category = await createCategory();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/api/subcategories', admin, { name: 'Race Sub', category: category._id }),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('answers at the legacy path /subcategories', async () => {
    const category = await createCategory();
    const res = await call('POST', '/subcategories', admin, { name: 'Legacy Sub', category: category._id });
    expect(res.statusCode).toBe(201);
  });
});

describe('GET /api/subcategories', () => {
  it("answers every subcategory, or one category's, to anonymous", async () => {
    const category = await createCategory();
    const other = await createCategory();
    const b = await createSubcategory(category._id, 'beta sub');
    const a = await createSubcategory(category._id, 'Alpha sub');
    await createSubcategory(other._id, 'Gamma sub');
    await createProduct(category._id, a._id);

    const res = await call('GET', `/api/subcategories?category=${category._id}`, null);
    expect(res.statusCode).toBe(200);
    const listed = res.json().subcategories as Subcategory[];
    expect(listed.map((s) => s._id)).toEqual([a._id, b._id]);
    expect(listed[0]).toMatchObject({ productCount: 1, category: { _id: category._id } });

    const all = await call('GET', '/subcategories', null);
    expect(all.json().subcategories.length).toBeGreaterThanOrEqual(3);
  });

  it('pages and searches', async () => {
    const category = await createCategory();
    for (const name of ['One', 'Two', 'Three']) await createSubcategory(category._id, name);
    const first = (await call('GET', `/api/subcategories?category=${category._id}&limit=2`, null)).json();
    expect(first.subcategories.map((s: Subcategory) => s.name)).toEqual(['One', 'Three']);
    expect(first.total).toBe(3);
    const next = `/api/subcategories?category=${category._id}&limit=2&cursor=${first.nextCursor}`;
    expect((await call('GET', next, null)).json().subcategories.map((s: Subcategory) => s.name)).toEqual(['Two']);
    const searched = (await call('GET', `/api/subcategories?category=${category._id}&search=T&limit=5`, null)).json();
    expect(searched.total).toBe(2);
  });

  it('answers 400 to a malformed category', async () => {
    const res = await call('GET', '/api/subcategories?category=abc', null);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ category: 'Must be a valid id' });
  });
});

describe('PUT /api/subcategories/:id', () => {
  it('answers 401 to anonymous, 403 to a vendor and 404 to a missing one', async () => {
    const category = await createCategory();
    const sub = await createSubcategory(category._id);
    const payload = { name: 'Changed', category: category._id };
    expect((await call('PUT', `/api/subcategories/${sub._id}`, null, payload)).statusCode).toBe(401);
    expect((await call('PUT', `/api/subcategories/${sub._id}`, vendor, payload)).statusCode).toBe(403);
    expect((await call('PUT', '/api/subcategories/999999', admin, payload)).statusCode).toBe(404);
  });

  it('renames it', async () => {
    const category = await createCategory();
    const sub = await createSubcategory(category._id);
    const res = await call('PUT', `/subcategories/${sub._id}`, admin, {
      _id: sub._id,
      name: 'Renamed',
      category: category._id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Subcategory updated successfully!',
      subcategory: { name: 'Renamed' },
    });
  });

  it('moves it to another category with its products', async () => {
    const from = await createCategory();
    const to = await createCategory();
    const sub = await createSubcategory(from._id);
    const product = await createProduct(from._id, sub._id);
    const res = await call('PUT', `/api/subcategories/${sub._id}`, admin, { name: sub.name, category: to._id });
    expect(res.json().subcategory.categoryId).toBe(to._id);
    const moved = (await call('GET', `/api/products/${product}`, admin)).json().product;
    expect(moved.category._id).toBe(to._id);
    expect(moved.subcategory._id).toBe(sub._id);
  });

  it('answers 409 to a name taken in the target category and 400 to a missing parent', async () => {
    const category = await createCategory();
    await createSubcategory(category._id, 'Taken');
    const sub = await createSubcategory(category._id, 'Free');
    const taken = await call('PUT', `/api/subcategories/${sub._id}`, admin, { name: 'taken', category: category._id });
    expect(taken.statusCode).toBe(409);
    const orphan = await call('PUT', `/api/subcategories/${sub._id}`, admin, { name: 'Free', category: '999999' });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().errors).toEqual({ category: 'Category not found' });
  });
});

describe('DELETE /api/subcategories/:id', () => {
  it('answers 401 to anonymous and 403 to a vendor', async () => {
    const category = await createCategory();
    const sub = await createSubcategory(category._id);
    expect((await call('DELETE', `/api/subcategories/${sub._id}`, null)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/subcategories/${sub._id}`, vendor)).statusCode).toBe(403);
  });

  it('deletes an unused subcategory, then answers 404', async () => {
    const category = await createCategory();
    const sub = await createSubcategory(category._id);
    const res = await call('DELETE', `/subcategories/${sub._id}`, admin);
    expect(res.json()).toEqual({ success: true, message: 'Subcategory deleted successfully!' });
    expect((await call('DELETE', `/api/subcategories/${sub._id}`, admin)).statusCode).toBe(404);
  });

  it('answers 409 naming how many products use it, deleting nothing', async () => {
    const category = await createCategory();
    const sub = await createSubcategory(category._id);
    for (let i = 0; i < 3; i++) await createProduct(category._id, sub._id);
    const res = await call('DELETE', `/api/subcategories/${sub._id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'IN_USE',
      message: 'This subcategory cannot be deleted: 3 products use it. Move or delete them first.',
    });
    const still = await call('GET', `/api/subcategories?category=${category._id}`, null);
    expect(still.json().subcategories).toHaveLength(1);
  });
});
