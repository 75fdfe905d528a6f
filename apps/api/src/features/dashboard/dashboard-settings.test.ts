import { dashboardSettingsMessages } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: FixtureUser;
let otherAdmin: FixtureUser;
let vendor: FixtureUser;

const get = (as: FixtureUser) =>
  t.app.inject({ method: 'GET', url: '/api/dashboard/settings', headers: authAs(t.app, as) });
const put = (as: FixtureUser, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/dashboard/settings',
    headers: { ...authAs(t.app, as), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  otherAdmin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
});
afterAll(() => t.close());

describe('GET /api/dashboard/settings', () => {
  it('answers the defaults, everything shown over 12 months, before the first save', async () => {
    const res = await get(vendor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, settings: { hidden: [], months: 12 }, updatedAt: null });
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/settings' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/dashboard/settings', () => {
  it("saves the caller's own settings, which another user does not share, and moves the version on", async () => {
    const first = await put(admin, { hidden: ['totalUsers', 'monthlyChart'], months: 6, updatedAt: null });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json();
    expect(saved).toMatchObject({ success: true, settings: { hidden: ['totalUsers', 'monthlyChart'], months: 6 } });
    expect(typeof saved.updatedAt).toBe('string');

    expect((await get(admin)).json()).toEqual(saved);
    expect((await get(otherAdmin)).json()).toMatchObject({ settings: { hidden: [], months: 12 }, updatedAt: null });

    const second = await put(admin, { hidden: [], months: 3, updatedAt: saved.updatedAt });
    expect(second.statusCode).toBe(200);
    expect(second.json().settings).toEqual({ hidden: [], months: 3 });
    expect(Date.parse(second.json().updatedAt)).toBeGreaterThan(Date.parse(saved.updatedAt));
  });

  it('answers 409 to a stale version, or to a first save when one was made meanwhile, and changes nothing', async () => {
    const start = (await get(vendor)).json();
    const made = await put(vendor, { hidden: ['products'], months: 12, updatedAt: start.updatedAt });
    expect(made.statusCode).toBe(200);

    const again = await put(vendor, { hidden: ['recentOrders'], months: 3, updatedAt: null });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: dashboardSettingsMessages.stale });

    const stale = await put(vendor, { hidden: [], months: 6, updatedAt: '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    expect((await get(vendor)).json()).toEqual(made.json());
  });

  it('refuses unknown widgets, a widget twice, another period, a missing version and bodies that are not objects with 400', async () => {
    const before = (await get(otherAdmin)).json();
    for (const payload of [
      { hidden: ['nope'], months: 12, updatedAt: null },
      { hidden: ['totalUsers', 'totalUsers'], months: 12, updatedAt: null },
      { hidden: [], months: 7, updatedAt: null },
      { hidden: [], months: '12', updatedAt: null },
      { hidden: [], months: 12 },
      { hidden: [], months: 12, updatedAt: 'yesterday' },
      { hidden: 'totalUsers', months: 12, updatedAt: null },
      { hidden: ['total\u0000Users'], months: 12, updatedAt: null },
      null,
      [],
      'settings',
    ]) {
      const res = await put(otherAdmin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await get(otherAdmin)).json()).toEqual(before);
  });
});

describe('GET /api/dashboard/summary?months=', () => {
  it('covers the months asked for, 12 without, and refuses other values with 400', async () => {
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/dashboard/summary${query}`, headers: authAs(t.app, admin) });
    expect((await get('')).json().monthly).toHaveLength(12);
    expect((await get('?months=3')).json().monthly).toHaveLength(3);
    expect((await get('?months=6')).json().monthly).toHaveLength(6);
    for (const bad of ['?months=0', '?months=24', '?months=abc', '?months=99999999999']) {
      expect((await get(bad)).statusCode, bad).toBe(400);
    }
  });
});
