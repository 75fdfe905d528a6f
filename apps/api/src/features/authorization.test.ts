import { createHash, randomBytes } from 'node:crypto';
import {
  type AssignableStaffRole,
  grants,
  staffRolePermissions,
  type TeamRole,
  teamRoleAllows,
  teamRoleNeeded,
} from '@haat/contract';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, ApiRoute } from '../platform/auth/access.js';
import { issueToken } from '../platform/auth/sessions.js';
import { queueMail } from '../platform/mail/outbox.js';
import {
  createAdmin,
  createCustomer,
  createTeamMember,
  createVendor,
  FIXTURE_PASSWORD,
  type FixtureUser,
} from '../test/fixtures.js';
import { IMAGES } from '../test/images.js';
import { approveKyc } from '../test/kyc-fixtures.js';
import { createOrder } from '../test/order-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createOwnedProduct } from '../test/vendor-fixtures.js';
import { insertTaxDocument, takeSerial } from './documents/documents.repository.js';

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
 *
 * Staff roles and seller teams (issue 36; decisions 0128, 0129) add callers: an admin of
 * each built-in role besides the Owner (`admin` above is the Owner, the spec's admin),
 * who gets through a route only when the role grants the permission the route declares
 * (else 403), and a manager and a staff member of vendor A's team, who act for vendor
 * A but get 403 where their team role is not enough (staff: money areas; both: the
 * team's changes, the owner's).
 */

type StaffCaller = `staff:${AssignableStaffRole}`;
type MemberCaller = 'managerA' | 'staffA';
type Caller = 'anonymous' | 'vendorA' | 'vendorB' | 'admin' | StaffCaller | MemberCaller;
const staffCallers: StaffCaller[] = [
  'staff:admin',
  'staff:catalog',
  'staff:orders',
  'staff:finance',
  'staff:support',
  'staff:content',
];
const callers: Caller[] = ['anonymous', 'vendorA', 'vendorB', 'admin', ...staffCallers, 'managerA', 'staffA'];

interface Call {
  url: string;
  payload?: unknown;
  remoteAddress?: string;
  /** Headers besides the caller's authorization (a raw upload's `content-type`). */
  headers?: Record<string, string>;
  /** An event stream: judged on its status, then dropped (its body never ends). */
  stream?: boolean;
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
const staffUsers: Partial<Record<StaffCaller, FixtureUser>> = {};
let managerA: FixtureUser;
let staffA: FixtureUser;
let categoryId: number;
let n = 0;
const unique = () => `${++n}-${Math.random().toString(36).slice(2, 7)}`;

const users = (): Record<Exclude<Caller, 'anonymous'>, FixtureUser> =>
  ({ admin, vendorA, vendorB, managerA, staffA, ...staffUsers }) as Record<Exclude<Caller, 'anonymous'>, FixtureUser>;

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

/** A finished export job of `caller` (of the admin for anyone signed out), with a one-piece file kept a day. */
async function finishedJobOf(caller: Caller): Promise<number> {
  const owner = caller === 'anonymous' ? admin : users()[caller];
  const now = new Date();
  const row = await t.db
    .insertInto('jobs')
    .values({
      kind: 'export',
      ownerUserId: owner.id,
      params: '{}',
      state: 'done',
      fileName: 'products-2026-11-25.csv',
      fileBytes: 4,
      createdAt: now.toISOString(),
      finishedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('jobFileChunks')
    .values({ jobId: row.id, seq: 1, bytes: Buffer.from('ID\r\n') })
    .execute();
  return row.id;
}

/** A product of vendor A, approved and active (the storefront shows it). */
const productOfA = async () => (await createOwnedProduct(t.db, vendorA.vendorId)).id;

/** A pending revision (decision 0044) of a fresh, approved product of vendor A: a renamed copy. */
async function revisionOfA(): Promise<number> {
  const id = await productOfA();
  const row = await t.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const values = {
    name: row.name,
    productDetails: row.productDetails,
    brand: row.brand,
    color: row.color,
    model: row.model,
    warrantyPeriod: row.warrantyPeriod,
    manufacturer: row.manufacturer,
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
    images: [],
  };
  const now = new Date().toISOString();
  const revision = await t.db
    .insertInto('productRevisions')
    .values({
      productId: id,
      proposedBy: vendorA.id,
      status: 'pending',
      proposed: JSON.stringify({ ...values, name: `${row.name} renamed` }),
      base: JSON.stringify(values),
      reason: null,
      reviewedBy: null,
      reviewedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return revision.id;
}

/** An order holding a line of vendor A's product. */
async function orderWithA(): Promise<number> {
  const product = await createOwnedProduct(t.db, vendorA.vendorId);
  return (await createOrder(t.db, { lines: [{ productId: product.id, productName: product.name }] })).id;
}

/** An order of vendor A's product in `status`, with its version and its one line's id. */
async function versionedOrderWithA(status: 'Order Placed' | 'Delivered') {
  const product = await createOwnedProduct(t.db, vendorA.vendorId);
  const order = await createOrder(t.db, { status, lines: [{ productId: product.id, productName: product.name }] });
  const row = await t.db.selectFrom('orders').select('updatedAt').where('id', '=', order.id).executeTakeFirstOrThrow();
  const line = await t.db
    .selectFrom('orderItems')
    .select('id')
    .where('orderId', '=', order.id)
    .executeTakeFirstOrThrow();
  return { id: order.id, updatedAt: row.updatedAt, itemId: line.id };
}

/** Vendor A's shipment of a new order of theirs (issue 34), with its version. */
async function shipmentOfA() {
  const order = await versionedOrderWithA('Order Placed');
  const row = await t.db
    .selectFrom('shipments')
    .select(['id', 'updatedAt'])
    .where('orderId', '=', order.id)
    .executeTakeFirstOrThrow();
  return { id: row.id, updatedAt: new Date(row.updatedAt).toISOString(), order };
}

/** A pending cancellation request of vendor A on a new order of theirs, with the order's version. */
async function pendingRequestOfA() {
  const order = await versionedOrderWithA('Order Placed');
  const now = new Date().toISOString();
  const { id } = await t.db
    .insertInto('orderCancelRequests')
    .values({
      orderId: order.id,
      vendorId: vendorA.vendorId as number,
      reason: 'Cannot ship it',
      status: 'pending',
      decisionReason: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, orderId: order.id, updatedAt: order.updatedAt };
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

const blogBody = () => ({
  title: `Post ${unique()}`,
  category: 'News',
  author: 'Editor',
  content: '<p>Hello</p>',
});

async function newBlog(): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('blogs')
    .values({ ...blogBody(), image: null, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A coupon of 10% off, valid from yesterday to tomorrow, made as the admin; `code` and `id`. */
async function newCoupon(): Promise<{ id: string; code: string }> {
  const code = `AUTH${++n}`;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coupons',
    headers: await headersFor('admin'),
    payload: {
      code,
      discountType: 'percentage',
      discountValue: 10,
      minOrderAmount: 0,
      startDate: day(-1),
      endDate: day(1),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().coupon._id, code };
}

const couponForm = (code: string) => ({
  code,
  discountType: 'percentage',
  discountValue: 15,
  minOrderAmount: 0,
  startDate: '2026-01-01',
  endDate: '2099-12-31',
});

async function newContact(): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('contacts')
    .values({ name: 'Asha', email: 'asha@example.test', phone: null, message: 'Hi', createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A PNG's signature followed by unique filler: an image the upload check accepts, never a duplicate. */
const pngBytes = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`png-${unique()}`)]);

async function newUpload(): Promise<number> {
  const data = pngBytes();
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('uploads')
    .values({
      contentType: 'image/png',
      byteSize: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A notification for `caller` (vendor B gets one of vendor A's: theirs to be refused). */
async function newNotification(caller: Caller): Promise<number> {
  const owner = caller === 'anonymous' || caller === 'vendorB' ? vendorA : users()[caller];
  const row = await t.db
    .insertInto('notifications')
    .values({
      userId: owner.id,
      kind: 'contact_received',
      title: 'New contact message',
      message: 'Asha: Hi',
      subjectType: 'contact',
      subjectId: 1,
      link: '/admin/contact',
      createdAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

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
  'GET /api/search': { access: 'staff', make: () => ({ url: '/api/search?q=kettle' }) },
  'GET /api/dashboard/settings': { access: 'staff', make: () => ({ url: '/api/dashboard/settings' }) },
  'PUT /api/dashboard/settings': {
    access: 'staff',
    // Each caller's own settings, saved over the version they have now.
    make: async (caller) => {
      const user = caller === 'anonymous' ? undefined : users()[caller];
      const row = user
        ? await t.db
            .selectFrom('dashboardSettings')
            .select('updatedAt')
            .where('userId', '=', user.id)
            .executeTakeFirst()
        : undefined;
      const updatedAt = row ? new Date(row.updatedAt).toISOString() : null;
      return { url: '/api/dashboard/settings', payload: { hidden: ['totalOrders'], months: 6, updatedAt } };
    },
  },
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
  'GET /api/products/admin/all/export': { access: 'staff', make: () => ({ url: '/api/products/admin/all/export' }) },
  'POST /api/products/admin/bulk': {
    access: 'admin',
    make: async () => ({ url: '/api/products/admin/bulk', payload: { action: 'approve', ids: [await productOfA()] } }),
  },
  // A vendor imports their own products, an admin the store's (decision 0111).
  'POST /api/products/import/preview': {
    access: 'staff',
    make: () => ({ url: '/api/products/import/preview', payload: { csv: 'SKU,Name\nAUTH-IMPORT-1,Thing\n' } }),
  },
  'POST /api/products/import': {
    access: 'staff',
    make: () => ({ url: '/api/products/import', payload: { csv: 'SKU,Name\nAUTH-IMPORT-1,Thing\n' } }),
  },
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
  'PUT /api/products/admin/revisions/:id': {
    access: 'admin',
    make: async () => ({ url: `/api/products/admin/revisions/${await revisionOfA()}`, payload: { isApproved: true } }),
  },
  'GET /api/orders/admin/orders': { access: 'admin', make: () => ({ url: '/api/orders/admin/orders' }) },
  'GET /api/orders/admin/orders/export': { access: 'admin', make: () => ({ url: '/api/orders/admin/orders/export' }) },
  'GET /api/orders/admin/orders/:id': {
    access: 'admin',
    make: async () => ({ url: `/api/orders/admin/orders/${await orderWithA()}` }),
  },
  'GET /api/orders/admin/stats': { access: 'admin', make: () => ({ url: '/api/orders/admin/stats' }) },
  'POST /api/orders/admin/bulk': {
    access: 'admin',
    make: async () => ({ url: '/api/orders/admin/bulk', payload: { action: 'advance', ids: [await orderWithA()] } }),
  },
  'GET /api/customers/admin': { access: 'admin', make: () => ({ url: '/api/customers/admin' }) },
  'GET /api/customers/admin/export': { access: 'admin', make: () => ({ url: '/api/customers/admin/export' }) },
  // A job is its owner's alone: each caller asks for a finished export of their own.
  'GET /api/jobs/:id': {
    access: 'staff',
    make: async (caller) => ({ url: `/api/jobs/${await finishedJobOf(caller)}` }),
  },
  'GET /api/jobs/:id/file': {
    access: 'staff',
    make: async (caller) => ({ url: `/api/jobs/${await finishedJobOf(caller)}/file` }),
  },
  'GET /api/customers/admin/:id': {
    access: 'admin',
    make: async () => ({ url: `/api/customers/admin/${(await createCustomer(t.db)).id}` }),
  },
  'POST /api/customers/admin/:id/anonymise': {
    access: 'admin',
    make: async () => ({ url: `/api/customers/admin/${(await createCustomer(t.db)).id}/anonymise` }),
  },
  'GET /api/vendors': { access: 'admin', make: () => ({ url: '/api/vendors' }) },
  'POST /api/vendors/bulk': {
    access: 'admin',
    make: async () => ({ url: '/api/vendors/bulk', payload: { action: 'approve', ids: [await newVendorId()] } }),
  },
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
  'GET /api/vendor/orders/export': { access: 'vendor', make: () => ({ url: '/api/vendor/orders/export' }) },
  'GET /api/vendor/orders/:id': {
    access: 'vendor',
    ownedByA: true,
    make: async () => ({ url: `/api/vendor/orders/${await orderWithA()}` }),
  },
  'POST /api/orders/admin/:id/cancel': {
    access: 'admin',
    make: async () => {
      const order = await versionedOrderWithA('Order Placed');
      return {
        url: `/api/orders/admin/${order.id}/cancel`,
        payload: { reason: 'Asked by the customer', updatedAt: order.updatedAt },
      };
    },
  },
  'POST /api/orders/admin/:id/returns': {
    access: 'admin',
    make: async () => {
      const order = await versionedOrderWithA('Delivered');
      return {
        url: `/api/orders/admin/${order.id}/returns`,
        payload: {
          items: [{ itemId: order.itemId, quantity: 1 }],
          reason: 'damaged',
          restock: true,
          updatedAt: order.updatedAt,
        },
      };
    },
  },
  // Shipments (issue 34).
  'GET /api/vendor/shipments': {
    access: 'vendor',
    make: () => ({ url: '/api/vendor/shipments?status=all&late=false' }),
  },
  'GET /api/vendor/shipments/summary': { access: 'vendor', make: () => ({ url: '/api/vendor/shipments/summary' }) },
  'GET /api/vendor/shipments/:id': {
    access: 'vendor',
    ownedByA: true,
    make: async () => ({ url: `/api/vendor/shipments/${(await shipmentOfA()).id}` }),
  },
  'PUT /api/vendor/shipments/:id/status': {
    access: 'vendor',
    ownedByA: true,
    make: async () => {
      const shipment = await shipmentOfA();
      return {
        url: `/api/vendor/shipments/${shipment.id}/status`,
        payload: { status: 'Packaging', updatedAt: shipment.updatedAt },
      };
    },
  },
  // Another vendor's shipment in a bulk is refused in the answer (200), not the request.
  'POST /api/vendor/shipments/bulk': {
    access: 'vendor',
    make: async () => ({
      url: '/api/vendor/shipments/bulk',
      payload: { action: 'pack', ids: [(await shipmentOfA()).id] },
    }),
  },
  'POST /api/vendor/orders/:id/cancel': {
    access: 'vendor',
    ownedByA: true,
    make: async () => {
      const { order } = await shipmentOfA();
      return {
        url: `/api/vendor/orders/${order.id}/cancel`,
        payload: { items: [{ itemId: order.itemId, quantity: 1 }], reason: 'Out of stock' },
      };
    },
  },
  'GET /api/vendor/performance': { access: 'vendor', make: () => ({ url: '/api/vendor/performance' }) },
  'GET /api/shipments/carriers': { access: 'staff', make: () => ({ url: '/api/shipments/carriers' }) },
  'PUT /api/shipments/admin/:id/status': {
    access: 'admin',
    make: async () => {
      const shipment = await shipmentOfA();
      return {
        url: `/api/shipments/admin/${shipment.id}/status`,
        payload: { status: 'On The Road', carrier: 'Delhivery', awb: 'DL12345678', updatedAt: shipment.updatedAt },
      };
    },
  },
  'GET /api/vendor/shipments/:id/packing-slip': {
    access: 'vendor',
    ownedByA: true,
    make: async () => ({ url: `/api/vendor/shipments/${(await shipmentOfA()).id}/packing-slip` }),
  },
  'POST /api/vendor/shipments/packing-slips': {
    access: 'vendor',
    ownedByA: true,
    make: async () => ({ url: '/api/vendor/shipments/packing-slips', payload: { ids: [(await shipmentOfA()).id] } }),
  },
  // Another vendor's shipment in a manifest is a refused row of the report (200), not a refused request.
  'POST /api/vendor/shipments/import': {
    access: 'vendor',
    make: async () => {
      const { order } = await shipmentOfA();
      const row = await t.db
        .selectFrom('orders')
        .select('trackingNumber')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      return {
        url: '/api/vendor/shipments/import',
        payload: {
          csv: `tracking number,carrier,awb\n${row.trackingNumber},Delhivery,DL${unique().replace(/\W/g, '')}`,
        },
      };
    },
  },
  'GET /api/vendors/:id/performance': {
    access: 'admin',
    make: () => ({ url: `/api/vendors/${vendorA.vendorId}/performance` }),
  },
  'POST /api/vendor/orders/:id/cancel-request': {
    access: 'vendor',
    ownedByA: true,
    make: async () => ({
      url: `/api/vendor/orders/${await orderWithA()}/cancel-request`,
      payload: { reason: 'Cannot ship it' },
    }),
  },
  'POST /api/orders/admin/:id/cancel-requests/:requestId/accept': {
    access: 'admin',
    make: async () => {
      const request = await pendingRequestOfA();
      return {
        url: `/api/orders/admin/${request.orderId}/cancel-requests/${request.id}/accept`,
        payload: { updatedAt: request.updatedAt },
      };
    },
  },
  'POST /api/orders/admin/:id/cancel-requests/:requestId/decline': {
    access: 'admin',
    make: async () => {
      const request = await pendingRequestOfA();
      return {
        url: `/api/orders/admin/${request.orderId}/cancel-requests/${request.id}/decline`,
        payload: { reason: 'Needed this week' },
      };
    },
  },
  'PUT /api/orders/admin/order-status': {
    access: 'admin',
    make: async () => ({
      url: '/api/orders/admin/order-status',
      payload: { orderId: await orderWithA(), status: 'Packaging' },
    }),
  },
  'POST /api/orders': {
    access: 'public',
    make: async () => ({
      url: '/api/orders',
      payload: {
        items: [{ product: await productOfA(), quantity: 1 }],
        billingInfo: {
          fullName: 'Meera Shopper',
          email: `shopper-${++n}@example.test`,
          phone: '+91 90000 00000',
          address: { fullAddress: '12 Lake Road', city: 'Pune', province: 'Maharashtra' },
        },
        paymentMethod: 'Cash on Delivery',
      },
      remoteAddress: `203.0.113.${++n % 250}`,
    }),
  },
  'POST /api/coupons/validate': {
    access: 'public',
    make: async () => ({
      url: '/api/coupons/validate',
      payload: { code: (await newCoupon()).code, items: [{ product: await productOfA(), quantity: 1 }] },
      remoteAddress: `203.0.113.${++n % 250}`,
    }),
  },
  'GET /api/coupons': { access: 'admin', make: () => ({ url: '/api/coupons' }) },
  'POST /api/coupons': { access: 'admin', make: () => ({ url: '/api/coupons', payload: couponForm(`AUTH${++n}`) }) },
  'PUT /api/coupons/:id': {
    access: 'admin',
    make: async () => {
      const coupon = await newCoupon();
      return { url: `/api/coupons/${coupon.id}`, payload: couponForm(coupon.code) };
    },
  },
  'DELETE /api/coupons/:id': { access: 'admin', make: async () => ({ url: `/api/coupons/${(await newCoupon()).id}` }) },
  'GET /api/blogs': { access: 'public', make: () => ({ url: '/api/blogs' }) },
  'GET /api/blogs/:id': { access: 'public', make: async () => ({ url: `/api/blogs/${await newBlog()}` }) },
  'POST /api/blogs/create': { access: 'admin', make: () => ({ url: '/api/blogs/create', payload: blogBody() }) },
  'PUT /api/blogs/:id': {
    access: 'admin',
    make: async () => ({ url: `/api/blogs/${await newBlog()}`, payload: blogBody() }),
  },
  'DELETE /api/blogs/:id': { access: 'admin', make: async () => ({ url: `/api/blogs/${await newBlog()}` }) },
  'POST /api/contacts': {
    access: 'public',
    make: () => ({
      url: '/api/contacts',
      payload: { name: 'Asha', email: 'asha@example.test', message: 'Do you deliver?' },
      remoteAddress: `198.51.100.${++n % 250}`,
    }),
  },
  'GET /api/contacts': { access: 'admin', make: () => ({ url: '/api/contacts' }) },
  'GET /api/contacts/export': { access: 'admin', make: () => ({ url: '/api/contacts/export' }) },
  'POST /api/contacts/bulk': {
    access: 'admin',
    make: async () => ({ url: '/api/contacts/bulk', payload: { action: 'mark-handled', ids: [await newContact()] } }),
  },
  'GET /api/contacts/:id': { access: 'admin', make: async () => ({ url: `/api/contacts/${await newContact()}` }) },
  'DELETE /api/contacts/:id': { access: 'admin', make: async () => ({ url: `/api/contacts/${await newContact()}` }) },
  'PUT /api/contacts/:id/handled': {
    access: 'admin',
    make: async () => ({ url: `/api/contacts/${await newContact()}/handled`, payload: { handled: true } }),
  },
  'POST /api/uploads': {
    access: 'staff',
    make: () => ({ url: '/api/uploads', payload: IMAGES.png, headers: { 'content-type': 'image/png' } }),
  },
  'GET /api/uploads/:id': { access: 'public', make: async () => ({ url: `/api/uploads/${await newUpload()}` }) },
  'GET /api/uploads/:id/thumbnail': {
    access: 'public',
    make: async () => ({ url: `/api/uploads/${await newUpload()}/thumbnail` }),
  },
  'GET /api/website-config': { access: 'public', make: () => ({ url: '/api/website-config' }) },
  'PUT /api/website-config/logo': {
    access: 'admin',
    make: () => ({ url: '/api/website-config/logo', payload: { logoUrl: 'https://img.example.test/logo.png' } }),
  },
  'PUT /api/website-config/welcome-quote': {
    access: 'admin',
    make: () => ({ url: '/api/website-config/welcome-quote', payload: { welcomeQuote: 'Welcome to Haat' } }),
  },
  'PUT /api/website-config/contact-info': {
    access: 'admin',
    make: () => ({
      url: '/api/website-config/contact-info',
      payload: { phoneNumber: '+91 80 4567 8900', email: 'hello@example.test' },
    }),
  },
  'PUT /api/website-config/banners': {
    access: 'admin',
    make: () => ({
      url: '/api/website-config/banners',
      payload: { banners: [{ imageUrl: 'https://img.example.test/b.jpg', anchorLink: 'https://shop.example.test/' }] },
    }),
  },
  'PUT /api/website-config/social-media': {
    access: 'admin',
    make: () => ({
      url: '/api/website-config/social-media',
      payload: { socialMediaLinks: [{ platform: 'instagram', url: 'https://instagram.com/haat' }] },
    }),
  },
  'GET /api/activity': { access: 'admin', make: () => ({ url: '/api/activity' }) },
  'GET /api/activity/export': { access: 'admin', make: () => ({ url: '/api/activity/export' }) },
  'GET /api/activity/people': { access: 'admin', make: () => ({ url: '/api/activity/people' }) },
  'GET /api/activity/:kind/:id': {
    access: 'staff',
    ownedByA: true,
    make: async () => ({ url: `/api/activity/product/${await productOfA()}` }),
  },
  'PUT /api/website-config/sales-banner': {
    access: 'admin',
    make: () => ({
      url: '/api/website-config/sales-banner',
      payload: { salesBanner: { discountText: '20% OFF', shopNowLink: 'https://shop.example.test/sale' } },
    }),
  },
  'GET /api/notifications': { access: 'staff', make: () => ({ url: '/api/notifications' }) },
  'GET /api/notifications/unread-count': { access: 'staff', make: () => ({ url: '/api/notifications/unread-count' }) },
  'PUT /api/notifications/read-all': { access: 'staff', make: () => ({ url: '/api/notifications/read-all' }) },
  'PUT /api/notifications/:id/read': {
    access: 'staff',
    ownedByA: true,
    make: async (caller) => ({ url: `/api/notifications/${await newNotification(caller)}/read` }),
  },
  'GET /api/notifications/stream': {
    access: 'staff',
    make: () => ({ url: '/api/notifications/stream', stream: true }),
  },
};

/** A commission rate for a fresh category, as stored. */
async function newRate(): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('commissionRates')
    .values({
      name: `Rate ${unique()}`,
      percentageBp: 500,
      categoryId: await newCategory(),
      vendorId: null,
      minPaise: null,
      maxPaise: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A Pending payout of a fresh vendor (one Pending payout per vendor). */
async function pendingPayout(): Promise<number> {
  const vendor = await createVendor(t.db);
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('payouts')
    .values({
      vendorId: vendor.vendorId as number,
      amountPaise: 10_000,
      status: 'Pending',
      accountHolder: 'Holder',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
      reference: null,
      paidOn: null,
      failureReason: null,
      createdBy: admin.id,
      decidedBy: null,
      decidedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const moneyRules: Record<string, Rule> = {
  'GET /api/tax/admin/settings': { access: 'admin', make: () => ({ url: '/api/tax/admin/settings' }) },
  'PUT /api/tax/admin/settings': {
    access: 'admin',
    // The store's settings as they are, saved over the version stored now (issue 35).
    make: async () => {
      const row = await t.db.selectFrom('taxSettings').select('updatedAt').executeTakeFirstOrThrow();
      const rates = await t.db.selectFrom('taxRates').select(['kind', 'rateBp', 'fromDate']).execute();
      return {
        url: '/api/tax/admin/settings',
        payload: {
          legalName: 'Haat',
          state: 'Karnataka',
          rates: rates.map((rate) => ({ kind: rate.kind, percentage: rate.rateBp / 100, from: rate.fromDate })),
          updatedAt: new Date(row.updatedAt).toISOString(),
        },
      };
    },
  },
  'GET /api/commissions/admin/rates': { access: 'admin', make: () => ({ url: '/api/commissions/admin/rates' }) },
  'POST /api/commissions/admin/rates': {
    access: 'admin',
    make: async () => ({
      url: '/api/commissions/admin/rates',
      payload: { name: `Rate ${unique()}`, percentage: 7.5, categoryId: await newCategory() },
    }),
  },
  'PUT /api/commissions/admin/rates/:id': {
    access: 'admin',
    make: async () => {
      const id = await newRate();
      const row = await t.db.selectFrom('commissionRates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return {
        url: `/api/commissions/admin/rates/${id}`,
        payload: { name: row.name, percentage: 6, categoryId: row.categoryId, updatedAt: row.updatedAt },
      };
    },
  },
  'DELETE /api/commissions/admin/rates/:id': {
    access: 'admin',
    make: async () => ({ url: `/api/commissions/admin/rates/${await newRate()}` }),
  },
  'GET /api/vendor/earnings': { access: 'vendor', make: () => ({ url: '/api/vendor/earnings?limit=20' }) },
  'GET /api/vendor/earnings/export': { access: 'vendor', make: () => ({ url: '/api/vendor/earnings/export' }) },
  'GET /api/vendor/payouts': { access: 'vendor', make: () => ({ url: '/api/vendor/payouts' }) },
  'GET /api/vendor/bank-details': { access: 'vendor', make: () => ({ url: '/api/vendor/bank-details' }) },
  'PUT /api/vendor/bank-details': {
    access: 'vendor',
    make: () => ({
      url: '/api/vendor/bank-details',
      payload: { accountHolder: 'Asha Traders', accountNumber: '123456789012', ifsc: 'HDFC0001234' },
    }),
  },
  'GET /api/payouts/admin/balances': { access: 'admin', make: () => ({ url: '/api/payouts/admin/balances?limit=20' }) },
  'GET /api/payouts/admin': { access: 'admin', make: () => ({ url: '/api/payouts/admin?limit=20' }) },
  'POST /api/payouts/admin': { access: 'admin', make: () => ({ url: '/api/payouts/admin', payload: {} }) },
  'PUT /api/payouts/admin/:id': {
    access: 'admin',
    make: async () => ({
      url: `/api/payouts/admin/${await pendingPayout()}`,
      payload: { status: 'Paid', reference: `UTR${unique()}` },
    }),
  },
  'GET /api/payouts/admin/export': { access: 'admin', make: () => ({ url: '/api/payouts/admin/export' }) },
  'GET /api/payouts/admin/vendors/:id/ledger': {
    access: 'admin',
    make: () => ({ url: `/api/payouts/admin/vendors/${vendorA.vendorId}/ledger` }),
  },
  'POST /api/payouts/admin/vendors/:id/adjustments': {
    access: 'admin',
    make: () => ({
      url: `/api/payouts/admin/vendors/${vendorA.vendorId}/adjustments`,
      payload: { amount: 1, reason: 'Authorization walk' },
    }),
  },
};
Object.assign(rules, moneyRules);

/** A PDF's first bytes: enough for the KYC document upload's sniffing. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A KYC document of `vendor` (unattached), as stored. */
async function kycDocumentOf(vendor: FixtureUser): Promise<number> {
  const row = await t.db
    .insertInto('kycDocuments')
    .values({
      vendorId: vendor.vendorId as number,
      kind: null,
      contentType: 'application/pdf',
      byteSize: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
      data: PDF,
      createdAt: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh vendor whose KYC is submitted for review. */
async function submittedKycVendor(): Promise<number> {
  const vendor = await createVendor(t.db);
  await approveKyc(t.db, vendor.vendorId as number);
  await t.db
    .updateTable('vendorKyc')
    .set({ status: 'submitted' })
    .where('vendorId', '=', vendor.vendorId as number)
    .execute();
  return vendor.vendorId as number;
}

/** Seller KYC (issue 35): a vendor reaches only their own; a document answers another vendor 404. */
const kycRules: Record<string, Rule> = {
  'GET /api/vendor/kyc': { access: 'vendor', make: () => ({ url: '/api/vendor/kyc' }) },
  'PUT /api/vendor/kyc': {
    access: 'vendor',
    make: () => ({
      url: '/api/vendor/kyc',
      payload: { legalName: 'Asha Traders', pan: 'ABCPE1234F', state: 'Karnataka', address: '1 MG Road, Bengaluru' },
    }),
  },
  'POST /api/vendor/kyc/documents': {
    access: 'vendor',
    make: () => ({ url: '/api/vendor/kyc/documents', payload: PDF, headers: { 'content-type': 'application/pdf' } }),
  },
  'GET /api/kyc/documents/:id': {
    access: 'staff',
    ownedByA: true,
    make: async () => ({ url: `/api/kyc/documents/${await kycDocumentOf(vendorA)}` }),
  },
  'GET /api/kyc/admin': { access: 'admin', make: () => ({ url: '/api/kyc/admin?limit=20' }) },
  'GET /api/kyc/admin/:vendorId': {
    access: 'admin',
    make: async () => ({ url: `/api/kyc/admin/${await submittedKycVendor()}` }),
  },
  'PUT /api/kyc/admin/:vendorId': {
    access: 'admin',
    make: async () => ({ url: `/api/kyc/admin/${await submittedKycVendor()}`, payload: { decision: 'approve' } }),
  },
};
Object.assign(rules, kycRules);

/** A tax invoice issued by `vendor` (issue 35), inserted as the shipment's subscriber would. */
async function documentOf(vendor: FixtureUser): Promise<number> {
  const body = JSON.stringify({ walk: unique() });
  const at = new Date().toISOString();
  const key = `WALK-${vendor.vendorId}`;
  const serial = await takeSerial(t.db, key, 'INV', '2026-27');
  return insertTaxDocument(
    t.db,
    {
      kind: 'invoice',
      series: 'INV',
      issuerKey: key,
      financialYear: '2026-27',
      serial,
      number: `INV/2627/${String(serial).padStart(7, '0')}`,
      issuerGstin: null,
      issuerName: 'Walk',
      recipientName: 'Buyer',
      recipientGstin: null,
      vendorId: vendor.vendorId as number,
      orderId: null,
      shipmentId: null,
      refersToId: null,
      sourceKey: `walk:${unique()}`,
      period: null,
      taxablePaise: 100,
      cgstPaise: 9,
      sgstPaise: 9,
      igstPaise: 0,
      totalPaise: 118,
      body: JSON.stringify({
        kind: 'invoice',
        title: 'Tax invoice',
        number: `INV/2627/${String(serial).padStart(7, '0')}`,
        financialYear: '2026-27',
        issuedAt: at,
        supplier: { name: 'Walk', address: '', gstin: null, stateCode: '29', stateName: 'Karnataka' },
        recipient: { name: 'Buyer', address: '', gstin: null, stateCode: '29', stateName: 'Karnataka' },
        placeOfSupply: { code: '29', name: 'Karnataka' },
        reverseCharge: false,
        order: null,
        refersTo: null,
        reason: null,
        period: null,
        lines: [],
        totals: { taxablePaise: 100, cgstPaise: 9, sgstPaise: 9, igstPaise: 0, totalPaise: 118 },
      }),
      hash: createHash('sha256').update(body).digest('hex'),
      issuedAt: at,
      createdAt: at,
    },
    [],
  );
}

/** GST documents (issue 35): money (admins `money:read`, a seller's managers); a vendor's own only, another's 404. */
const documentRules: Record<string, Rule> = {
  'GET /api/documents': { access: 'staff', make: () => ({ url: '/api/documents?limit=5' }) },
  'GET /api/documents/:id/pdf': {
    access: 'staff',
    ownedByA: true,
    make: async () => ({ url: `/api/documents/${await documentOf(vendorA)}/pdf` }),
  },
};
Object.assign(rules, documentRules);
// The tax reports (issue 35; decision 0149): GSTR-8 and TDS need `money:read`; a statement is the caller's own (managers up).
const taxReportRules: Record<string, Rule> = {
  'GET /api/tax/admin/gstr8': { access: 'admin', make: () => ({ url: '/api/tax/admin/gstr8?month=2026-11' }) },
  'GET /api/tax/admin/gstr8/export': {
    access: 'admin',
    make: () => ({ url: '/api/tax/admin/gstr8/export?month=2026-11' }),
  },
  'GET /api/tax/admin/tds': { access: 'admin', make: () => ({ url: '/api/tax/admin/tds?quarter=2026-Q3' }) },
  'GET /api/vendor/statements/:month': { access: 'vendor', make: () => ({ url: '/api/vendor/statements/2026-11' }) },
  'GET /api/vendor/statements/:month.pdf': {
    access: 'vendor',
    make: () => ({ url: '/api/vendor/statements/2026-11.pdf' }),
  },
  'GET /api/vendor/statements/:month.csv': {
    access: 'vendor',
    make: () => ({ url: '/api/vendor/statements/2026-11.csv' }),
  },
};
Object.assign(rules, taxReportRules);
/** A fresh token hash for an account token of `purpose` (reset, verification), answering the token. */
async function accountToken(purpose: 'password_reset' | 'email_verification'): Promise<string> {
  const user = await createAdmin(t.db);
  const token = `token-${unique()}`;
  const now = new Date();
  await t.db
    .insertInto('accountTokens')
    .values({
      userId: user.id,
      purpose,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(now.getTime() + 600_000).toISOString(),
      usedAt: null,
      createdAt: now.toISOString(),
    })
    .execute();
  return token;
}

/** A fresh staff member (Catalog manager) with their version, for the Staff screen's changes. */
async function newStaffMember() {
  const member = await createAdmin(t.db, { staffRole: 'catalog' });
  const row = await t.db.selectFrom('users').select('updatedAt').where('id', '=', member.id).executeTakeFirstOrThrow();
  return { id: member.id, updatedAt: new Date(row.updatedAt).toISOString() };
}

/** An invitation to the staff waiting to be accepted; @returns its token. */
async function newInvitationToken(): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await t.db
    .insertInto('invitations')
    .values({
      kind: 'staff',
      email: `invited-${unique()}@example.test`,
      name: 'Invited',
      role: 'support',
      vendorId: null,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      invitedBy: admin.id,
      expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
      acceptedAt: null,
      createdAt: now.toISOString(),
    })
    .execute();
  return token;
}

/** Sets up two-factor sign-in for `caller` (not anonymous) over HTTP; answers its secret and recovery codes. */
async function twoFactorOn(user: FixtureUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const row = await t.db.selectFrom('users').select('tokenVersion').where('id', '=', user.id).executeTakeFirstOrThrow();
  const headers = {
    authorization: `Bearer ${issueToken(t.app, { id: user.id, role: user.role as 'admin' | 'vendor', tokenVersion: row.tokenVersion })}`,
  };
  await t.db
    .updateTable('users')
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where('id', '=', user.id)
    .execute();
  const { secret } = (await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers })).json();
  const enabled = await t.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers,
    payload: { code: generateSync({ secret }) },
  });
  return { secret, recoveryCodes: enabled.json().recoveryCodes };
}

/** The user a staff caller is (anonymous: vendor A, whose call is refused anyway). */
const userOf = (caller: Caller) => (caller === 'anonymous' ? vendorA : users()[caller]);

const mailRules: Record<string, Rule> = {
  'GET /api/mail/admin/outbox': { access: 'admin', make: () => ({ url: '/api/mail/admin/outbox?limit=20' }) },
  'GET /api/mail/admin/outbox/:id': {
    access: 'admin',
    make: async () => {
      await t.db.transaction().execute((trx) =>
        queueMail(trx, {
          to: { email: 'someone@example.test' },
          template: 'password-changed',
          data: { at: new Date().toISOString() },
          dedupeKey: `authorization:${unique()}`,
        }),
      );
      const row = await t.db.selectFrom('mailOutbox').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      return { url: `/api/mail/admin/outbox/${row.id}` };
    },
  },
  'GET /api/mail/preferences': { access: 'staff', make: () => ({ url: '/api/mail/preferences' }) },
  'PUT /api/mail/preferences': {
    access: 'staff',
    make: () => ({
      url: '/api/mail/preferences',
      payload: { preferences: [{ template: 'payout-paid', enabled: true }] },
    }),
  },
  'POST /api/auth/password-reset/request': {
    access: 'public',
    make: () => ({
      url: '/api/auth/password-reset/request',
      payload: { email: `nobody-${unique()}@example.test` },
      remoteAddress: `10.36.0.${n % 250}`,
    }),
  },
  'POST /api/auth/password-reset/confirm': {
    access: 'public',
    make: async () => ({
      url: '/api/auth/password-reset/confirm',
      payload: { token: await accountToken('password_reset'), password: 'brand-new-pass' },
    }),
  },
  'POST /api/auth/verify-email': {
    access: 'public',
    make: async () => ({ url: '/api/auth/verify-email', payload: { token: await accountToken('email_verification') } }),
  },
  'GET /api/auth/2fa': { access: 'staff', make: () => ({ url: '/api/auth/2fa' }) },
  'POST /api/auth/2fa/setup': {
    access: 'staff',
    make: async (caller) => {
      await t.db
        .updateTable('users')
        .set({ totpSecret: null, totpPendingSecret: null })
        .where('id', '=', userOf(caller).id)
        .execute();
      return { url: '/api/auth/2fa/setup' };
    },
  },
  'POST /api/auth/2fa/enable': {
    access: 'staff',
    make: async (caller) => {
      const user = userOf(caller);
      await t.db
        .updateTable('users')
        .set({ totpSecret: null, totpPendingSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', totpLastStep: null })
        .where('id', '=', user.id)
        .execute();
      return {
        url: '/api/auth/2fa/enable',
        payload: { code: generateSync({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }) },
      };
    },
  },
  'DELETE /api/auth/2fa': {
    access: 'staff',
    make: async (caller) => {
      if (caller === 'anonymous') return { url: '/api/auth/2fa', payload: { code: '123456' } };
      const { recoveryCodes } = await twoFactorOn(userOf(caller));
      return { url: '/api/auth/2fa', payload: { code: recoveryCodes[0] } };
    },
  },
  'POST /api/auth/2fa/verify': {
    access: 'public',
    make: async () => {
      const user = await createAdmin(t.db);
      const { recoveryCodes } = await twoFactorOn(user);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/admin/login',
        payload: { email: user.email, password: FIXTURE_PASSWORD },
      });
      return { url: '/api/auth/2fa/verify', payload: { challenge: login.json().challenge, code: recoveryCodes[0] } };
    },
  },
  'GET /api/auth/admin/security-settings': {
    access: 'admin',
    make: () => ({ url: '/api/auth/admin/security-settings' }),
  },
  'PUT /api/auth/admin/security-settings': {
    access: 'admin',
    make: () => ({ url: '/api/auth/admin/security-settings', payload: { requireTwoFactorForStaff: false } }),
  },
};
Object.assign(rules, mailRules);

const teamRules: Record<string, Rule> = {
  'GET /api/staff/admin': { access: 'admin', make: () => ({ url: '/api/staff/admin' }) },
  'POST /api/staff/admin/invitations': {
    access: 'admin',
    make: () => ({
      url: '/api/staff/admin/invitations',
      payload: { email: `staff-${unique()}@example.test`, name: 'New Staff', role: 'finance' },
    }),
  },
  'PUT /api/staff/admin/:id': {
    access: 'admin',
    make: async () => {
      const member = await newStaffMember();
      return { url: `/api/staff/admin/${member.id}`, payload: { role: 'support', updatedAt: member.updatedAt } };
    },
  },
  'DELETE /api/staff/admin/:id': {
    access: 'admin',
    make: async () => ({ url: `/api/staff/admin/${(await newStaffMember()).id}` }),
  },
  'POST /api/auth/invitations/accept': {
    access: 'public',
    make: async () => ({
      url: '/api/auth/invitations/accept',
      payload: { token: await newInvitationToken(), password: 'welcome-pass' },
      remoteAddress: `198.18.0.${++n % 250}`,
    }),
  },
  'GET /api/vendor/team': { access: 'vendor', make: () => ({ url: '/api/vendor/team' }) },
  'POST /api/vendor/team/invitations': {
    access: 'vendor',
    make: () => ({
      url: '/api/vendor/team/invitations',
      payload: { email: `member-${unique()}@example.test`, name: 'New Member', role: 'staff' },
    }),
  },
  'PUT /api/vendor/team/:userId': {
    access: 'vendor',
    ownedByA: true,
    make: async () => ({
      url: `/api/vendor/team/${(await createTeamMember(t.db, vendorA.vendorId as number, 'staff')).id}`,
      payload: { role: 'manager' },
    }),
  },
  'DELETE /api/vendor/team/:userId': {
    access: 'vendor',
    ownedByA: true,
    make: async () => ({
      url: `/api/vendor/team/${(await createTeamMember(t.db, vendorA.vendorId as number, 'staff')).id}`,
    }),
  },
};
Object.assign(rules, teamRules);

/** The routes as registered, by `METHOD url`, with their declared permission and team role. */
const registeredRoutes = () =>
  new Map<string, ApiRoute>(
    t.app.apiRoutes.map((route) => [`${route.method} ${route.url.replace(/\/$/, '')}`, route] as const),
  );

const teamRoleOf: Record<Exclude<Caller, 'anonymous' | 'admin' | StaffCaller>, TeamRole> = {
  vendorA: 'owner',
  vendorB: 'owner',
  managerA: 'manager',
  staffA: 'staff',
};

/**
 * The status class a caller must get on a route, by its rule and the route's declared
 * permission and team role (judged here with the contract's role table, not the
 * server's check).
 */
function expected(rule: Rule, caller: Caller, route: ApiRoute): 'through' | 401 | 403 | 404 {
  if (caller === 'anonymous') return rule.access === 'public' ? 'through' : 401;
  if (rule.access === 'public') return rule.ownedByA && caller === 'vendorB' ? 404 : 'through';
  const isAdmin = caller === 'admin' || caller.startsWith('staff:');
  if (rule.access === 'admin' && !isAdmin) return 403;
  if (rule.access === 'vendor' && isAdmin) return 403;
  if (isAdmin) {
    const role = caller === 'admin' ? 'owner' : (caller.slice('staff:'.length) as AssignableStaffRole);
    if (route.permission) return grants(staffRolePermissions[role], route.permission) ? 'through' : 403;
    return rule.access === 'admin' && role !== 'owner' ? 403 : 'through';
  }
  const teamRole = teamRoleOf[caller as keyof typeof teamRoleOf];
  if (!teamRoleAllows(teamRole, teamRoleNeeded(route.url, route.teamRole))) return 403;
  if (rule.ownedByA && caller === 'vendorB') return 404;
  return 'through';
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  vendorA = await createVendor(t.db, { businessName: 'Vendor A' });
  vendorB = await createVendor(t.db, { businessName: 'Vendor B' });
  for (const caller of staffCallers)
    staffUsers[caller] = await createAdmin(t.db, { staffRole: caller.slice('staff:'.length) as AssignableStaffRole });
  managerA = await createTeamMember(t.db, vendorA.vendorId as number, 'manager');
  staffA = await createTeamMember(t.db, vendorA.vendorId as number, 'staff');
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

  it('has a permission declared on every admin route (decision 0128)', () => {
    const undeclared = t.app.apiRoutes
      .filter((route) => route.method !== 'HEAD' && route.access === 'admin' && !route.permission)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
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
      headers: { ...call.headers, ...(await headersFor(caller)) },
      ...(call.payload !== undefined && { payload: call.payload as object }),
      ...(call.remoteAddress && { remoteAddress: call.remoteAddress }),
      ...(call.stream && { payloadAsStream: true }),
    });
    if (call.stream) res.stream().destroy();
    const body = call.stream ? '(event stream)' : res.body;
    const route = registeredRoutes().get(key) as ApiRoute;
    const want = expected(rule, caller, route);
    if (want === 'through') {
      expect(res.statusCode, `${caller} ${key}: ${body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${caller} ${key}: ${body.slice(0, 300)}`).toBeLessThan(300);
    } else {
      expect(res.statusCode, `${caller} ${key}: ${body.slice(0, 300)}`).toBe(want);
    }
  });
});
