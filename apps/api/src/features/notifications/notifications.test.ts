import { notificationMessages } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CURSOR_MESSAGE } from '../../platform/db/lists.js';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { openEventStream } from '../../test/sse.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';
import { DEFAULT_LOW_STOCK_THRESHOLD, notificationTitles } from './notices.js';

let t: TestApp;
let admin: FixtureUser;
let otherAdmin: FixtureUser;
let vendorA: FixtureUser;
let vendorB: FixtureUser;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp({ CONTACT_RATE_LIMIT: '1000' });
  admin = await createAdmin(t.db);
  otherAdmin = await createAdmin(t.db);
  vendorA = await createVendor(t.db, { businessName: 'Vendor A Crafts' });
  vendorB = await createVendor(t.db, { businessName: 'Vendor B Textiles' });
});
afterAll(() => t.close());

interface WireNotification {
  _id: string;
  kind: string;
  title: string;
  message: string;
  subject: { type: string; _id: string };
  link: string;
  createdAt: string;
  readAt: string | null;
}

async function list(user: FixtureUser, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: authAs(t.app, user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { notifications: WireNotification[]; unread: number; total: number; nextCursor: string | null };
}

/** The user's notifications of `kind` about `subjectId`. */
async function about(user: FixtureUser, kind: string, subjectId: number | string) {
  const { notifications } = await list(user, '?limit=200');
  return notifications.filter((n) => n.kind === kind && n.subject._id === String(subjectId));
}

async function setStock(productId: number, stock: number) {
  await t.db.updateTable('products').set({ stockQuantity: stock }).where('id', '=', productId).execute();
}

const billing = () => ({
  fullName: 'Meera Shopper',
  email: `notify-shopper${++sequence}@example.test`,
  phone: '+91 90000 00000',
  note: null,
  address: { fullAddress: '12 Lake Road', city: 'Pune', province: 'Maharashtra' },
});

async function placeOrder(items: { product: number; quantity: number }[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { items, billingInfo: billing(), paymentMethod: 'Cash on Delivery' },
  });
}

const productForm = (overrides: Record<string, unknown> = {}) => ({
  name: `Brass Lamp ${++sequence}`,
  productDetails: 'Hand-made brass lamp',
  sku: `SKU-NOTE-${sequence}-${Math.random().toString(36).slice(2, 7)}`,
  salePrice: 999,
  actualPrice: 1299,
  stockQuantity: 12,
  category: 0,
  images: [],
  ...overrides,
});

