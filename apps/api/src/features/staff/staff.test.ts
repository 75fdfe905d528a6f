import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../platform/events/domain-events.js';
import { createAdmin, FIXTURE_PASSWORD, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Staff roles and invitations (issue 36; decisions 0128, 0130), over HTTP. */

let t: TestApp;
let owner: FixtureUser;
let ownerToken: string;
const published: DomainEvent[] = [];
let n = 0;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(email: string, password = FIXTURE_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email, password } });
}

/** Invites `role` as the Owner; @returns the e-mail and the token the `staff.invited` event carried. */
async function invite(role: string) {
  const email = `invitee-${++n}@example.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/staff/admin/invitations',
    headers: bearer(ownerToken),
    payload: { email, name: `Invitee ${n}`, role },
  });
  expect(res.statusCode, res.body).toBe(201);
  const event = published.findLast((e) => e.type === 'staff.invited' && e.invitation.email === email);
  if (event?.type !== 'staff.invited') throw new Error('no staff.invited event');
  return { email, token: event.token, id: Number(res.json().invitation._id) };
}

const accept = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload, remoteAddress: `10.0.0.${++n % 250}` });

const userCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('c'))
        .executeTakeFirstOrThrow()
    ).c,
  );

beforeAll(async () => {
  t = await createTestApp();
  // Every event the app publishes, as its subscribers (the invitation mail) would get it.
  const publish = t.app.events.publish.bind(t.app.events);
  t.app.events.publish = async (trx, event) => {
    published.push(event);
    await publish(trx, event);
  };
  owner = await createAdmin(t.db);
  ownerToken = (await signIn(owner.email)).json().token;
});
afterAll(() => t.close());

describe('the spec admin is the Owner', () => {
  it('signs in with role owner and every permission, and sees the staff list', async () => {
    const res = await signIn(owner.email);
    expect(res.json().user).toMatchObject({ role: 'admin', staffRole: 'owner' });
    expect(res.json().user.permissions).toContain('staff:write');
    const list = await t.app.inject({ method: 'GET', url: '/api/staff/admin', headers: bearer(ownerToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().members.map((m: { email: string }) => m.email)).toContain(owner.email);
  });
});

describe('an invitation', () => {
  it('is accepted once: a Finance member signs in, sees payouts and not products', async () => {
    const { email, token } = await invite('finance');
    const row = await t.db
      .selectFrom('invitations')
      .select('tokenHash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).not.toContain(token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const res = await accept({ token, password: 'finance-pass', name: 'Farah Finance' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ email, name: 'Farah Finance', role: 'admin', staffRole: 'finance' });
    expect(res.json().user.permissions).toEqual(['money:read', 'money:write']);
    const session = bearer(res.json().token);
    expect((await t.app.inject({ method: 'GET', url: '/api/payouts/admin', headers: session })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/admin/all', headers: session })).statusCode).toBe(
      403,
    );
    expect((await signIn(email, 'finance-pass')).statusCode).toBe(200);

    const before = await userCount();
    const again = await accept({ token, password: 'another-pass' });
    expect(again.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
    expect((await signIn(email, 'another-pass')).statusCode).toBe(401);
  });

  it('refuses a forged or expired token with 400 and changes nothing', async () => {
    const before = await userCount();
    expect((await accept({ token: 'not-a-token', password: 'whatever1' })).statusCode).toBe(400);
    const { id, token, email } = await invite('support');
    await t.db
      .updateTable('invitations')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const res = await accept({ token, password: 'support-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(await userCount()).toBe(before);
    const row = await t.db
      .selectFrom('invitations')
      .select('acceptedAt')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.acceptedAt).toBeNull();
    expect((await signIn(email, 'support-pass')).statusCode).toBe(401);
  });

  it('is refused (409) for an e-mail with an account or an invitation waiting', async () => {
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/staff/admin/invitations',
      headers: bearer(ownerToken),
      payload: { email: owner.email, name: 'Me again', role: 'admin' },
    });
    expect(taken.statusCode).toBe(409);
    const { email } = await invite('content');
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/staff/admin/invitations',
      headers: bearer(ownerToken),
      payload: { email, name: 'Twice', role: 'content' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses an owner role and an unknown role (400)', async () => {
    for (const role of ['owner', 'superuser']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/staff/admin/invitations',
        headers: bearer(ownerToken),
        payload: { email: `x-${++n}@example.test`, name: 'X', role },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('changing and removing staff', () => {
  it('changes a role, which applies on the next request; a stale version answers 409', async () => {
    const member = await createAdmin(t.db, { staffRole: 'support' });
    const token = (await signIn(member.email)).json().token;
    const put = (
      await t.app.inject({
        method: 'PUT',
        url: '/api/orders/admin/order-status',
        headers: bearer(token),
        payload: { orderId: 1, status: 'Packaging' },
      })
    ).statusCode;
    expect(put).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/staff/admin', headers: bearer(ownerToken) });
    const row = list.json().members.find((m: { _id: string }) => m._id === String(member.id));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/admin/${member.id}`,
      headers: bearer(ownerToken),
      payload: { role: 'orders', updatedAt: row.updatedAt },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member.role).toBe('orders');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().user).toMatchObject({ staffRole: 'orders', permissions: ['orders:read', 'orders:write'] });
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/admin/${member.id}`,
      headers: bearer(ownerToken),
      payload: { role: 'admin', updatedAt: row.updatedAt },
    });
    expect(stale.statusCode).toBe(409);
  });

  it('removal ends every session of the member and they can no longer sign in', async () => {
    const member = await createAdmin(t.db, { staffRole: 'catalog' });
    const token = (await signIn(member.email)).json().token;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/admin/${member.id}`,
      headers: bearer(ownerToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await signIn(member.email)).statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/api/staff/admin', headers: bearer(ownerToken) });
    expect(list.json().members.some((m: { _id: string }) => m._id === String(member.id))).toBe(false);
  });

  it('never removes or demotes an Owner, nor lets an Owner change themselves (400)', async () => {
    const other = await createAdmin(t.db);
    const row = await t.db.selectFrom('users').select('updatedAt').where('id', '=', other.id).executeTakeFirstOrThrow();
    for (const id of [other.id, owner.id]) {
      const del = await t.app.inject({ method: 'DELETE', url: `/api/staff/admin/${id}`, headers: bearer(ownerToken) });
      expect(del.statusCode).toBe(400);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/staff/admin/${id}`,
        headers: bearer(ownerToken),
        payload: { role: 'support', updatedAt: new Date(row.updatedAt).toISOString() },
      });
      expect(put.statusCode).toBe(400);
    }
    expect((await signIn(other.email)).json().user.staffRole).toBe('owner');
  });

  it('answers 404 for a vendor or unknown id', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/staff/admin/999999', headers: bearer(ownerToken) });
    expect(res.statusCode).toBe(404);
  });
});
