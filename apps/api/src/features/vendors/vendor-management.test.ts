import { NUL_CHARACTER_MESSAGE } from '@haat/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createCustomer, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createOrder } from '../../test/order-fixtures.js';
import { buildSiblingApp, createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';

let t: TestApp;
let sibling: FastifyInstance;
let admin: FixtureUser;
let adminHeaders: { authorization: string };
let addressSequence = 0;
/** A fresh client address per registration, so the per-IP limit stays out of the way. */
const nextAddress = () => `198.51.100.${++addressSequence}`;

beforeAll(async () => {
  t = await createTestApp();
  sibling = await buildSiblingApp(t);
  admin = await createAdmin(t.db);
  adminHeaders = authAs(t.app, admin);
});
afterAll(async () => {
  await sibling.close();
  await t.close();
});

let emailSequence = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Meera Nair',
  email: `meera${++emailSequence}@example.test`,
  password: 'vendor-pass',
  businessName: 'Saffron Spices',
  phoneNumber: '+91 98765 43210',
  address: '12 MG Road, Kochi',
  ...overrides,
});

const register = (body: unknown, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/vendor/register',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
    remoteAddress,
  });
const login = (email: string, password: string, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email, password } });
const me = (token: string, app = t.app) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const put = (url: string, body: unknown, headers = adminHeaders) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('POST /api/vendor/register', () => {
  it('registers anyone as pending whatever the body says, and refuses their sign-in with the reason', async () => {
    const body = form({ status: 'approved' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Registration received. Your vendor account is awaiting approval. Please wait for admin approval.',
      vendor: { name: 'Meera Nair', email: body.email, businessName: 'Saffron Spices', status: 'pending' },
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password/i);
    const signIn = await login(body.email, 'vendor-pass');
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({
      code: 'ACCOUNT_PENDING',
      message: 'Your vendor account is awaiting approval. Please wait for admin approval.',
    });
  });

  it("lets an admin's call set the status, stores the e-mail lower-cased and the password hashed", async () => {
    const body = form({ email: '  Ravi.K@Example.TEST ', status: 'approved' });
    const res = await register(body, adminHeaders);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Vendor created successfully!');
    expect(res.json().vendor).toMatchObject({ email: 'ravi.k@example.test', status: 'approved' });
    const row = await t.db
      .selectFrom('users')
      .select('passwordHash')
      .where('email', '=', 'ravi.k@example.test')
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect((await login('ravi.k@example.test', 'vendor-pass')).statusCode).toBe(200);
  });

  it("defaults an admin's new vendor to pending", async () => {
    const res = await register(form(), adminHeaders);
    expect(res.json().vendor.status).toBe('pending');
  });

  it('answers 409 to an e-mail any user already has, of any role and in any case', async () => {
    const customer = await createCustomer(t.db);
    for (const email of [admin.email, customer.email.toUpperCase()]) {
      const res = await register(form({ email }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'A user with this email already exists',
        errors: { email: 'A user with this email already exists' },
      });
    }
  });

  it('lets exactly one of two simultaneous registrations of one e-mail through; the other gets 409', async () => {
    const body = form();
    const answers = await Promise.all([register(body), register({ ...body, email: body.email.toUpperCase() })]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    [
      {},
      'Name is required, Email is required, Password is required, Business name is required, Phone number is required, Address is required',
    ],
    [
      { name: ' ', email: ' ', password: '', businessName: '', phoneNumber: '', address: '' },
      'Name is required, Email is required, Password is required, Business name is required, Phone number is required, Address is required',
    ],
    [form({ email: 'not-an-email' }), 'Invalid email format'],
    [form({ password: '123' }), 'Password must be at least 6 characters'],
    [form({ status: 'banned' }), undefined],
    // The request guard every route inherits (decision 0021) answers before the contract.
    [form({ name: 'Meera\u0000' }), NUL_CHARACTER_MESSAGE],
    [form({ address: 'a\u0000b' }), NUL_CHARACTER_MESSAGE],
    [null, undefined],
    [[], undefined],
    ['text', undefined],
    [42, undefined],
  ])('answers 400 to %j', async (body, message) => {
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    if (message) expect(res.json().message).toBe(message);
  });

  it('limits registrations per IP address, admins excepted', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < 5; i++) expect((await register(form(), {}, address)).statusCode).toBe(201);
    const blocked = await register(form(), {}, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many registrations from this address. Please try again later.',
    });
    expect((await register(form(), adminHeaders, address)).statusCode).toBe(201);
    expect((await register(form(), {}, '203.0.113.78')).statusCode).toBe(201);
  });
});

