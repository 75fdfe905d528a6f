import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authAs,
  createAdmin,
  createCustomer,
  createVendor,
  FIXTURE_PASSWORD,
  type FixtureUser,
} from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { forgeToken } from '../../test/tokens.js';

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db, { name: 'Asha Admin', email: 'asha@example.test' });
  vendor = await createVendor(t.db, { email: 'vikram@example.test' });
});
afterAll(() => t.close());

const login = (body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/admin/login', payload: body as object });

describe('POST /api/auth/admin/login', () => {
  it('answers a token and the user for an admin', async () => {
    const res = await login({ email: 'asha@example.test', password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      user: { _id: String(admin.id), name: 'Asha Admin', email: 'asha@example.test', role: 'admin' },
    });
    expect(body.user).not.toHaveProperty('password');
    expect(body.user).not.toHaveProperty('passwordHash');
    const claims = t.app.jwt.decode<{ sub: string; exp: number; iat: number }>(body.token);
    expect(claims?.sub).toBe(String(admin.id));
    expect((claims?.exp ?? 0) - (claims?.iat ?? 0)).toBe(8 * 3600);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const res = await login({ email: '  ASHA@Example.TEST ', password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('lets an approved vendor sign in', async () => {
    const res = await login({ email: 'vikram@example.test', password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('vendor');
  });

  it('answers 403 with the reason to a pending vendor', async () => {
    const pending = await createVendor(t.db, { status: 'pending' });
    const res = await login({ email: pending.email, password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 'ACCOUNT_PENDING',
      message: 'Your vendor account is awaiting approval. Please wait for admin approval.',
    });
  });

  it('answers 403 with the reason to a rejected vendor', async () => {
    const rejected = await createVendor(t.db, { status: 'rejected' });
    const res = await login({ email: rejected.email, password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_REJECTED');
    expect(res.json().message).toMatch(/rejected/);
  });

  it('answers 401 alike to a wrong password and an unknown e-mail', async () => {
    const wrong = await login({ email: 'asha@example.test', password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@example.test', password: 'whatever1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('refuses customers, who have no back-office password', async () => {
    const customer = await createCustomer(t.db);
    const res = await login({ email: customer.email, password: 'anything1' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{}, 'Email is required, Password is required'],
    [{ email: '', password: '' }, 'Email is required, Password is required'],
    [{ email: 'not-an-email', password: 'secret123' }, 'Invalid email address'],
    [{ email: 'asha@example.test', password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 42, password: ['x'] }, 'Email is required, Password is required'],
  ])('answers 400 to %j with the login messages', async (body, message) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message });
  });

  it('lists each bad field under errors', async () => {
    const res = await login({ email: 'x', password: '1' });
    expect(res.json().errors).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('POST /api/auth/admin/login rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    await createAdmin(limited.db, { email: 'rate@example.test' });
  });
  afterAll(() => limited.close());

  it('answers 429 after too many attempts for one e-mail from one address, and not for another e-mail', async () => {
    const attempt = (email: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/admin/login',
        payload: { email, password: 'wrong-password' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt('rate@example.test')).statusCode).toBe(401);
    const blocked = await attempt('rate@example.test');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts. Please wait a minute and try again.',
    });
    expect((await attempt('other@example.test')).statusCode).toBe(401);
  });
});

describe('GET /api/auth/me', () => {
  it('answers the signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authAs(t.app, vendor) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      user: { _id: String(vendor.id), name: vendor.name, email: vendor.email, role: 'vendor' },
    });
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      code: 'UNAUTHENTICATED',
      message: 'No authentication token found. Please log in again.',
    });
  });

  it('answers 401 to a forged token', async () => {
    const forged = forgeToken({ sub: String(admin.id), role: 'admin' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_INVALID');
  });

  it('answers 401 to an expired token', async () => {
    const expired = t.app.jwt.sign({ sub: String(admin.id), role: 'admin' }, { expiresIn: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('answers 401 to a malformed authorization header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Basic abc' } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 to a token of a user who no longer exists', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: authAs(t.app, { id: 999_999, role: 'admin' }),
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 once a signed-in vendor has been rejected', async () => {
    const later = await createVendor(t.db);
    const headers = authAs(t.app, later);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    await t.db.updateTable('vendors').set({ status: 'rejected' }).where('userId', '=', later.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_REJECTED');
  });
});

describe('GET /api/auth/admin/users/count', () => {
  it('answers the number of customer accounts to an admin', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/auth/admin/users/count', headers: authAs(t.app, admin) })
    ).json();
    await createCustomer(t.db);
    await createCustomer(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/admin/users/count',
      headers: authAs(t.app, admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, totalUsers: before.totalUsers + 2 });
  });

  it('answers 403 to a vendor', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/admin/users/count',
      headers: authAs(t.app, vendor),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/admin/users/count' });
    expect(res.statusCode).toBe(401);
  });
});
