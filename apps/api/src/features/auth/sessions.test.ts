import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createVendor, FIXTURE_PASSWORD, type FixtureUser } from '../../test/fixtures.js';
import { buildSiblingApp, createTestApp, type TestApp } from '../../test/test-app.js';

/** Sessions that end (decision 0050), seen from two API processes over one database. */

let t: TestApp;
let sibling: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  sibling = await buildSiblingApp(t);
});
afterAll(async () => {
  await sibling.close();
  await t.close();
});

async function signIn(email: string, password = FIXTURE_PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('POST /api/auth/logout', () => {
  let user: FixtureUser;
  beforeAll(async () => {
    user = await createAdmin(t.db);
  });

  it('ends the token it is sent with, on both processes, and no other', async () => {
    const mine = await signIn(user.email);
    const other = await signIn(user.email);
    expect((await me(sibling, mine)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(mine) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out successfully' });
    for (const app of [t.app, sibling]) {
      const after = await me(app, mine);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('TOKEN_INVALID');
      expect((await me(app, other)).statusCode).toBe(200);
    }
  });

  it('answers 401 without a token and to a token already signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    const token = await signIn(user.email);
    expect((await sibling.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('deletes revocations of tokens that have expired when a process signs out', async () => {
    const fresh = await buildSiblingApp(t);
    try {
      const past = new Date(Date.now() - 1000).toISOString();
      await t.db
        .insertInto('revokedTokens')
        .values({ jti: 'long-expired', userId: user.id, expiresAt: past, createdAt: past })
        .execute();
      const token = await signIn(user.email);
      expect((await fresh.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(
        200,
      );
      const jtis = (await t.db.selectFrom('revokedTokens').select('jti').execute()).map((row) => row.jti);
      expect(jtis).not.toContain('long-expired');
      expect((await me(t.app, token)).statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a token signed before revocable sessions (no version or id)', async () => {
    const legacy = t.app.jwt.sign({ sub: String(user.id), role: 'admin' } as never);
    expect((await me(t.app, legacy)).statusCode).toBe(401);
  });
});

describe('PUT /api/auth/password', () => {
  const change = (app: FastifyInstance, token: string, body: unknown) =>
    app.inject({ method: 'PUT', url: '/api/auth/password', headers: bearer(token), payload: body as object });

  it('changes the password, ends every session on both processes and answers a fresh token', async () => {
    const vendor = await createVendor(t.db);
    const first = await signIn(vendor.email);
    const second = await signIn(vendor.email);
    const res = await change(sibling, first, { currentPassword: FIXTURE_PASSWORD, newPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Password changed successfully! Other sessions have been signed out.',
    });
    for (const app of [t.app, sibling]) {
      expect((await me(app, first)).statusCode).toBe(401);
      expect((await me(app, second)).statusCode).toBe(401);
      expect((await me(app, res.json().token)).statusCode).toBe(200);
    }
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email: vendor.email, password: FIXTURE_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    expect(await signIn(vendor.email, 'brand-new-1')).toBeTypeOf('string');
  });

  it('answers 400 to a wrong current password and changes nothing', async () => {
    const admin = await createAdmin(t.db);
    const token = await signIn(admin.email);
    const res = await change(t.app, token, { currentPassword: 'not-mine-1', newPassword: 'whatever-2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Current password is incorrect',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    expect((await me(t.app, token)).statusCode).toBe(200);
  });

  it.each([
    [{}, 'Current password is required, New password is required'],
    [{ currentPassword: '', newPassword: '' }, 'Current password is required, New password is required'],
    [{ currentPassword: FIXTURE_PASSWORD, newPassword: '12345' }, 'Password must be at least 6 characters'],
    [{ currentPassword: FIXTURE_PASSWORD, newPassword: 'abc\u0000def' }, 'Must not contain NUL characters'],
    [null, null],
  ])('answers 400 to %j', async (body, message) => {
    const admin = await createAdmin(t.db);
    const token = await signIn(admin.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { currentPassword: 'x', newPassword: 'yyyyyy' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET and PUT /api/auth/profile', () => {
  it('answers an admin their profile without business details and saves their name', async () => {
    const admin = await createAdmin(t.db, { name: 'Asha' });
    const token = await signIn(admin.email);
    const got = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
    expect(got.statusCode).toBe(200);
    expect(got.json().profile).toMatchObject({ _id: String(admin.id), name: 'Asha', role: 'admin', business: null });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: { name: '  Asha Rao ', updatedAt: got.json().profile.updatedAt },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile.name).toBe('Asha Rao');
    expect((await me(sibling, token)).json().user.name).toBe('Asha Rao');
  });

  it("saves a vendor's business details and refuses a stale version with 409", async () => {
    const vendor = await createVendor(t.db);
    const token = await signIn(vendor.email);
    const loaded = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) })).json()
      .profile;
    expect(loaded.business).toMatchObject({ businessName: vendor.businessName });
    const body = {
      name: 'Meera',
      business: { businessName: 'Saffron', phoneNumber: '+91 90000 00000', address: '1 MG Road' },
      updatedAt: loaded.updatedAt,
    };
    const first = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: body,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().profile.business).toEqual(body.business);
    const stale = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(token),
      payload: body,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONFLICT');
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: 'x', business: { businessName: '', phoneNumber: '', address: '' } }, 'Business name is required'],
    [{ name: 'a\u0000b' }, 'Must not contain NUL characters'],
  ])('answers 400 to %j', async (body, message) => {
    const vendor = await createVendor(t.db);
    const token = await signIn(vendor.email);
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(token), payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});