describe('PUT /api/vendors/:id', () => {
  it('edits every field, keeps the password when it is left empty, and answers no password', async () => {
    const created = (await register(form({ status: 'approved' }), adminHeaders)).json().vendor;
    const email = `edited${++emailSequence}@example.test`;
    const res = await put(`/api/vendors/${created._id}`, {
      ...form({ email, name: 'Meera N', businessName: 'Saffron & Co', password: '' }),
      status: 'approved',
      updatedAt: created.updatedAt,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Vendor updated successfully!',
      vendor: { name: 'Meera N', email, businessName: 'Saffron & Co', status: 'approved' },
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password/i);
    expect((await login(email, 'vendor-pass')).statusCode).toBe(200);
  });

  it("sets a new password, which ends the vendor's sessions on every process", async () => {
    const created = (await register(form({ status: 'approved' }), adminHeaders)).json().vendor;
    const token = (await login(created.email, 'vendor-pass')).json().token;
    expect((await me(token, sibling)).statusCode).toBe(200);
    const res = await put(`/api/vendors/${created._id}`, { ...form({ email: created.email, password: 'new-pass-9' }) });
    expect(res.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(token, sibling)).statusCode).toBe(401);
    expect((await login(created.email, 'vendor-pass')).statusCode).toBe(401);
    expect((await login(created.email, 'new-pass-9')).statusCode).toBe(200);
  });

  it('answers 409 to a stale version and changes nothing', async () => {
    const created = (await register(form(), adminHeaders)).json().vendor;
    const first = await put(`/api/vendors/${created._id}`, {
      ...form({ email: created.email, name: 'First' }),
      updatedAt: created.updatedAt,
    });
    expect(first.statusCode).toBe(200);
    const second = await put(`/api/vendors/${created._id}`, {
      ...form({ email: created.email, name: 'Second' }),
      updatedAt: created.updatedAt,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'This vendor was changed by someone else after you opened it. Reload the page to see their changes, then save yours again.',
    });
    const now = (
      await t.app.inject({ method: 'GET', url: `/api/vendors/${created._id}`, headers: adminHeaders })
    ).json();
    expect(now.vendor.name).toBe('First');
  });

  it("answers 409 to another user's e-mail", async () => {
    const created = (await register(form(), adminHeaders)).json().vendor;
    const res = await put(`/api/vendors/${created._id}`, form({ email: admin.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ email: 'A user with this email already exists' });
  });

  it('answers 400 with the form messages joined by commas', async () => {
    const created = (await register(form(), adminHeaders)).json().vendor;
    const res = await put(`/api/vendors/${created._id}`, {
      name: '',
      email: 'x',
      businessName: '',
      phoneNumber: '',
      address: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Name is required, Invalid email format, Business name is required, Phone number is required, Address is required',
    );
  });

  it('answers 403 to a vendor and 401 to anonymous', async () => {
    const vendor = await createVendor(t.db);
    const res = await put(`/api/vendors/${vendor.vendorId}`, form(), authAs(t.app, vendor));
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'PUT', url: `/api/vendors/${vendor.vendorId}`, payload: form() });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/vendors/:id/status', () => {
  it('approves a pending vendor, who may then sign in', async () => {
    const body = form();
    const created = (await register(body)).json().vendor;
    const res = await put(`/api/vendors/${created._id}/status`, { status: 'approved', updatedAt: created.updatedAt });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Vendor approved successfully!', vendor: { status: 'approved' } });
    const signedIn = await login(body.email, body.password);
    expect(signedIn.statusCode).toBe(200);
    // They hear of it (issue 27), once: approving again tells nothing new.
    await put(`/api/vendors/${created._id}/status`, { status: 'approved' });
    const notices = await t.db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.userId')
      .select(['n.title', 'n.link'])
      .where('u.email', '=', body.email)
      .where('n.kind', '=', 'vendor_approved')
      .execute();
    expect(notices).toEqual([{ title: 'Your account is approved', link: '/admin/dashboard' }]);
  });

  it('rejects a vendor: their tokens stop on every process, and sign-in says why', async () => {
    const body = form({ status: 'approved' });
    const created = (await register(body, adminHeaders)).json().vendor;
    const token = (await login(body.email, body.password)).json().token;
    const res = await put(`/api/vendors/${created._id}/status`, { status: 'rejected' });
    expect(res.json()).toMatchObject({ message: 'Vendor rejected successfully!', vendor: { status: 'rejected' } });
    expect((await me(token)).statusCode).toBeGreaterThanOrEqual(401);
    expect((await me(token, sibling)).statusCode).toBeGreaterThanOrEqual(401);
    // Approved again, the old token stays ended: its version is gone for good.
    await put(`/api/vendors/${created._id}/status`, { status: 'approved' });
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(token, sibling)).statusCode).toBe(401);
    const signIn = await login(body.email, body.password, sibling);
    expect(signIn.statusCode).toBe(200);
  });

  it('ends the sessions of a vendor suspended through an edit', async () => {
    const body = form({ status: 'approved' });
    const created = (await register(body, adminHeaders)).json().vendor;
    const token = (await login(body.email, body.password)).json().token;
    await put(`/api/vendors/${created._id}`, { ...body, password: '', status: 'pending' });
    await put(`/api/vendors/${created._id}/status`, { status: 'approved' });
    expect((await me(token, sibling)).statusCode).toBe(401);
  });

  it.each([[{ status: 'pending' }], [{ status: 'banned' }], [{}], [null]])('answers 400 to %j', async (body) => {
    const created = (await register(form(), adminHeaders)).json().vendor;
    const res = await put(`/api/vendors/${created._id}/status`, body);
    expect(res.statusCode).toBe(400);
  });

  it('answers 409 to a stale version', async () => {
    const created = (await register(form(), adminHeaders)).json().vendor;
    expect((await put(`/api/vendors/${created._id}/status`, { status: 'approved' })).statusCode).toBe(200);
    const stale = await put(`/api/vendors/${created._id}/status`, { status: 'rejected', updatedAt: created.updatedAt });
    expect(stale.statusCode).toBe(409);
  });
});

