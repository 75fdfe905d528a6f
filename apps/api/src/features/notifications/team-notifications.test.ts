import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createTeamMember, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { moneyKit } from '../../test/money-kit.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';

/**
 * Who of a seller's team hears what (issue 36; decision 0158): notices and mails about
 * orders, shipments and products reach the owner, managers and staff; those about money
 * (payouts, bank details, KYC) the owner and managers only; a removed member and another
 * seller's members hear nothing of it.
 */

let t: TestApp;
let admin: FixtureUser;
let owner: FixtureUser;
let manager: FixtureUser;
let staff: FixtureUser;
let removed: FixtureUser;
let outsider: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let money: ReturnType<typeof moneyKit>;

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
  admin = await createAdmin(t.db);
  owner = await createVendor(t.db, { businessName: 'Asha Traders' });
  manager = await createTeamMember(t.db, owner.vendorId as number, 'manager');
  staff = await createTeamMember(t.db, owner.vendorId as number, 'staff');
  removed = await createTeamMember(t.db, owner.vendorId as number, 'manager');
  const other = await createVendor(t.db, { businessName: 'Beta Crafts' });
  outsider = await createTeamMember(t.db, other.vendorId as number, 'manager');
  const gone = await t.app.inject({
    method: 'DELETE',
    url: `/api/vendor/team/${removed.id}`,
    headers: authAs(t.app, owner),
  });
  expect(gone.statusCode, gone.body).toBe(200);
  kit = storeKit(t, admin);
  money = moneyKit(t, admin);
});
afterAll(() => t.close());

/** Each of the seller's people, by the name the assertions use. */
const people = () => ({ owner, manager, staff, removed, outsider });

/**
 * The messages of the user's notices of `kind` about `subjectId`, over `GET /api/notifications`;
 * a removed member, whose sessions ended, from the table.
 */
async function heard(user: FixtureUser, kind: string, subjectId: string): Promise<string[]> {
  if (user === removed) {
    const rows = await t.db
      .selectFrom('notifications')
      .select('message')
      .where('userId', '=', user.id)
      .where('kind', '=', kind as never)
      .where('subjectId', '=', Number(subjectId))
      .execute();
    return rows.map((row) => row.message);
  }
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=100', headers: authAs(t.app, user) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().notifications as { kind: string; subject: { _id: string }; message: string }[])
    .filter((row) => row.kind === kind && row.subject._id === subjectId)
    .map((row) => row.message);
}

/** Who of `people()` heard a notice of `kind` about `subjectId`. */
async function whoHeard(kind: string, subjectId: string): Promise<string[]> {
  const names: string[] = [];
  for (const [name, user] of Object.entries(people()))
    if ((await heard(user, kind, subjectId)).length > 0) names.push(name);
  return names;
}

/** Who of `people()` has a mail of `template` queued (`mail_outbox`), with its row count. */
async function whoWasMailed(template: string): Promise<string[]> {
  const rows = await t.db.selectFrom('mailOutbox').select('toUserId').where('template', '=', template).execute();
  return Object.entries(people()).flatMap(([name, user]) =>
    rows.filter((row) => row.toUserId === user.id).map(() => name),
  );
}

describe("a seller's team and the new-order mail", () => {
  // First in the file: no order of the seller's has queued a digest yet.
  it('mails each of the team who handle orders, leaving out one who turned it off', async () => {
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/mail/preferences',
      headers: authAs(t.app, manager),
      payload: { preferences: [{ template: 'vendor-new-orders', enabled: false }] },
    });
    expect(off.statusCode, off.body).toBe(200);
    const product = await kit.product(40_000, 50, owner.vendorId);
    await kit.placed([{ product, quantity: 1 }]);
    expect((await whoWasMailed('vendor-new-orders')).sort()).toEqual(['owner', 'staff']);
  });
});

describe("a seller's team and the bell", () => {
  it('tells the owner, the manager and the staff member of a new order and of its low stock, once each', async () => {
    const product = await kit.product(40_000, 7, owner.vendorId);
    const order = await kit.placed([{ product, quantity: 3 }]);
    expect(await whoHeard('order_placed', order._id)).toEqual(['owner', 'manager', 'staff']);
    expect(await heard(staff, 'order_placed', order._id)).toEqual([
      `Order ${order.trackingNumber} includes 3 items of your products.`,
    ]);
    expect(await whoHeard('low_stock', String(product))).toEqual(['owner', 'manager', 'staff']);
  });

  it("tells the whole team of the store's shipping of their shipment and of a product's review", async () => {
    const product = await kit.product(40_000, 50, owner.vendorId);
    const order = await kit.placed([{ product, quantity: 1 }]);
    const shipment = order.shipments?.find((row) => row.vendor?._id === String(owner.vendorId));
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/shipments/admin/${shipment?._id}/status`,
      headers: { ...authAs(t.app, admin), 'content-type': 'application/json' },
      payload: JSON.stringify({
        status: 'On The Road',
        carrier: 'DTDC',
        awb: 'D7000001',
        updatedAt: shipment?.updatedAt,
      }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await whoHeard('shipment_shipped', order._id)).toEqual(['owner', 'manager', 'staff']);

    const pending = await createOwnedProduct(t.db, owner.vendorId, { status: 'pending', approvalStatus: 'pending' });
    const review = await t.app.inject({
      method: 'PUT',
      url: `/api/products/admin/approve/${pending.id}`,
      headers: authAs(t.app, admin),
      payload: { isApproved: true },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(await whoHeard('product_approved', String(pending.id))).toEqual(['owner', 'manager', 'staff']);
  });

  it('tells only the owner and the manager of a payout, and mails only them', async () => {
    await money.bank(owner);
    const adjusted = await t.app.inject({
      method: 'POST',
      url: `/api/payouts/admin/vendors/${owner.vendorId}/adjustments`,
      headers: { ...authAs(t.app, admin), 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: 500, reason: 'Opening balance' }),
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const [payout] = await money.payAll({ vendorIds: [owner.vendorId] });
    if (!payout) throw new Error('no payout');
    const paid = await money.decide(payout._id, { status: 'Paid', reference: 'UTR4242' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await whoHeard('payout_paid', String(owner.vendorId))).toEqual(['owner', 'manager']);
    const [notice] = await heard(manager, 'payout_paid', String(owner.vendorId));
    expect(notice).toMatch(/was paid to your bank account \(reference UTR4242\)\.$/);
    expect(await whoWasMailed('payout-paid')).toEqual(['owner', 'manager']);
    // The staff member may not open Earnings, where the notice leads.
    const earnings = await t.app.inject({ method: 'GET', url: '/api/vendor/payouts', headers: authAs(t.app, staff) });
    expect(earnings.statusCode).toBe(403);
  });
});
