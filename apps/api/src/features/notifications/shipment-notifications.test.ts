import type { Order, Shipment } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createTeamMember, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { queueLateShipmentDigests } from '../mail/late-shipments.js';

/**
 * The bell's shipment notices (issue 34; decisions 0154 and 0158): a vendor's team hears of the store's
 * moves of their shipments and of their part delivered, never of their own; the order
 * staff hear of a vendor's own cancellation and of shipments gone late, once.
 */

let t: TestApp;
let owner: FixtureUser;
let orderOps: FixtureUser;
let support: FixtureUser;
let content: FixtureUser;
let vendor: FixtureUser;
let member: FixtureUser;
let other: FixtureUser;
let kit: ReturnType<typeof storeKit>;

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
  owner = await createAdmin(t.db);
  orderOps = await createAdmin(t.db, { staffRole: 'orders' });
  support = await createAdmin(t.db, { staffRole: 'support' });
  content = await createAdmin(t.db, { staffRole: 'content' });
  vendor = await createVendor(t.db, { businessName: 'Alpha Traders' });
  member = await createTeamMember(t.db, vendor.vendorId as number, 'staff');
  other = await createVendor(t.db, { businessName: 'Beta Crafts' });
  kit = storeKit(t, owner);
});
afterAll(() => t.close());

interface WireNotification {
  kind: string;
  title: string;
  message: string;
  subject: { type: string; _id: string };
  link: string;
}

/** The user's notifications of `kind` about order `orderId`, over `GET /api/notifications`. */
async function notices(user: FixtureUser, kind: string, orderId: string): Promise<WireNotification[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=100', headers: authAs(t.app, user) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().notifications as WireNotification[]).filter(
    (row) => row.kind === kind && row.subject.type === 'order' && row.subject._id === orderId,
  );
}

/** An order of `units` of the vendor's product and one of the other vendor's. */
async function order(units = 2): Promise<{ order: Order; line: string }> {
  const mine = await kit.product(50_000, 50, vendor.vendorId);
  const theirs = await kit.product(30_000, 50, other.vendorId);
  const placed = await kit.placed([
    { product: mine, quantity: units },
    { product: theirs, quantity: 1 },
  ]);
  const line = placed.products.find((row) => row.product._id === String(mine))?._id as string;
  return { order: placed, line };
}

/** The vendor's open shipment of the order as now stored (the newest: a remainder after a partial dispatch). */
async function shipmentOf(orderId: string): Promise<Shipment> {
  const read = await kit.read(orderId);
  const mine = (read.shipments ?? []).filter(
    (shipment) => shipment.vendor?._id === String(vendor.vendorId) && shipment.status !== 'Delivered',
  );
  const last = mine.at(-1);
  if (!last) throw new Error('no open shipment of the vendor');
  return last;
}