describe('DELETE /api/vendors/:id', () => {
  it('deletes the vendor and their sessions; their products stay, store-owned and inactive; orders keep their lines', async () => {
    const body = form({ status: 'approved' });
    const created = (await register(body, adminHeaders)).json().vendor;
    const vendorId = Number(created._id);
    const token = (await login(body.email, body.password)).json().token;
    const live = await createOwnedProduct(t.db, vendorId);
    const pending = await createOwnedProduct(t.db, vendorId, { status: 'pending', approvalStatus: 'pending' });
    const order = await createOrder(t.db, { lines: [{ productId: live.id, productName: live.name }] });

    const res = await t.app.inject({ method: 'DELETE', url: `/api/vendors/${vendorId}`, headers: adminHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Vendor deleted successfully!', productsHandedOver: 2 });

    const products = await t.db
      .selectFrom('products')
      .select(['id', 'vendorId', 'status'])
      .where('id', 'in', [live.id, pending.id])
      .orderBy('id')
      .execute();
    expect(products).toEqual([
      { id: live.id, vendorId: null, status: 'inactive' },
      { id: pending.id, vendorId: null, status: 'inactive' },
    ]);
    const lines = await t.db.selectFrom('orderItems').select(['productId']).where('orderId', '=', order.id).execute();
    expect(lines).toEqual([{ productId: live.id }]);
    expect((await me(token, sibling)).statusCode).toBe(401);
    expect((await login(body.email, body.password)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/vendors/${vendorId}`, headers: adminHeaders })).statusCode,
    ).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/vendors/${vendorId}`, headers: adminHeaders });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Vendor not found');
  });

  it("answers the deleted vendor's product as the store's and inactive, and the storefront no longer shows it", async () => {
    const body = form({ status: 'approved' });
    const vendorId = Number((await register(body, adminHeaders)).json().vendor._id);
    const product = await createOwnedProduct(t.db, vendorId);
    const url = `/api/products/${product.id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/vendors/${vendorId}`, headers: adminHeaders });
    expect(res.statusCode).toBe(200);

    const read = await t.app.inject({ method: 'GET', url, headers: adminHeaders });
    expect(read.statusCode).toBe(200);
    expect(read.json().product).toMatchObject({
      _id: String(product.id),
      name: product.name,
      vendor: null,
      status: 'inactive',
    });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('GET /api/vendors/counts and /api/vendors/:id', () => {
  it('counts every vendor by status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vendors/counts', headers: adminHeaders });
    expect(res.statusCode).toBe(200);
    const { total, approved, pending, rejected } = res.json();
    expect(total).toBe(approved + pending + rejected);
    const rows = await t.db.selectFrom('vendors').select('status').execute();
    expect(total).toBe(rows.length);
    expect(pending).toBe(rows.filter((row) => row.status === 'pending').length);
  });

  it('answers one vendor without its password', async () => {
    const created = (await register(form(), adminHeaders)).json().vendor;
    const res = await t.app.inject({ method: 'GET', url: `/api/vendors/${created._id}`, headers: adminHeaders });
    expect(res.json()).toEqual({ success: true, vendor: created });
  });
});

describe('hostile ids', () => {
  it.each([
    '2147483648',
    '4294967296',
    '9007199254740993',
    '99999999999999999999',
    '-1',
    '0',
    '1.5',
    'abc',
    '%00',
    '1%00',
  ])('answers 400 or 404, never 5xx, to /api/vendors/%s on every route', async (id) => {
    const calls = [
      { method: 'GET' as const, url: `/api/vendors/${id}` },
      { method: 'PUT' as const, url: `/api/vendors/${id}`, payload: form() },
      { method: 'PUT' as const, url: `/api/vendors/${id}/status`, payload: { status: 'approved' } },
      { method: 'DELETE' as const, url: `/api/vendors/${id}` },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: adminHeaders });
      expect([400, 404]).toContain(res.statusCode);
    }
  });

  it('answers 404 to an id within 32 bits that names no vendor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vendors/2147483647', headers: adminHeaders });
    expect(res.statusCode).toBe(404);
  });

  it('answers 400 to a NUL character in the list search', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vendors?search=a%00b', headers: adminHeaders });
    expect(res.statusCode).toBe(400);
  });
});
