import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../platform/events/domain-events.js';
import { createTeamMember, createVendor, FIXTURE_PASSWORD, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';

/** A seller's team (issue 36; decision 0129), over HTTP. */

let t: TestApp;
let owner: FixtureUser & { businessName: string };
let ownerToken: string;
const published: DomainEvent[] = [];
let n = 0;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const signIn = (email: string, password = FIXTURE_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/admin/login', payload: { email, password } });
const tokenOf = async (email: string) => (await signIn(email)).json().token as string;
const get = async (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp();
  const publish = t.app.events.publish.bind(t.app.events);
  t.app.events.publish = async (trx, event) => {
    published.push(event);
    await publish(trx, event);
  };
  owner = await createVendor(t.db, { businessName: 'Asha Traders' });
  ownerToken = await tokenOf(owner.email);
});
afterAll(() => t.close());

describe('inviting a member', () => {
  it('publishes team.member_invited with the link token; the invitee joins as staff of the vendor account', async () => {
    const email = `packer-${++n}@example.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/team/invitations',
      headers: bearer(ownerToken),
      payload: { email, name: 'Pooja Packer', role: 'staff' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const event = published.findLast((e) => e.type === 'team.member_invited');
    if (event?.type !== 'team.member_invited') throw new Error('no event');
    expect(event).toMatchObject({ vendor: { id: owner.vendorId, businessName: 'Asha Traders' } });
    expect(event.invitation).toMatchObject({ email, role: 'staff' });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/invitations/accept',
      payload: { token: event.token, password: 'packer-pass' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({ role: 'vendor', teamRole: 'staff', name: 'Pooja Packer' });
    const team = await get('/api/vendor/team', ownerToken);
    expect(team.json().members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual(
      expect.arrayContaining([
        [owner.email, 'owner'],
        [email, 'staff'],
      ]),
    );
  });
});

describe("a seller's staff member", () => {
  let staff: FixtureUser;
  let token: string;
  beforeAll(async () => {
    staff = await createTeamMember(t.db, owner.vendorId as number, 'staff', { name: 'Sunil Staff' });
    token = await tokenOf(staff.email);
  });

  it('gets the dashboard without the net earnings the owner sees', async () => {
    const mine = (await get('/api/vendor/dashboard', token)).json();
    expect(mine).not.toHaveProperty('netEarnings');
    expect(mine).toHaveProperty('totalProducts');
    expect((await get('/api/vendor/dashboard', ownerToken)).json()).toHaveProperty('netEarnings');
  });

  it('is refused earnings, payouts and bank details', async () => {
    for (const url of ['/api/vendor/earnings?limit=20', '/api/vendor/payouts', '/api/vendor/bank-details'])
      expect((await get(url, token)).statusCode, url).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/vendor/bank-details',
      headers: bearer(token),
      payload: { accountHolder: 'Sunil', accountNumber: '123456789012', ifsc: 'HDFC0001234' },
    });
    expect(put.statusCode).toBe(403);
  });

  it("works on the vendor account's products and orders, and the activity log names them", async () => {
    const product = await createOwnedProduct(t.db, owner.vendorId);
    const list = await get('/api/products/admin/all', token);
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(product.name);
    expect((await get('/api/vendor/orders', token)).statusCode).toBe(200);
    const category = await t.db
      .insertInto('categories')
      .values({
        name: `Cat ${++n}`,
        imageUrl: 'https://img.example.test/c.jpg',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: bearer(token),
      payload: {
        name: 'Team Kettle',
        productDetails: 'Steel kettle',
        sku: `SKU-TEAM-${n}`,
        salePrice: 999,
        actualPrice: 1299,
        stockQuantity: 4,
        category: category.id,
        images: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = await t.db
      .selectFrom('products')
      .select(['id', 'vendorId'])
      .where('name', '=', 'Team Kettle')
      .executeTakeFirstOrThrow();
    expect(row.vendorId).toBe(owner.vendorId);
    const log = await t.db
      .selectFrom('activityLog')
      .select(['actorName', 'actorUserId'])
      .where('recordKind', '=', 'product')
      .where('recordId', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ actorName: 'Sunil Staff', actorUserId: staff.id });
  });

  it('may not change the team', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/team/invitations',
      headers: bearer(token),
      payload: { email: `x-${++n}@example.test`, name: 'X', role: 'staff' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a manager', () => {
  it('reads earnings and bank details but may not change the team', async () => {
    const manager = await createTeamMember(t.db, owner.vendorId as number, 'manager');
    const token = await tokenOf(manager.email);
    expect((await get('/api/vendor/earnings?limit=20', token)).statusCode).toBe(200);
    expect((await get('/api/vendor/bank-details', token)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/vendor/team/${manager.id}`, headers: bearer(token) });
    expect(res.statusCode).toBe(403);
  });
});

describe('ownership and removal', () => {
  it('hands ownership to a manager only; the old owner becomes a manager', async () => {
    const vendor = await createVendor(t.db);
    const token = await tokenOf(vendor.email);
    const staff = await createTeamMember(t.db, vendor.vendorId as number, 'staff');
    const manager = await createTeamMember(t.db, vendor.vendorId as number, 'manager');
    const toStaff = await t.app.inject({
      method: 'PUT',
      url: `/api/vendor/team/${staff.id}`,
      headers: bearer(token),
      payload: { role: 'owner' },
    });
    expect(toStaff.statusCode).toBe(400);
    const demoteSelf = await t.app.inject({
      method: 'PUT',
      url: `/api/vendor/team/${vendor.id}`,
      headers: bearer(token),
      payload: { role: 'staff' },
    });
    expect(demoteSelf.statusCode).toBe(400);
    const removeOwner = await t.app.inject({
      method: 'DELETE',
      url: `/api/vendor/team/${vendor.id}`,
      headers: bearer(token),
    });
    expect(removeOwner.statusCode).toBe(400);
    const hand = await t.app.inject({
      method: 'PUT',
      url: `/api/vendor/team/${manager.id}`,
      headers: bearer(token),
      payload: { role: 'owner' },
    });
    expect(hand.statusCode, hand.body).toBe(200);
    expect(hand.json().member.role).toBe('owner');
    const me = await get('/api/auth/me', token);
    expect(me.json().user.teamRole).toBe('manager');
    const vendorRow = await t.db
      .selectFrom('vendors')
      .select('userId')
      .where('id', '=', vendor.vendorId as number)
      .executeTakeFirstOrThrow();
    expect(vendorRow.userId).toBe(manager.id);
    // The old owner, now a manager, may no longer change the team; the new owner may.
    const oldOwnerTries = await t.app.inject({
      method: 'DELETE',
      url: `/api/vendor/team/${staff.id}`,
      headers: bearer(token),
    });
    expect(oldOwnerTries.statusCode).toBe(403);
    const newOwner = await tokenOf(manager.email);
    expect((await get('/api/vendor/dashboard', newOwner)).statusCode).toBe(200);
    const staffToken = await tokenOf(staff.email);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/vendor/team/${staff.id}`,
      headers: bearer(newOwner),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get('/api/auth/me', staffToken)).statusCode).toBe(401);
    expect((await signIn(staff.email)).statusCode).toBe(401);
  });

  it("answers 404 for another vendor's member", async () => {
    const other = await createVendor(t.db);
    const member = await createTeamMember(t.db, other.vendorId as number, 'staff');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/vendor/team/${member.id}`,
      headers: bearer(ownerToken),
    });
    expect(res.statusCode).toBe(404);
    expect((await signIn(member.email)).statusCode).toBe(200);
  });
});