/** Moves the vendor's open shipment of the order, as `as` (the admin's route for an admin). */
async function move(as: FixtureUser, orderId: string, body: Record<string, unknown>): Promise<void> {
  const shipment = await shipmentOf(orderId);
  const url =
    as.role === 'admin'
      ? `/api/shipments/admin/${shipment._id}/status`
      : `/api/vendor/shipments/${shipment._id}/status`;
  const res = await t.app.inject({
    method: 'PUT',
    url,
    headers: { ...authAs(t.app, as), 'content-type': 'application/json' },
    payload: JSON.stringify({ updatedAt: shipment.updatedAt, ...body }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const ship = { status: 'On The Road', carrier: 'Delhivery', awb: 'DL123456789' };

describe("the store's moves of a vendor's shipment", () => {
  it('tells the vendor it shipped, with the courier, and that their part is delivered, linking their order page', async () => {
    const { order: placed } = await order();
    await move(owner, placed._id, ship);
    const shipped = await notices(vendor, 'shipment_shipped', placed._id);
    expect(shipped).toEqual([
      expect.objectContaining({
        title: 'Shipment shipped',
        message: `Order ${placed.trackingNumber}: the store marked 2 units of your products shipped (Delhivery, AWB DL123456789).`,
        link: `/admin/my-orders/${placed._id}`,
      }),
    ]);
    await move(owner, placed._id, { status: 'Delivered' });
    const delivered = await notices(vendor, 'shipment_delivered', placed._id);
    expect(delivered).toEqual([
      expect.objectContaining({
        title: 'Shipment delivered',
        message: `Order ${placed.trackingNumber}: all your items are delivered.`,
        link: `/admin/my-orders/${placed._id}`,
      }),
    ]);
    // Their team's staff member hears of it too (decision 0158); the other vendor and the staff do not.
    expect((await notices(member, 'shipment_shipped', placed._id)).map((row) => row.message)).toEqual(
      shipped.map((row) => row.message),
    );
    expect(await notices(member, 'shipment_delivered', placed._id)).toHaveLength(1);
    expect(await notices(other, 'shipment_shipped', placed._id)).toEqual([]);
    expect(await notices(owner, 'shipment_shipped', placed._id)).toEqual([]);
  });

  it('a delivery of one shipment of a part dispatched in two says so; the last says the part is delivered', async () => {
    const { order: placed, line } = await order(3);
    await move(owner, placed._id, { ...ship, items: [{ itemId: line, quantity: 1 }] });
    await move(owner, placed._id, { ...ship, awb: 'DL000000002' });
    expect((await notices(vendor, 'shipment_shipped', placed._id)).map((row) => row.message)).toEqual([
      `Order ${placed.trackingNumber}: the store marked 2 units of your products shipped (Delhivery, AWB DL000000002).`,
      `Order ${placed.trackingNumber}: the store marked 1 unit of your products shipped (Delhivery, AWB DL123456789).`,
    ]);
    const first = (await kit.read(placed._id)).shipments?.find(
      (shipment) => shipment.vendor?._id === String(vendor.vendorId) && shipment.awb === 'DL123456789',
    ) as Shipment;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/shipments/admin/${first._id}/status`,
      headers: { ...authAs(t.app, owner), 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'Delivered', updatedAt: first.updatedAt }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await notices(vendor, 'shipment_delivered', placed._id)).map((row) => row.message)).toEqual([
      `Order ${placed.trackingNumber}: the store marked a shipment of your products delivered.`,
    ]);
    await move(owner, placed._id, { status: 'Delivered' });
    expect((await notices(vendor, 'shipment_delivered', placed._id)).map((row) => row.message)).toEqual([
      `Order ${placed.trackingNumber}: all your items are delivered.`,
      `Order ${placed.trackingNumber}: the store marked a shipment of your products delivered.`,
    ]);
  });

  it('the order-status call tells each vendor of their shipment on the road, then of their part delivered', async () => {
    const { order: placed } = await order();
    await kit.deliver(placed._id);
    for (const [seller, units] of [
      [vendor, 2],
      [other, 1],
    ] as const) {
      expect((await notices(seller, 'shipment_shipped', placed._id)).map((row) => row.message)).toEqual([
        `Order ${placed.trackingNumber}: the store marked ${units} ${units === 1 ? 'unit' : 'units'} of your products shipped.`,
      ]);
      expect((await notices(seller, 'shipment_delivered', placed._id)).map((row) => row.message)).toEqual([
        `Order ${placed.trackingNumber}: all your items are delivered.`,
      ]);
    }
  });

  it("the vendor's own moves, or their team member's, tell no one", async () => {
    const { order: placed } = await order();
    await move(vendor, placed._id, { status: 'Packaging' });
    await move(member, placed._id, ship);
    await move(vendor, placed._id, { status: 'Delivered' });
    for (const user of [vendor, member, owner, orderOps])
      for (const kind of ['shipment_shipped', 'shipment_delivered'])
        expect(await notices(user, kind, placed._id)).toEqual([]);
  });
});

describe("a vendor's own cancellation", () => {
  it('tells the staff who see orders who cancelled, how many and why; not the vendor, nor the other staff', async () => {
    const { order: placed, line } = await order();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/orders/${placed._id}/cancel`,
      headers: { ...authAs(t.app, member), 'content-type': 'application/json' },
      payload: JSON.stringify({ items: [{ itemId: line, quantity: 2 }], reason: 'Out of stock' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const staff of [owner, orderOps, support])
      expect(await notices(staff, 'order_cancelled', placed._id)).toEqual([
        expect.objectContaining({
          title: 'Order items cancelled',
          message: `Alpha Traders cancelled 2 units of order ${placed.trackingNumber}: Out of stock`,
          link: `/admin/orders/${placed._id}`,
        }),
      ]);
    expect(await notices(content, 'order_cancelled', placed._id)).toEqual([]);
    expect(await notices(vendor, 'order_cancelled', placed._id)).toEqual([]);
  });

  it("an admin's cancellation still tells the vendor, and no staff member", async () => {
    const { order: placed, line } = await order();
    const cancelled = await kit.cancel(owner, placed._id, {
      items: [{ itemId: line, quantity: 1 }],
      reason: 'Customer asked',
      updatedAt: placed.updatedAt,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await notices(vendor, 'order_cancelled', placed._id)).map((row) => row.message)).toEqual([
      `Order ${placed.trackingNumber}: 1 unit of your products cancelled.`,
    ]);
    expect(await notices(owner, 'order_cancelled', placed._id)).toEqual([]);
  });
});

describe('shipments gone late (the hourly look)', () => {
  it('tells the staff who change orders once per order, naming the vendors; the next look tells only what is new', async () => {
    const { order: first } = await order();
    const { order: second } = await order();
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const setShipBy = (orderId: string, shipBy: string) =>
      t.db.updateTable('shipments').set({ shipBy }).where('orderId', '=', Number(orderId)).execute();
    await setShipBy(first._id, hourAgo);
    await queueLateShipmentDigests(t.db, t.app.events, new Date());
    for (const staff of [owner, orderOps])
      expect(await notices(staff, 'shipment_late', first._id)).toEqual([
        expect.objectContaining({
          title: 'Shipment late',
          message: `Order ${first.trackingNumber} is late: Alpha Traders and Beta Crafts have not shipped, due by ${hourAgo
            .slice(0, 16)
            .replace('T', ' ')} UTC.`,
          link: `/admin/orders/${first._id}`,
        }),
      ]);
    expect(await notices(support, 'shipment_late', first._id)).toEqual([]);
    expect(await notices(vendor, 'shipment_late', first._id)).toEqual([]);

    // A later look: the first order is not told again; the second, late since, is.
    await queueLateShipmentDigests(t.db, t.app.events, new Date(Date.now() + 1_000));
    expect(await notices(owner, 'shipment_late', first._id)).toHaveLength(1);
    await setShipBy(second._id, new Date(Date.now() + 2_000).toISOString());
    await queueLateShipmentDigests(t.db, t.app.events, new Date(Date.now() + 3_000));
    expect(await notices(owner, 'shipment_late', first._id)).toHaveLength(1);
    expect(await notices(owner, 'shipment_late', second._id)).toHaveLength(1);
  });
});
