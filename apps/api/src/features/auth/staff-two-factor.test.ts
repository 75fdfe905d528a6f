import { securityMessages } from '@haat/contract';
import { generateSync } from 'otplib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, FIXTURE_PASSWORD, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The store setting "require two-factor sign-in for staff" enforced at the access control
 * (issue 36, decision 0147), on the suite's database.
 */

let t: TestApp;

beforeEach(async () => {
  await t?.close();
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Sets two-factor sign-in up and on for `user`; answers its secret. */
async function turnOnTwoFactor(user: FixtureUser): Promise<string> {
  const headers = authAs(t.app, user);
  const setup = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const enable = await t.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers,
    payload: { code: generateSync({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }) },
  });
  expect(enable.statusCode).toBe(200);
  return secret;
}

async function requireForStaff(owner: FixtureUser, required: boolean) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/admin/security-settings',
    headers: authAs(t.app, owner),
    payload: { requireTwoFactorForStaff: required },
  });
  expect(res.statusCode).toBe(200);
}

const get = (user: FixtureUser, url: string) => t.app.inject({ method: 'GET', url, headers: authAs(t.app, user) });

describe('require two-factor sign-in for staff', () => {
  it('is off by default: staff without two-factor sign-in use every screen', async () => {
    const staff = await createAdmin(t.db, { staffRole: 'orders' });
    expect((await get(staff, '/api/orders/admin/orders')).statusCode).toBe(200);
    const me = await get(staff, '/api/auth/me');
    expect(me.json().user.twoFactorSetupRequired).toBeUndefined();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email: staff.email, password: FIXTURE_PASSWORD },
    });
    expect(login.json().user.twoFactorSetupRequired).toBeUndefined();
  });

  it('refuses turning it on to an Owner without two-factor sign-in of their own', async () => {
    const owner = await createAdmin(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/admin/security-settings',
      headers: authAs(t.app, owner),
      payload: { requireTwoFactorForStaff: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: securityMessages.ownTwoFactorFirst });
    expect((await get(owner, '/api/auth/admin/security-settings')).json().requireTwoFactorForStaff).toBe(false);
  });

  it('when on, lets staff without it only set it up, then everything once it is on', async () => {
    const owner = await createAdmin(t.db);
    await turnOnTwoFactor(owner);
    await requireForStaff(owner, true);
    const staff = await createAdmin(t.db, { staffRole: 'orders' });

    const orders = await get(staff, '/api/orders/admin/orders');
    expect(orders.statusCode).toBe(403);
    expect(orders.json()).toMatchObject({ success: false, message: securityMessages.staffTwoFactorSetupRequired });
    const me = await get(staff, '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.twoFactorSetupRequired).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/login',
      payload: { email: staff.email, password: FIXTURE_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.twoFactorSetupRequired).toBe(true);
    expect((await get(staff, '/api/auth/2fa')).statusCode).toBe(200);
    expect((await get(staff, '/api/auth/profile')).statusCode).toBe(200);

    await turnOnTwoFactor(staff);
    expect((await get(staff, '/api/orders/admin/orders')).statusCode).toBe(200);
    expect((await get(staff, '/api/auth/me')).json().user.twoFactorSetupRequired).toBeUndefined();
    // The Owner, with it on, was never stopped.
    expect((await get(owner, '/api/orders/admin/orders')).statusCode).toBe(200);
  });

  it('stops a staff session that was already working at its next request once it is turned on', async () => {
    const owner = await createAdmin(t.db);
    await turnOnTwoFactor(owner);
    const staff = await createAdmin(t.db, { staffRole: 'orders' });
    // One token before and after: whether it must set up two-factor is read with the account on each request.
    const headers = authAs(t.app, staff);
    const orders = () => t.app.inject({ method: 'GET', url: '/api/orders/admin/orders', headers });
    expect((await orders()).statusCode).toBe(200);
    await requireForStaff(owner, true);
    const stopped = await orders();
    expect(stopped.statusCode).toBe(403);
    expect(stopped.json()).toMatchObject({ success: false, message: securityMessages.staffTwoFactorSetupRequired });
  });

  it('leaves vendors alone: they are not staff', async () => {
    const owner = await createAdmin(t.db);
    await turnOnTwoFactor(owner);
    await requireForStaff(owner, true);
    const vendor = await createVendor(t.db);
    expect((await get(vendor, '/api/vendor/orders')).statusCode).toBe(200);
    expect((await get(vendor, '/api/auth/me')).json().user.twoFactorSetupRequired).toBeUndefined();
  });

  it('when turned off again, staff without it use every screen', async () => {
    const owner = await createAdmin(t.db);
    await turnOnTwoFactor(owner);
    await requireForStaff(owner, true);
    const staff = await createAdmin(t.db, { staffRole: 'orders' });
    expect((await get(staff, '/api/orders/admin/orders')).statusCode).toBe(403);
    await requireForStaff(owner, false);
    expect((await get(staff, '/api/orders/admin/orders')).statusCode).toBe(200);
  });
});
