import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../platform/auth/access.js';
import { issueToken } from '../platform/auth/sessions.js';
import { createAdmin, createVendor, FIXTURE_PASSWORD, type FixtureUser } from '../test/fixtures.js';
import { createOrder } from '../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createOwnedProduct } from '../test/vendor-fixtures.js';

/**
 * Who may read and write what, over every API route the app has registered
 * (`app.apiRoutes`, filled as routes are added): a route without a rule here fails
 * this test, so a new route is never left unjudged. Four callers: anonymous, vendor A,
 * vendor B and an admin. Each call gets fresh records (vendor A's where ownership
 * matters), so destructive calls never spoil the next.
 *
 * What each caller must get, from the route's access (decision 0004) and ownership:
 * - public: anyone gets through (not 401/403);
 * - staff: anonymous 401; vendors and admins through;
 * - admin: anonymous 401; vendors 403; admins through;
 * - vendor: anonymous 401; admins 403; vendors through;
 * - a route on vendor A's record answers vendor B 404 (existence not confirmed).
 * "Through" means the handler ran and succeeded: 2xx.
 */

type Caller = 'anonymous' | 'vendorA' | 'vendorB' | 'admin';
const callers: Caller[] = ['anonymous', 'vendorA', 'vendorB', 'admin'];

interface Call {
  url: string;
  payload?: unknown;
  remoteAddress?: string;
}

interface Rule {
  access: Access;
  /** A request for this route made for `caller`, on fresh records. */
  make: (caller: Caller) => Promise<Call> | Call;
  /** The route acts on vendor A's record: vendor B gets 404. */
  ownedByA?: boolean;
}

let t: TestApp;
let admin: FixtureUser;
let vendorA: FixtureUser;
let vendorB: FixtureUser;
let categoryId: number;
let n = 0;
const unique = () => `${++n}-${Math.random().toString(36).slice(2, 7)}`;

const users = () => ({ admin, vendorA, vendorB });

/** A fresh token for `caller`, carrying their account's current token version. */
async function headersFor(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  const user = users()[caller];
  const row = await t.db.selectFrom('users').select('tokenVersion').where('id', '=', user.id).executeTakeFirstOrThrow();
  const token = issueToken(t.app, {
    id: user.id,
    role: user.role as 'admin' | 'vendor',
    tokenVersion: row.tokenVersion,
  });
  return { authorization: `Bearer ${token}` };
}

