import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
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

/** Another API process over the same database as `of`: a second app on its database handle. */
async function buildAppOver(of: TestApp): Promise<FastifyInstance> {
  const database = { db: of.db, kind: of.kind, close: async () => undefined };
  const app = await buildApp({ config: of.config, database, webRoot: null, logger: false });
  await app.ready();
  return app;
}

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
  /** A second API process: another app over the same database handle. */
  let sibling: FastifyInstance;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    sibling = await buildAppOver(limited);
    await createAdmin(limited.db, { email: 'rate@example.test' });
  });
  afterAll(async () => {
    await sibling.close();
    await limited.close();
  });

  const attemptOn = (app: FastifyInstance, email: string, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email, password: 'wrong-password' },
      remoteAddress,
    });
  const tooMany = {
    success: false,
    code: 'RATE_LIMITED',
    message: 'Too many sign-in attempts. Please wait a minute and try again.',
  };

  it('answers 429 after too many attempts for one e-mail from one address, and not for another e-mail', async () => {
    const attempt = (email: string) => attemptOn(limited.app, email);
    for (let i = 0; i < 3; i++) expect((await attempt('rate@example.test')).statusCode).toBe(401);
    const blocked = await attempt('rate@example.test');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject(tooMany);
    expect((await attempt('other@example.test')).statusCode).toBe(401);
  });

  it('shares one count between two API processes on the same database', async () => {
    expect((await attemptOn(limited.app, 'shared@example.test')).statusCode).toBe(401);
    expect((await attemptOn(sibling, 'shared@example.test')).statusCode).toBe(401);
    expect((await attemptOn(limited.app, 'shared@example.test')).statusCode).toBe(401);
    const blocked = await attemptOn(sibling, 'shared@example.test');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    // The window is one minute; the store's ttl is in ms, the header in whole seconds.
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await attemptOn(limited.app, 'shared@example.test')).statusCode).toBe(429);
  });

  it('keeps the count when an API process restarts', async () => {
    const first = await buildAppOver(limited);
    expect((await attemptOn(first, 'restart@example.test')).statusCode).toBe(401);
    expect((await attemptOn(first, 'restart@example.test')).statusCode).toBe(401);
    await first.close();
    const restarted = await buildAppOver(limited);
    try {
      expect((await attemptOn(restarted, 'restart@example.test')).statusCode).toBe(401);
      expect((await attemptOn(restarted, 'restart@example.test')).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it('counts afresh once the window has passed', async () => {
    for (let i = 0; i < 3; i++) expect((await attemptOn(limited.app, 'window@example.test')).statusCode).toBe(401);
    expect((await attemptOn(limited.app, 'window@example.test')).statusCode).toBe(429);
    // The minute is over: move the window's end into the past.
    await limited.db
      .updateTable('rateLimitHits')
      .set({ resetAt: new Date(Date.now() - 1000).toISOString() })
      .where('key', 'like', '%|window@example.test')
      .execute();
    expect((await attemptOn(sibling, 'window@example.test')).statusCode).toBe(401);
    const row = await limited.db
      .selectFrom('rateLimitHits')
      .select(['hits', 'resetAt'])
      .where('key', 'like', '%|window@example.test')
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(1);
    expect(Date.parse(row.resetAt)).toBeGreaterThan(Date.now());
    expect((await attemptOn(limited.app, 'window@example.test')).statusCode).toBe(401);
    expect((await attemptOn(sibling, 'window@example.test')).statusCode).toBe(401);
    expect((await attemptOn(limited.app, 'window@example.test')).statusCode).toBe(429);
  });

  it('counts each e-mail and each address separately', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await attemptOn(limited.app, 'apart@example.test', '203.0.113.1')).statusCode).toBe(401);
    }
    expect((await attemptOn(limited.app, 'apart@example.test', '203.0.113.1')).statusCode).toBe(429);
    expect((await attemptOn(sibling, 'apart@example.test', '203.0.113.2')).statusCode).toBe(401);
    expect((await attemptOn(sibling, 'elsewhere@example.test', '203.0.113.1')).statusCode).toBe(401);
    expect((await attemptOn(limited.app, 'APART@example.test ', '203.0.113.1')).statusCode).toBe(429);
  });

  it('lets exactly the limit through among 20 simultaneous attempts on two processes', async () => {
    const five = await createTestApp({ LOGIN_RATE_LIMIT: '5' });
    const other = await buildAppOver(five);
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => attemptOn(i % 2 === 0 ? five.app : other, 'rush@example.test')),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      const row = await five.db.selectFrom('rateLimitHits').select('hits').executeTakeFirstOrThrow();
      expect(row.hits).toBe(20);
    } finally {
      await other.close();
      await five.close();
    }
  });

  it('deletes expired counts, at most once a minute per process', async () => {
    const start = new Date();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const fresh = await buildAppOver(limited);
    try {
      const past = new Date(start.getTime() - 1000).toISOString();
      const future = new Date(start.getTime() + 30_000).toISOString();
      await limited.db
        .insertInto('rateLimitHits')
        .values([
          { key: 'cleanup-expired-1', hits: 2, resetAt: past },
          { key: 'cleanup-live', hits: 2, resetAt: future },
        ])
        .execute();
      const keys = async () =>
        (await limited.db.selectFrom('rateLimitHits').select('key').where('key', 'like', 'cleanup-%').execute()).map(
          (row) => row.key,
        );

      expect((await attemptOn(fresh, 'cleanup@example.test')).statusCode).toBe(401);
      expect(await keys()).toEqual(['cleanup-live']);

      await limited.db
        .insertInto('rateLimitHits')
        .values({ key: 'cleanup-expired-2', hits: 1, resetAt: past })
        .execute();
      expect((await attemptOn(fresh, 'cleanup@example.test')).statusCode).toBe(401);
      expect((await keys()).sort()).toEqual(['cleanup-expired-2', 'cleanup-live']);

      vi.setSystemTime(start.getTime() + 61_000);
      expect((await attemptOn(fresh, 'cleanup@example.test')).statusCode).toBe(401);
      expect(await keys()).toEqual([]);
    } finally {
      vi.useRealTimers();
      await fresh.close();
    }
  });

  it('answers 500 and lets nobody sign in when the count cannot be stored', async () => {
    const broken = await createTestApp();
    try {
      const user = await createAdmin(broken.db, { email: 'closed@example.test' });
      await sql`drop table rate_limit_hits`.execute(broken.db);
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/auth/admin/login',
        payload: { email: user.email, password: FIXTURE_PASSWORD },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, code: 'INTERNAL' });
      expect(res.json()).not.toHaveProperty('token');
    } finally {
      await broken.close();
    }
  });
});

