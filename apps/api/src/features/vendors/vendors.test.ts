import type { Vendor } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: FixtureUser;
let approved: FixtureUser & { businessName: string };
let pending: FixtureUser & { businessName: string };

const get = (url: string, as: FixtureUser | null) =>
  t.app.inject({ method: 'GET', url, headers: as ? authAs(t.app, as) : {} });

const businessNames = (vendors: Vendor[]) => vendors.map((v) => v.businessName);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  approved = await createVendor(t.db, { businessName: 'Saffron Spices', name: 'Meera', email: 'meera@example.test' });
  pending = await createVendor(t.db, { businessName: 'banyan Books', status: 'pending' });
  await createVendor(t.db, { businessName: 'Coral Crafts', status: 'rejected' });
  await createVendor(t.db, { businessName: 'Anchor Audio' });
});
afterAll(() => t.close());

describe('GET /api/vendors', () => {
  it('answers 401 to anonymous and 403 to a vendor', async () => {
    expect((await get('/api/vendors', null)).statusCode).toBe(401);
    const res = await get('/api/vendors', approved);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('answers every vendor to an admin, newest first, without passwords', async () => {
    const res = await get('/api/vendors', admin);
    expect(res.statusCode).toBe(200);
    const { success, vendors } = res.json();
    expect(success).toBe(true);
    expect(businessNames(vendors)).toEqual(['Anchor Audio', 'Coral Crafts', 'banyan Books', 'Saffron Spices']);
    const meera = vendors.find((v: Vendor) => v._id === String(approved.vendorId));
    expect(meera).toMatchObject({
      name: 'Meera',
      email: 'meera@example.test',
      businessName: 'Saffron Spices',
      status: 'approved',
    });
    expect(Object.keys(meera)).not.toContain('password');
    expect(Object.keys(meera)).not.toContain('passwordHash');
  });

  it('keeps one status with ?status=', async () => {
    const res = await get('/api/vendors?status=approved', admin);
    expect(businessNames(res.json().vendors)).toEqual(['Anchor Audio', 'Saffron Spices']);
    expect(businessNames((await get('/api/vendors?status=pending', admin)).json().vendors)).toEqual(['banyan Books']);
    expect(businessNames((await get('/api/vendors?status=rejected', admin)).json().vendors)).toEqual(['Coral Crafts']);
  });

  it('answers at the legacy path /vendors', async () => {
    const res = await get('/vendors?status=approved', admin);
    expect(res.json().vendors).toHaveLength(2);
  });

  it('searches name, e-mail and business name, ignoring case', async () => {
    expect(businessNames((await get('/api/vendors?search=MEERA', admin)).json().vendors)).toEqual(['Saffron Spices']);
    expect(businessNames((await get('/api/vendors?search=audio', admin)).json().vendors)).toEqual(['Anchor Audio']);
    expect(businessNames((await get(`/api/vendors?search=${pending.email}`, admin)).json().vendors)).toEqual([
      'banyan Books',
    ]);
  });

  it('pages by business name with a cursor', async () => {
    const first = (await get('/api/vendors?sort=name-asc&limit=3', admin)).json();
    expect(businessNames(first.vendors)).toEqual(['Anchor Audio', 'banyan Books', 'Coral Crafts']);
    expect(first.total).toBe(4);
    const second = (await get(`/api/vendors?sort=name-asc&limit=3&cursor=${first.nextCursor}`, admin)).json();
    expect(businessNames(second.vendors)).toEqual(['Saffron Spices']);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['status=banned', 'status'],
    ['sort=price-asc', 'sort'],
    ['limit=0', 'limit'],
    ['limit=2&cursor=abc', 'cursor'],
  ])('answers 400 to ?%s', async (query, field) => {
    const res = await get(`/api/vendors?${query}`, admin);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors ?? {})).toContain(field);
  });
});