async function newCategory(): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('categories')
    .values({ name: `Cat ${unique()}`, imageUrl: 'https://img.example.test/c.jpg', createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function newSubcategory(): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('subcategories')
    .values({ categoryId, name: `Sub ${unique()}`, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A product of vendor A, approved and active (the storefront shows it). */
const productOfA = async () => (await createOwnedProduct(t.db, vendorA.vendorId)).id;

/** An order holding a line of vendor A's product. */
async function orderWithA(): Promise<number> {
  const product = await createOwnedProduct(t.db, vendorA.vendorId);
  return (await createOrder(t.db, { lines: [{ productId: product.id, productName: product.name }] })).id;
}

const productBody = () => ({
  name: `Kettle ${unique()}`,
  productDetails: 'Steel kettle',
  sku: `SKU-AUTH-${unique()}`,
  salePrice: 999,
  actualPrice: 1299,
  stockQuantity: 4,
  category: categoryId,
  images: [],
});

const vendorForm = () => ({
  name: 'New Vendor',
  email: `auth-vendor-${unique()}@example.test`,
  password: 'vendor-pass',
  businessName: 'New Business',
  phoneNumber: '+91 90000 00000',
  address: '1 Test Road',
});

const newVendorId = async () => (await createVendor(t.db, { status: 'pending' })).vendorId as number;

/** The store's date shifted by `days`, `YYYY-MM-DD` (UTC, the test app's store time zone). */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A coupon form's body (spec section 7): 10% off every product, open from yesterday for a month. */
const couponBody = () => ({
  code: `AUTH-${unique()}`,
  discountType: 'percentage',
  discountValue: 10,
  minOrderAmount: 0,
  startDate: dayFromToday(-1),
  endDate: dayFromToday(30),
  isActive: true,
  usageLimit: null,
  applicableProducts: [],
  applicableCategories: [],
});

/** A fresh coupon (its id and stored code), written straight to the database. */
async function newCoupon(): Promise<{ id: number; code: string }> {
  const now = new Date().toISOString();
  return t.db
    .insertInto('coupons')
    .values({
      code: `AUTH-${unique()}`.toUpperCase(),
      description: null,
      discountType: 'percentage',
      percentOff: 10,
      amountOffPaise: null,
      minOrderPaise: 0,
      maxDiscountPaise: null,
      startDate: dayFromToday(-1),
      endDate: dayFromToday(30),
      isActive: true,
      usageLimit: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}

/** A storefront cart of one unit of a fresh product of vendor A (in stock, on sale). */
const cartOfA = async () => [{ product: await productOfA(), quantity: 1 }];

/** A checkout's billing details (spec section 3, Order.billingInfo). */
const billingInfo = () => ({
  fullName: 'Guest Shopper',
  email: `auth-shopper-${unique()}@example.test`,
  phone: '+91 98765 43210',
  address: { fullAddress: '1 Park Street', city: 'Kolkata', province: 'West Bengal' },
});

/** An address of its own for each checkout call, so the per-IP rate limit never answers instead. */
const shopperAddress = () => `198.51.100.${n % 250}`;

/** One rule per `METHOD url` the app registers (HEAD routes mirror their GET and are skipped). */
const rules: Record<string, Rule> = {
  'GET /api/health': { access: 'public', make: () => ({ url: '/api/health' }) },
  'POST /api/auth/admin/login': {
    access: 'public',
    make: () => ({ url: '/api/auth/admin/login', payload: { email: admin.email, password: FIXTURE_PASSWORD } }),
  },
  'GET /api/auth/me': { access: 'staff', make: () => ({ url: '/api/auth/me' }) },
  'GET /api/auth/admin/users/count': { access: 'admin', make: () => ({ url: '/api/auth/admin/users/count' }) },
  'POST /api/auth/logout': { access: 'staff', make: () => ({ url: '/api/auth/logout' }) },
  'PUT /api/auth/password': {
    access: 'staff',
    make: () => ({
      url: '/api/auth/password',
      payload: { currentPassword: FIXTURE_PASSWORD, newPassword: FIXTURE_PASSWORD },
    }),
  },
  'GET /api/auth/profile': { access: 'staff', make: () => ({ url: '/api/auth/profile' }) },
  'PUT /api/auth/profile': {
    access: 'staff',
    make: () => ({
      url: '/api/auth/profile',
      payload: { name: 'Renamed', business: { businessName: 'B', phoneNumber: '1', address: 'A' } },
    }),
  },
  'GET /api/dashboard/summary': { access: 'admin', make: () => ({ url: '/api/dashboard/summary' }) },
  'GET /api/categories': { access: 'public', make: () => ({ url: '/api/categories' }) },
  'POST /api/categories/create': {
    access: 'admin',
    make: () => ({
      url: '/api/categories/create',
      payload: { _id: null, name: `Cat ${unique()}`, imageUrl: 'https://img.example.test/c.jpg' },
    }),
  },
  'PUT /api/categories/:id': {
    access: 'admin',
    make: async () => ({
      url: `/api/categories/${await newCategory()}`,
      payload: { name: `Cat ${unique()}`, imageUrl: 'https://img.example.test/c.jpg' },
    }),
  },
  'DELETE /api/categories/:id': {
    access: 'admin',
    make: async () => ({ url: `/api/categories/${await newCategory()}` }),
  },
  'GET /api/subcategories': { access: 'public', make: () => ({ url: '/api/subcategories' }) },
  'POST /api/subcategories': {
    access: 'admin',
    make: () => ({ url: '/api/subcategories', payload: { _id: null, name: `Sub ${unique()}`, category: categoryId } }),
  },
  'PUT /api/subcategories/:id': {
    access: 'admin',
    make: async () => ({
      url: `/api/subcategories/${await newSubcategory()}`,
      payload: { name: `Sub ${unique()}`, category: categoryId },
    }),
  },
  'DELETE /api/subcategories/:id': {
    access: 'admin',
    make: async () => ({ url: `/api/subcategories/${await newSubcategory()}` }),
  },
  'GET /api/products': { access: 'public', make: () => ({ url: '/api/products' }) },
  'GET /api/products/admin/all': { access: 'staff', make: () => ({ url: '/api/products/admin/all' }) },
  'GET /api/products/admin/count': { access: 'staff', make: () => ({ url: '/api/products/admin/count' }) },
  'GET /api/products/admin/pending': { access: 'admin', make: () => ({ url: '/api/products/admin/pending' }) },
  'GET /api/products/:id': {
    access: 'public',
    ownedByA: true,
    make: async () => ({ url: `/api/products/${await productOfA()}` }),
  },
  'POST /api/products/create': {
    access: 'staff',
    make: () => ({ url: '/api/products/create', payload: productBody() }),
  },
  'PUT /api/products/edit/:id': {
    access: 'staff',
    ownedByA: true,
    make: async () => ({ url: `/api/products/edit/${await productOfA()}`, payload: productBody() }),
  },
  'DELETE /api/products/delete/:id': {
    access: 'staff',
    ownedByA: true,
    make: async () => ({ url: `/api/products/delete/${await productOfA()}` }),
  },
  'PUT /api/products/admin/approve/:id': {
    access: 'admin',
    make: async () => ({ url: `/api/products/admin/approve/${await productOfA()}`, payload: { isApproved: true } }),
  },
  'GET /api/orders/admin/orders': { access: 'admin', make: () => ({ url: '/api/orders/admin/orders' }) },
  'GET /api/orders/admin/orders/:id': {
    access: 'admin',
    make: async () => ({ url: `/api/orders/admin/orders/${await orderWithA()}` }),
  },
  'GET /api/orders/admin/stats': { access: 'admin', make: () => ({ url: '/api/orders/admin/stats' }) },
  'GET /api/vendors': { access: 'admin', make: () => ({ url: '/api/vendors' }) },
  'GET /api/vendors/counts': { access: 'admin', make: () => ({ url: '/api/vendors/counts' }) },
  'GET /api/vendors/:id': { access: 'admin', make: async () => ({ url: `/api/vendors/${await newVendorId()}` }) },
  'PUT /api/vendors/:id': {
    access: 'admin',
    make: async () => ({ url: `/api/vendors/${await newVendorId()}`, payload: vendorForm() }),
  },
  'PUT /api/vendors/:id/status': {
    access: 'admin',
    make: async () => ({ url: `/api/vendors/${await newVendorId()}/status`, payload: { status: 'approved' } }),
  },
  'DELETE /api/vendors/:id': { access: 'admin', make: async () => ({ url: `/api/vendors/${await newVendorId()}` }) },
  'POST /api/vendor/register': {
    access: 'public',
    make: () => ({ url: '/api/vendor/register', payload: vendorForm(), remoteAddress: `192.0.2.${n % 250}` }),
  },
  'GET /api/vendor/dashboard': { access: 'vendor', make: () => ({ url: '/api/vendor/dashboard' }) },
  'GET /api/vendor/orders': { access: 'vendor', make: () => ({ url: '/api/vendor/orders' }) },
  'GET /api/vendor/orders/:id': {
    access: 'vendor',
    ownedByA: true,
    make: async () => ({ url: `/api/vendor/orders/${await orderWithA()}` }),
  },
  'PUT /api/orders/admin/order-status': {
    access: 'admin',
    make: async () => ({
      url: '/api/orders/admin/order-status',
      payload: { orderId: await orderWithA(), status: 'Packaging', notes: 'Packed' },
    }),
  },
  'POST /api/orders': {
    access: 'public',
    make: async () => ({
      url: '/api/orders',
      payload: { items: await cartOfA(), billingInfo: billingInfo(), paymentMethod: 'Cash on Delivery' },
      remoteAddress: shopperAddress(),
    }),
  },
  'POST /api/coupons/validate': {
    access: 'public',
    make: async () => ({
      url: '/api/coupons/validate',
      payload: { code: (await newCoupon()).code, items: await cartOfA() },
      remoteAddress: shopperAddress(),
    }),
  },
  'GET /api/coupons': { access: 'admin', make: () => ({ url: '/api/coupons' }) },
  'POST /api/coupons': { access: 'admin', make: () => ({ url: '/api/coupons', payload: couponBody() }) },
  'PUT /api/coupons/:id': {
    access: 'admin',
    make: async () => {
      const { id, code } = await newCoupon();
      return { url: `/api/coupons/${id}`, payload: { ...couponBody(), code } };
    },
  },
  'DELETE /api/coupons/:id': { access: 'admin', make: async () => ({ url: `/api/coupons/${(await newCoupon()).id}` }) },
};

/** The status class a caller must get on a route, by its rule. */
function expected(rule: Rule, caller: Caller): 'through' | 401 | 403 | 404 {
  if (caller === 'anonymous') return rule.access === 'public' ? 'through' : 401;
  if (rule.access === 'admin' && caller !== 'admin') return 403;
  if (rule.access === 'vendor' && caller === 'admin') return 403;
  if (rule.ownedByA && caller === 'vendorB') return 404;
  return 'through';
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendorA = await createVendor(t.db, { businessName: 'Vendor A' });
  vendorB = await createVendor(t.db, { businessName: 'Vendor B' });
  categoryId = await newCategory();
});
afterAll(() => t.close());

const routeKeys = () =>
  t.app.apiRoutes
    .filter((route) => route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url.replace(/\/$/, '')}`);

describe('every API route has an authorization rule', () => {
  it('has a rule for each registered route, with the access the route declares', () => {
    const registered = t.app.apiRoutes.filter((route) => route.method !== 'HEAD');
    expect(registered.length).toBeGreaterThan(30);
    const missing = routeKeys().filter((key) => !(key in rules));
    expect(missing, 'routes without a rule in authorization.test.ts').toEqual([]);
    for (const route of registered) {
      expect(`${route.method} ${route.url}: ${route.access}`).toBe(
        `${route.method} ${route.url}: ${rules[`${route.method} ${route.url.replace(/\/$/, '')}`]?.access}`,
      );
    }
  });

  it('has no rule for a route that does not exist', () => {
    const keys = new Set(routeKeys());
    expect(Object.keys(rules).filter((key) => !keys.has(key))).toEqual([]);
  });
});

describe.each(callers)('as %s', (caller) => {
  it.each(Object.keys(rules))('%s', async (key) => {
    const rule = rules[key] as Rule;
    const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
    const call = await rule.make(caller);
    expect(call.url.startsWith(path.split('/:')[0] as string)).toBe(true);
    const res = await t.app.inject({
      method,
      url: call.url,
      headers: await headersFor(caller),
      ...(call.payload !== undefined && { payload: call.payload as object }),
      ...(call.remoteAddress && { remoteAddress: call.remoteAddress }),
    });
    const want = expected(rule, caller);
    if (want === 'through') {
      expect(res.statusCode, `${caller} ${key}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${caller} ${key}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    } else {
      expect(res.statusCode, `${caller} ${key}: ${res.body.slice(0, 300)}`).toBe(want);
    }
  });
});