async function categoryId(): Promise<number> {
  const row = await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirst();
  if (row) return row.id;
  await createOwnedProduct(t.db, null);
  return (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
}

describe('events become notifications for the people they concern', () => {
  it('a new order notifies every admin and the vendors whose products are in it, no one else', async () => {
    const ofA = await createOwnedProduct(t.db, vendorA.vendorId);
    const store = await createOwnedProduct(t.db, null);
    await setStock(ofA.id, 50);
    await setStock(store.id, 50);
    const res = await placeOrder([
      { product: ofA.id, quantity: 2 },
      { product: store.id, quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order._id as string;
    for (const user of [admin, otherAdmin]) {
      const [notice] = await about(user, 'order_placed', orderId);
      expect(notice).toMatchObject({
        title: notificationTitles.order_placed,
        subject: { type: 'order', _id: orderId },
        link: `/admin/orders/${orderId}`,
        readAt: null,
      });
      expect(notice?.message).toContain('3 items');
    }
    const [forA] = await about(vendorA, 'order_placed', orderId);
    expect(forA).toMatchObject({ link: `/admin/my-orders/${orderId}` });
    expect(forA?.message).toContain('2 items of your products');
    expect(await about(vendorB, 'order_placed', orderId)).toEqual([]);
  });

  it('stock falling to the low-stock threshold notifies admins and the vendor once, on crossing', async () => {
    const product = await createOwnedProduct(t.db, vendorA.vendorId);
    await setStock(product.id, DEFAULT_LOW_STOCK_THRESHOLD + 2);
    expect((await placeOrder([{ product: product.id, quantity: 1 }])).statusCode).toBe(201);
    expect(await about(admin, 'low_stock', product.id)).toEqual([]);

    expect((await placeOrder([{ product: product.id, quantity: 1 }])).statusCode).toBe(201);
    for (const user of [admin, otherAdmin, vendorA]) {
      const notices = await about(user, 'low_stock', product.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        title: notificationTitles.low_stock,
        link: `/admin/products/edit/${product.id}`,
      });
      expect(notices[0]?.message).toContain(`down to ${DEFAULT_LOW_STOCK_THRESHOLD} units`);
    }
    expect(await about(vendorB, 'low_stock', product.id)).toEqual([]);

    // Already below: a further sale is not a crossing.
    expect((await placeOrder([{ product: product.id, quantity: 2 }])).statusCode).toBe(201);
    expect(await about(admin, 'low_stock', product.id)).toHaveLength(1);
  });

  it('a refused checkout leaves no notification (same transaction)', async () => {
    const plenty = await createOwnedProduct(t.db, vendorA.vendorId);
    const scarce = await createOwnedProduct(t.db, vendorA.vendorId);
    await setStock(plenty.id, DEFAULT_LOW_STOCK_THRESHOLD + 1);
    await setStock(scarce.id, 1);
    const before = (await list(admin)).total;
    const res = await placeOrder([
      { product: plenty.id, quantity: 1 },
      { product: scarce.id, quantity: 2 },
    ]);
    expect(res.statusCode).toBe(409);
    expect((await list(admin)).total).toBe(before);
    expect(await about(admin, 'low_stock', plenty.id)).toEqual([]);
  });

  it('a vendor submitting a product (new, or edited back to pending) notifies every admin', async () => {
    const category = await categoryId();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: authAs(t.app, vendorA),
      payload: productForm({ category }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json().product._id as string;
    for (const user of [admin, otherAdmin]) {
      const [notice] = await about(user, 'product_submitted', productId);
      expect(notice).toMatchObject({
        title: notificationTitles.product_submitted,
        link: `/admin/products/${productId}`,
      });
      expect(notice?.message).toContain('Vendor A Crafts submitted');
    }
    expect(await about(vendorA, 'product_submitted', productId)).toEqual([]);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/edit/${productId}`,
      headers: authAs(t.app, vendorA),
      payload: productForm({ category }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await about(admin, 'product_submitted', productId)).toHaveLength(2);
  });

  it("an admin's own product notifies no one", async () => {
    const before = (await list(otherAdmin)).total;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: authAs(t.app, admin),
      payload: productForm({ category: await categoryId() }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await list(otherAdmin)).total).toBe(before);
  });

  it('a vendor registering notifies every admin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/register',
      payload: {
        name: 'Ravi Kumar',
        email: `ravi${++sequence}@example.test`,
        password: 'vendor-pass',
        businessName: 'Ravi Pottery',
        phoneNumber: '+91 90000 00001',
        address: '3 Clay Street',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const vendorId = res.json().vendor._id as string;
    for (const user of [admin, otherAdmin]) {
      const [notice] = await about(user, 'vendor_registered', vendorId);
      expect(notice).toMatchObject({ title: notificationTitles.vendor_registered, link: '/admin/vendors' });
      expect(notice?.message).toContain('Ravi Pottery');
    }
    expect(await about(vendorA, 'vendor_registered', vendorId)).toEqual([]);
  });

  it('a contact message notifies every admin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Asha', email: 'asha@example.test', message: 'Do you ship to Goa?' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const contactId = res.json().contact._id as string;
    for (const user of [admin, otherAdmin]) {
      const [notice] = await about(user, 'contact_received', contactId);
      expect(notice).toMatchObject({
        title: notificationTitles.contact_received,
        message: 'Asha: Do you ship to Goa?',
        link: '/admin/contact',
      });
    }
    expect(await about(vendorA, 'contact_received', contactId)).toEqual([]);
  });

  it('approving and rejecting a product notify its vendor only', async () => {
    const approved = await createOwnedProduct(t.db, vendorA.vendorId, { status: 'pending', approvalStatus: 'pending' });
    const rejected = await createOwnedProduct(t.db, vendorA.vendorId, { status: 'pending', approvalStatus: 'pending' });
    for (const [product, isApproved] of [
      [approved, true],
      [rejected, false],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/products/admin/approve/${product.id}`,
        headers: authAs(t.app, admin),
        payload: isApproved ? { isApproved } : { isApproved, reason: 'The photos are blurry' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [yes] = await about(vendorA, 'product_approved', approved.id);
    expect(yes).toMatchObject({
      title: notificationTitles.product_approved,
      message: `${approved.name} was approved and is live on the store.`,
      link: `/admin/products/edit/${approved.id}`,
    });
    const [no] = await about(vendorA, 'product_rejected', rejected.id);
    expect(no).toMatchObject({ title: notificationTitles.product_rejected });
    for (const user of [vendorB, admin]) {
      expect(await about(user, 'product_approved', approved.id)).toEqual([]);
      expect(await about(user, 'product_rejected', rejected.id)).toEqual([]);
    }
  });

  it("one admin's review settles every admin's notice of the product or vendor (issue 27)", async () => {
    const category = await categoryId();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: authAs(t.app, vendorA),
      payload: productForm({ category }),
    });
    const productId = created.json().product._id as string;
    const unreadBefore = (await list(otherAdmin)).unread;
    expect((await about(otherAdmin, 'product_submitted', productId))[0]?.readAt).toBeNull();
    const reviewed = await t.app.inject({
      method: 'PUT',
      url: `/api/products/admin/approve/${productId}`,
      headers: authAs(t.app, admin),
      payload: { isApproved: true },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    for (const user of [admin, otherAdmin])
      expect((await about(user, 'product_submitted', productId))[0]?.readAt).toEqual(expect.any(String));
    expect((await list(otherAdmin)).unread).toBe(unreadBefore - 1);

    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/register',
      payload: {
        name: 'Settle Test',
        email: `settle${++sequence}@example.test`,
        password: 'vendor-pass',
        businessName: 'Settle Crafts',
        phoneNumber: '+91 90000 00002',
        address: '4 Clay Street',
      },
    });
    const vendor = registered.json().vendor as { _id: string; updatedAt: string };
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/vendors/${vendor._id}/status`,
      headers: authAs(t.app, otherAdmin),
      payload: { status: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await about(admin, 'vendor_registered', vendor._id))[0]?.readAt).toEqual(expect.any(String));
  });
});

describe('GET /api/notifications and read state', () => {
  let reader: FixtureUser;

  beforeAll(async () => {
    reader = await createAdmin(t.db);
    // Three contact messages: three notifications for every admin, oldest first.
    for (const name of ['First', 'Second', 'Third']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contacts',
        payload: { name, email: 'x@example.test', message: 'Hello' },
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it('answers the newest first, keyset paged, with the unread count', async () => {
    const first = await list(reader, '?limit=2');
    expect(first.total).toBe(3);
    expect(first.unread).toBe(3);
    expect(first.notifications.map((n) => n.message)).toEqual(['Third: Hello', 'Second: Hello']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(reader, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.notifications.map((n) => n.message)).toEqual(['First: Hello']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a forged cursor and a bad limit with 400', async () => {
    const forged = Buffer.from(JSON.stringify(['newest', 'not a time', 1])).toString('base64url');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/notifications?cursor=${forged}`,
      headers: authAs(t.app, reader),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(INVALID_CURSOR_MESSAGE);
    for (const query of ['?limit=0', '?limit=201', '?limit=abc']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/notifications${query}`,
        headers: authAs(t.app, reader),
      });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('marks one read, then all, and counts what is left unread', async () => {
    const { notifications } = await list(reader);
    const target = notifications[1] as WireNotification;
    const one = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${target._id}/read`,
      headers: authAs(t.app, reader),
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ message: notificationMessages.markedRead, unread: 2 });
    expect(one.json().notification.readAt).toEqual(expect.any(String));
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: authAs(t.app, reader),
    });
    expect(count.json()).toEqual({ success: true, unread: 2 });
    const again = await list(reader);
    expect(again.notifications.find((n) => n._id === target._id)?.readAt).toEqual(one.json().notification.readAt);

    const all = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/read-all',
      headers: authAs(t.app, reader),
    });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ message: notificationMessages.allMarkedRead, marked: 2, unread: 0 });
    expect((await list(reader)).notifications.every((n) => n.readAt !== null)).toBe(true);
    // Others keep theirs unread.
    expect((await list(otherAdmin)).unread).toBeGreaterThan(0);
  });

  it('a vendor never sees or reads another vendor’s notifications', async () => {
    const ofA = await createOwnedProduct(t.db, vendorA.vendorId, { status: 'pending', approvalStatus: 'pending' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/admin/approve/${ofA.id}`,
      headers: authAs(t.app, admin),
      payload: { isApproved: true },
    });
    expect(res.statusCode).toBe(200);
    const [notice] = await about(vendorA, 'product_approved', ofA.id);
    expect(notice).toBeDefined();
    const ofB = await list(vendorB, '?limit=200');
    expect(ofB.notifications.some((n) => n._id === notice?._id)).toBe(false);
    const rows = await t.db.selectFrom('notifications').select('userId').where('userId', '!=', vendorB.id).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(ofB.total).toBe(ofB.notifications.length);

    for (const caller of [vendorB, admin]) {
      const read = await t.app.inject({
        method: 'PUT',
        url: `/api/notifications/${notice?._id}/read`,
        headers: authAs(t.app, caller),
      });
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe(notificationMessages.notFound);
    }
    expect((await about(vendorA, 'product_approved', ofA.id))[0]?.readAt).toBeNull();
  });

  it('answers 400 to ids that cannot exist and 404 to one that does not', async () => {
    for (const id of ['0', '2147483648', 'abc', '1e3']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/notifications/${id}/read`,
        headers: authAs(t.app, reader),
      });
      expect(res.statusCode, id).toBe(400);
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/2147483647/read',
      headers: authAs(t.app, reader),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PUT', '/api/notifications/read-all'],
      ['PUT', '/api/notifications/1/read'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/notifications/stream', () => {
  it('refuses an anonymous caller and a bad token with 401', async () => {
    const anonymous = await openEventStream(t.app, '/api/notifications/stream', {});
    expect(anonymous.status).toBe(401);
    const forged = await openEventStream(t.app, '/api/notifications/stream', { authorization: 'Bearer nope' });
    expect(forged.status).toBe(401);
  });

  it('sends the unread count at once, then again when something new arrives, to that user only', async () => {
    const watcher = await createAdmin(t.db);
    const stream = await openEventStream(t.app, '/api/notifications/stream', authAs(t.app, watcher));
    expect(stream.status).toBe(200);
    expect(String(stream.headers['content-type'])).toContain('text/event-stream');
    expect(await stream.next()).toEqual({ event: 'notification', data: { unread: 0 } });

    const vendorStream = await openEventStream(t.app, '/api/notifications/stream', authAs(t.app, vendorB));
    const vendorStart = await vendorStream.next();

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Live', email: 'live@example.test', message: 'Are you open?' },
    });
    expect(res.statusCode).toBe(201);
    expect(await stream.next()).toEqual({ event: 'notification', data: { unread: 1 } });

    // Reading it is a change too (another tab's bell follows).
    const { notifications } = await list(watcher);
    await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${notifications[0]?._id}/read`,
      headers: authAs(t.app, watcher),
    });
    expect(await stream.next()).toEqual({ event: 'notification', data: { unread: 0 } });

    // The vendor heard nothing from the admins' event; their next event is their own.
    const ofB = await createOwnedProduct(t.db, vendorB.vendorId, { status: 'pending', approvalStatus: 'pending' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/admin/approve/${ofB.id}`,
      headers: authAs(t.app, admin),
      payload: { isApproved: true },
    });
    const vendorNext = await vendorStream.next();
    expect(vendorNext).toEqual({
      event: 'notification',
      data: { unread: (vendorStart as { data: { unread: number } }).data.unread + 1 },
    });
    stream.close();
    vendorStream.close();
  });

  it('ends the stream once its token is signed out', async () => {
    const leaver = await createAdmin(t.db);
    const headers = authAs(t.app, leaver);
    const stream = await openEventStream(t.app, '/api/notifications/stream', headers);
    expect(await stream.next()).toEqual({ event: 'notification', data: { unread: 0 } });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    // The next event for this user finds the session ended: the stream ends instead.
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Late', email: 'late@example.test', message: 'Hello?' },
    });
    expect(late.statusCode).toBe(201);
    await stream.ended;
    expect(await stream.next()).toBeNull();
  });

  it('closing the app ends its open streams', async () => {
    const other = await createTestApp();
    const user = await createAdmin(other.db);
    const stream = await openEventStream(other.app, '/api/notifications/stream', authAs(other.app, user));
    expect(await stream.next()).toEqual({ event: 'notification', data: { unread: 0 } });
    await other.close();
    await stream.ended;
  });
});