describe('GET /api/auth/me', () => {
  it('answers the signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: authAs(t.app, vendor) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      // The spec's user, and the vendor's role in their team (issue 36: who signed up is the owner).
      user: { _id: String(vendor.id), name: vendor.name, email: vendor.email, role: 'vendor', teamRole: 'owner' },
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
    const expired = t.app.jwt.sign({ sub: String(admin.id), role: 'admin', ver: 0, jti: 'expiring' }, { expiresIn: 1 });
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

describe('POST /api/auth/admin/login rate limit per address (issue 11)', () => {
  let limited: TestApp;
  let sibling: FastifyInstance;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT: '1000', LOGIN_ADDRESS_RATE_LIMIT: '4' });
    sibling = await buildAppOver(limited);
    await createAdmin(limited.db, { email: 'owner@example.test' });
  });
  afterAll(async () => {
    await sibling.close();
    await limited.close();
  });

  const attemptOn = (app: FastifyInstance, email: string, remoteAddress: string, password = 'wrong-password') =>
    app.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email, password }, remoteAddress });

  it('answers 429 to one address trying many different e-mails, on any process, and not to another address', async () => {
    const from = '198.51.100.7';
    for (let i = 0; i < 4; i++) {
      const app = i % 2 === 0 ? limited.app : sibling;
      expect((await attemptOn(app, `guess${i}@example.test`, from)).statusCode).toBe(401);
    }
    const blocked = await attemptOn(sibling, 'guess4@example.test', from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts. Please wait a minute and try again.',
    });
    // Even the right password for a real account waits out the window from that address.
    expect((await attemptOn(limited.app, 'owner@example.test', from, FIXTURE_PASSWORD)).statusCode).toBe(429);
    expect((await attemptOn(limited.app, 'owner@example.test', '198.51.100.8', FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('counts afresh once the ten-minute window has passed', async () => {
    const from = '198.51.100.9';
    for (let i = 0; i < 4; i++) await attemptOn(limited.app, `w${i}@example.test`, from);
    expect((await attemptOn(limited.app, 'w5@example.test', from)).statusCode).toBe(429);
    await limited.db
      .updateTable('rateLimitHits')
      .set({ resetAt: new Date(Date.now() - 1000).toISOString() })
      .where('key', '=', `login-address-${from}`)
      .execute();
    expect((await attemptOn(limited.app, 'w6@example.test', from)).statusCode).toBe(401);
  });
});
