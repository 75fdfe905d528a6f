import type { Order, Shipment, ShipmentListResponse } from '@haat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { moneyKit } from '../../test/money-kit.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: FixtureUser;
let vendorA: FixtureUser;
let vendorB: FixtureUser;
let kit: ReturnType<typeof storeKit>;
let money: ReturnType<typeof moneyKit>;

const json = (as: FixtureUser | null) => ({ ...(as ? authAs(t.app, as) : {}), 'content-type': 'application/json' });

function call(method: 'GET' | 'PUT' | 'POST', url: string, as: FixtureUser | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: json(as),
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** An order of 3 units of vendor A's product, 2 of vendor B's and 1 of the store's own. */
async function twoVendorOrder() {
  const a = await kit.product(50_000, 20, vendorA.vendorId);
  const b = await kit.product(30_000, 20, vendorB.vendorId);
  const own = await kit.product(10_000, 20);
  const order = await kit.placed([
    { product: a, quantity: 3 },
    { product: b, quantity: 2 },
    { product: own, quantity: 1 },
  ]);
  const lineOf = (product: number) =>
    order.products.find((line) => line.product._id === String(product))?._id as string;
  return { order, a, b, own, lineA: lineOf(a), lineB: lineOf(b) };
}

const shipmentOf = (order: Order, vendor: FixtureUser | null) =>
  order.shipments?.find((shipment) =>
    vendor === null ? shipment.vendor === null : shipment.vendor?._id === String(vendor.vendorId),
  ) as Shipment;

/** `PUT /api/vendor/shipments/{id}/status` (or the admin's route when `as` is the admin). */
function move(as: FixtureUser, shipment: Pick<Shipment, '_id' | 'updatedAt'>, body: Record<string, unknown>) {
  const url =
    as.role === 'admin'
      ? `/api/shipments/admin/${shipment._id}/status`
      : `/api/vendor/shipments/${shipment._id}/status`;
  return call('PUT', url, as, { updatedAt: shipment.updatedAt, ...body });
}

async function moved(as: FixtureUser, shipment: Pick<Shipment, '_id' | 'updatedAt'>, body: Record<string, unknown>) {
  const res = await move(as, shipment, body);
  if (res.statusCode !== 200) throw new Error(`move: ${res.statusCode} ${res.body}`);
  return res.json() as { shipment: Shipment; remainder: Shipment | null; orderStatus: string };
}

const ship = { status: 'On The Road', carrier: 'Delhivery', awb: 'DL123456789' };

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000', PAYOUT_HOLD_DAYS: '7' });
  admin = await createAdmin(t.db);
  vendorA = await createVendor(t.db, { businessName: 'Alpha Traders' });
  vendorB = await createVendor(t.db, { businessName: 'Beta Crafts' });
  kit = storeKit(t, admin);
  money = moneyKit(t, admin);
});
afterAll(() => t.close());

describe('shipments at checkout', () => {
  it('splits a two-vendor order into one shipment per vendor and one for the store, Order Placed, due in 48 hours', async () => {
    const { order, lineA, lineB } = await twoVendorOrder();
    expect(order.shipments).toHaveLength(3);
    const a = shipmentOf(order, vendorA);
    const b = shipmentOf(order, vendorB);
    expect(a).toMatchObject({
      status: 'Order Placed',
      items: [{ itemId: lineA, quantity: 3 }],
      carrier: null,
      late: false,
    });
    expect(b.items).toEqual([{ itemId: lineB, quantity: 2 }]);
    expect(b.vendor?.businessName).toBe('Beta Crafts');
    expect(shipmentOf(order, null).items).toHaveLength(1);
    expect(Date.parse(a.shipBy) - Date.parse(order.createdAt)).toBe(48 * 3_600_000);
  });
});

describe('each vendor sees and moves only their own shipments', () => {
  it('lists, reads and moves their own; another vendor’s is 404 and unchanged', async () => {
    const { order } = await twoVendorOrder();
    const a = shipmentOf(order, vendorA);
    const list = await call('GET', `/api/vendor/shipments?search=${order.trackingNumber}`, vendorA);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as ShipmentListResponse;
    expect(body.shipments.map((row) => row._id)).toEqual([a._id]);
    expect(body.shipments[0]).toMatchObject({ units: 3, customerName: 'Meera Shopper', order: { _id: order._id } });
    expect((await call('GET', `/api/vendor/shipments/${a._id}`, vendorA)).json().shipment.lines).toHaveLength(1);
    expect((await call('GET', `/api/vendor/shipments/${a._id}`, vendorB)).statusCode).toBe(404);
    expect((await move(vendorB, a, { status: 'Packaging' })).statusCode).toBe(404);
    expect(shipmentOf(await kit.read(order._id), vendorA).status).toBe('Order Placed');
    expect((await call('GET', `/api/vendor/shipments/${a._id}`, admin)).statusCode).toBe(403);
  });

  it('moves only forward, answers 409 on a stale version and wants carrier and AWB on the road', async () => {
    const { order } = await twoVendorOrder();
    const a = shipmentOf(order, vendorA);
    const packed = await moved(vendorA, a, { status: 'Packaging' });
    expect(packed.shipment.status).toBe('Packaging');
    expect((await move(vendorA, a, { status: 'On The Road', carrier: 'DTDC', awb: 'X12345' })).statusCode).toBe(409);
    expect((await move(vendorA, packed.shipment, { status: 'Delivered' })).statusCode).toBe(409);
    expect((await move(vendorA, packed.shipment, { status: 'On The Road' })).statusCode).toBe(400);
    expect((await move(vendorA, packed.shipment, { status: 'Order Placed' })).statusCode).toBe(400);
    const shipped = await moved(vendorA, packed.shipment, ship);
    expect(shipped.shipment).toMatchObject({ status: 'On The Road', carrier: 'Delhivery', awb: 'DL123456789' });
    expect(shipped.shipment.shippedAt).not.toBeNull();
    expect((await move(vendorA, shipped.shipment, { status: 'Packaging' })).statusCode).toBe(409);
  });
});

describe('the order’s status is derived', () => {
  it('is the least advanced shipment’s: one vendor shipping leaves the order behind until all have', async () => {
    const { order } = await twoVendorOrder();
    const a = await moved(vendorA, shipmentOf(order, vendorA), ship);
    expect(a.orderStatus).toBe('Order Placed');
    let read = await kit.read(order._id);
    expect(read.status).toBe('Order Placed');
    await moved(vendorB, shipmentOf(read, vendorB), { status: 'Packaging' });
    await moved(admin, shipmentOf(read, null), { status: 'Packaging' });
    read = await kit.read(order._id);
    expect(read.status).toBe('Packaging');
    expect(read.statusHistory.map((entry) => entry.status)).toEqual(['Order Placed', 'Packaging']);
    await moved(vendorB, shipmentOf(read, vendorB), { ...ship, awb: 'BD99887766' });
    const last = await moved(admin, shipmentOf(read, null), ship);
    expect(last.orderStatus).toBe('On The Road');
    expect((await kit.read(order._id)).status).toBe('On The Road');
  });

  it('the spec’s order-status call moves every shipment behind to that status', async () => {
    const { order } = await twoVendorOrder();
    await moved(vendorA, shipmentOf(order, vendorA), ship);
    const res = await call('PUT', '/api/orders/admin/order-status', admin, { orderId: order._id, status: 'Packaging' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().order as Order;
    expect(after.status).toBe('Packaging');
    expect(shipmentOf(after, vendorA).status).toBe('On The Road');
    expect(shipmentOf(after, vendorB).status).toBe('Packaging');
    expect(shipmentOf(after, null).status).toBe('Packaging');
    for (const status of ['On The Road', 'Delivered'])
      expect(
        (await call('PUT', '/api/orders/admin/order-status', admin, { orderId: order._id, status })).statusCode,
      ).toBe(200);
    const delivered = await kit.read(order._id);
    expect(delivered.shipments?.every((s) => s.status === 'Delivered' && s.deliveredAt !== null)).toBe(true);
    expect(shipmentOf(delivered, vendorA).carrier).toBe('Delhivery');
  });
});

describe('partial dispatch', () => {
  it('ships the units named and leaves the rest in a new Packaging shipment of the same vendor', async () => {
    const { order, lineA } = await twoVendorOrder();
    const a = shipmentOf(order, vendorA);
    const first = await moved(vendorA, a, { ...ship, items: [{ itemId: lineA, quantity: 2 }] });
    expect(first.shipment.items).toEqual([{ itemId: lineA, quantity: 2 }]);
    expect(first.remainder).toMatchObject({ status: 'Packaging', items: [{ itemId: lineA, quantity: 1 }] });
    expect(first.remainder?.vendor?._id).toBe(String(vendorA.vendorId));
    expect(first.remainder?.shipBy).toBe(a.shipBy);
    const read = await kit.read(order._id);
    expect(read.shipments).toHaveLength(4);
    expect(
      (await move(vendorA, first.remainder as Shipment, { ...ship, items: [{ itemId: lineA, quantity: 2 }] }))
        .statusCode,
    ).toBe(400);
    const rest = await moved(vendorA, first.remainder as Shipment, { ...ship, awb: 'DL000000002' });
    expect(rest.remainder).toBeNull();
  });
});

describe('a vendor cancels their own unshipped units', () => {
  it('restores stock, totals and the ledger as the admin’s cancellation does, and counts in their rate', async () => {
    const { order, a, lineA, lineB } = await twoVendorOrder();
    const stockBefore = await kit.stock(a);
    const pendingBefore = (await money.balances(vendorA)).pending;
    const notMine = await call('POST', `/api/vendor/orders/${order._id}/cancel`, vendorA, {
      items: [{ itemId: lineB, quantity: 1 }],
      reason: 'Out of stock',
    });
    expect(notMine.statusCode).toBe(400);
    expect(
      (await call('POST', `/api/vendor/orders/${order._id}/cancel`, vendorA, { items: [], reason: 'x' })).statusCode,
    ).toBe(400);
    const res = await call('POST', `/api/vendor/orders/${order._id}/cancel`, vendorA, {
      items: [{ itemId: lineA, quantity: 2 }],
      reason: 'Out of stock',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shipments[0].items).toEqual([{ itemId: lineA, quantity: 1 }]);
    expect(await kit.stock(a)).toBe(stockBefore + 2);
    const read = await kit.read(order._id);
    expect(read.cancelledTotal).toBe(1000);
    expect(read.discountedTotal).toBe(2200 - 1000);
    expect((await money.balances(vendorA)).pending).toBeLessThan(pendingBefore);
    const perf = (await call('GET', '/api/vendor/performance', vendorA)).json();
    expect(perf.days30.sellerCancelledUnits).toBeGreaterThanOrEqual(2);
    expect(perf.thresholds).toEqual({ lateDispatchRate: 0.04, cancellationRate: 0.025 });
    // Shipped units are past the vendor's cancelling.
    const shipped = await moved(vendorA, shipmentOf(read, vendorA), ship);
    expect(shipped.shipment.status).toBe('On The Road');
    const late = await call('POST', `/api/vendor/orders/${order._id}/cancel`, vendorA, {
      items: [{ itemId: lineA, quantity: 1 }],
      reason: 'Out of stock',
    });
    expect(late.statusCode).toBe(400);
  });

  it('cancelling every unit of theirs cancels their shipment; the order follows the others', async () => {
    const { order, lineA } = await twoVendorOrder();
    const res = await call('POST', `/api/vendor/orders/${order._id}/cancel`, vendorA, {
      items: [{ itemId: lineA, quantity: 3 }],
      reason: 'Cannot fulfil',
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = await kit.read(order._id);
    expect(shipmentOf(read, vendorA).status).toBe('Cancelled');
    expect(read.status).toBe('Order Placed');
  });
});

describe('money follows the parcel', () => {
  it('a delivered shipment starts only its vendor’s hold', async () => {
    const { order } = await twoVendorOrder();
    const a = await moved(vendorA, shipmentOf(order, vendorA), ship);
    await moved(vendorA, a.shipment, { status: 'Delivered' });
    const holds = await t.db
      .selectFrom('orderPayoutHolds')
      .select(['vendorId'])
      .where('orderId', '=', Number(order._id))
      .execute();
    expect(holds.map((hold) => hold.vendorId)).toEqual([vendorA.vendorId]);
    expect((await kit.read(order._id)).status).toBe('Order Placed');
    const availableA = (await money.balances(vendorA)).available;
    const availableB = (await money.balances(vendorB)).available;
    await money.ageDeliveries(8, order._id);
    expect((await money.balances(vendorA)).available).toBeGreaterThan(availableA);
    expect((await money.balances(vendorB)).available).toBe(availableB);
  });
});

describe('queue, bulk, performance, couriers, late orders', () => {
  it('filters by status and late, moves in bulk with an AWB each, and counts what needs them today', async () => {
    const one = await twoVendorOrder();
    const two = await twoVendorOrder();
    const ids = [shipmentOf(one.order, vendorB)._id, shipmentOf(two.order, vendorB)._id];
    // Make the first late: its ship-by passed.
    await t.db
      .updateTable('shipments')
      .set({ shipBy: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', Number(ids[0]))
      .execute();
    const late = (await call('GET', '/api/vendor/shipments?late=true', vendorB)).json() as ShipmentListResponse;
    expect(late.shipments.map((s) => s._id)).toContain(ids[0]);
    expect(late.shipments.map((s) => s._id)).not.toContain(ids[1]);
    expect(late.shipments.find((s) => s._id === ids[0])?.late).toBe(true);
    const summary = (await call('GET', '/api/vendor/shipments/summary', vendorB)).json();
    expect(summary.late).toBeGreaterThanOrEqual(1);
    expect(summary.toPack).toBeGreaterThanOrEqual(2);
    const lateOrders = await call('GET', '/api/orders/admin/orders?limit=50&lateShipments=true', admin);
    expect(lateOrders.json().orders.map((o: Order) => o._id)).toContain(one.order._id);
    expect(lateOrders.json().orders.map((o: Order) => o._id)).not.toContain(two.order._id);

    const noAwbs = await call('POST', '/api/vendor/shipments/bulk', vendorB, { action: 'ship', ids, carrier: 'DTDC' });
    expect(noAwbs.statusCode).toBe(400);
    const bulk = await call('POST', '/api/vendor/shipments/bulk', vendorB, {
      action: 'ship',
      ids: [...ids, shipmentOf(one.order, vendorA)._id],
      carrier: 'DTDC',
      awbs: ['D1000001', 'D1000002', 'D1000003'],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toMatchObject({ done: 2, refused: [{ _id: shipmentOf(one.order, vendorA)._id }] });
    const found = (await call('GET', '/api/vendor/shipments?search=d1000002', vendorB)).json() as ShipmentListResponse;
    expect(found.shipments.map((s) => s._id)).toEqual([ids[1]]);
    const perf = (await call('GET', `/api/vendors/${vendorB.vendorId}/performance`, admin)).json();
    expect(perf.days30.dispatched).toBeGreaterThanOrEqual(2);
    expect(perf.days30.late).toBeGreaterThanOrEqual(1);
    expect(perf.days30.lateDispatchRate).toBeGreaterThan(0);
    expect(perf.days90.dispatched).toBeGreaterThanOrEqual(perf.days30.dispatched);
    expect((await call('GET', '/api/vendors/999999/performance', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/shipments/carriers', vendorB)).json().carriers).toContain('Delhivery');
  });

  it('ships a mixed selection in one go: the fresh ones on the road, the others refused with why and left as they were', async () => {
    const fresh = await twoVendorOrder();
    const onRoad = await twoVendorOrder();
    const stale = await twoVendorOrder();
    const other = await twoVendorOrder();
    const shipped = await moved(vendorB, shipmentOf(onRoad.order, vendorB), { ...ship, awb: 'B2000000' });
    const staleShown = shipmentOf(stale.order, vendorB);
    await moved(vendorB, staleShown, { status: 'Packaging' });
    const selection = [
      shipmentOf(fresh.order, vendorB),
      shipped.shipment,
      staleShown,
      shipmentOf(other.order, vendorA),
    ];
    const bulk = await call('POST', '/api/vendor/shipments/bulk', vendorB, {
      action: 'ship',
      ids: selection.map((row) => row._id),
      versions: selection.map((row) => row.updatedAt),
      carrier: 'DTDC',
      awbs: ['B2000001', 'B2000002', 'B2000003', 'B2000004'],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({
      success: true,
      message: '1 shipped, 3 skipped',
      done: 1,
      refused: [
        {
          _id: shipped.shipment._id,
          message: 'A shipment only moves forward: Order Placed → Packaging → On The Road → Delivered',
        },
        { _id: staleShown._id, message: 'Changed since it was selected. Review it again.' },
        { _id: shipmentOf(other.order, vendorA)._id, message: 'Not found: it may have been deleted' },
      ],
    });
    const now = async (order: Order, vendor: FixtureUser) => shipmentOf(await kit.read(order._id), vendor);
    expect(await now(fresh.order, vendorB)).toMatchObject({ status: 'On The Road', carrier: 'DTDC', awb: 'B2000001' });
    expect(await now(onRoad.order, vendorB)).toMatchObject({ status: 'On The Road', awb: 'B2000000' });
    expect(await now(stale.order, vendorB)).toMatchObject({ status: 'Packaging', awb: null });
    expect(await now(other.order, vendorA)).toMatchObject({ status: 'Order Placed', awb: null });
  });

  it('pages the queue by keyset without repeating a shipment', async () => {
    for (let i = 0; i < 3; i += 1) await twoVendorOrder();
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const res = await call(
        'GET',
        `/api/vendor/shipments?status=Order%20Placed&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        vendorA,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as ShipmentListResponse;
      seen.push(...page.shipments.map((s) => s._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect((await call('GET', '/api/vendor/shipments?cursor=nonsense', vendorA)).statusCode).toBe(400);
    expect((await call('GET', '/api/vendor/shipments?late=maybe', vendorA)).statusCode).toBe(400);
  });
});

describe("the queue's search (decision 0150)", () => {
  /** Places an order of one unit of `product` billed to `fullName`; answers it. */
  async function orderFor(product: number, fullName: string): Promise<Order> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: json(null),
      payload: JSON.stringify({
        items: [{ product, quantity: 1 }],
        billingInfo: {
          fullName,
          email: `${fullName.split(' ')[0]?.toLowerCase()}@example.test`,
          phone: '+91 90000 00000',
          note: null,
          address: { fullAddress: '12 Lake Road', city: 'Pune', province: 'Maharashtra' },
        },
        paymentMethod: 'UPI',
      }),
    });
    if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
    return res.json().order as Order;
  }

  let vendorC: FixtureUser;
  let zoya: { order: Order; shipment: Shipment };
  let arjun: { order: Order; shipment: Shipment };
  const found = async (text: string, as: FixtureUser = vendorC, extra = '') => {
    const res = await call('GET', `/api/vendor/shipments?search=${encodeURIComponent(text)}${extra}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ShipmentListResponse).shipments.map((s) => s._id).sort();
  };

  beforeAll(async () => {
    vendorC = await createVendor(t.db, { businessName: 'Gamma Goods' });
    const product = await kit.product(20_000, 50, vendorC.vendorId);
    const first = await orderFor(product, 'Zoya Qureshi-Khan');
    const second = await orderFor(product, 'Arjun Mehta');
    zoya = { order: first, shipment: shipmentOf(first, vendorC) };
    arjun = { order: second, shipment: shipmentOf(second, vendorC) };
    await moved(vendorC, zoya.shipment, { status: 'On The Road', carrier: 'DTDC', awb: 'ZQ778899AB' });
  });

  it('finds a shipment by its order tracking number, whole or its beginning, in any case', async () => {
    expect(await found(zoya.order.trackingNumber)).toEqual([zoya.shipment._id]);
    expect(await found(zoya.order.trackingNumber.toLowerCase())).toEqual([zoya.shipment._id]);
    const prefix = zoya.order.trackingNumber.slice(0, -2);
    const byPrefix = await found(prefix);
    expect(byPrefix).toContain(zoya.shipment._id);
    for (const id of byPrefix) expect([zoya.shipment._id, arjun.shipment._id]).toContain(id);
  });

  it('finds a shipment by its AWB, whole or its beginning, in any case, and not by its end', async () => {
    expect(await found('ZQ778899AB')).toEqual([zoya.shipment._id]);
    expect(await found('zq7788')).toEqual([zoya.shipment._id]);
    expect(await found('8899ab')).toEqual([]);
    expect((await call('GET', '/api/vendor/shipments?search=zq%00', vendorC)).statusCode).toBe(400);
  });

  it('finds a shipment by the beginning of any word of the customer’s name, or of several words', async () => {
    expect(await found('zoya')).toEqual([zoya.shipment._id]);
    expect(await found('QUR')).toEqual([zoya.shipment._id]);
    expect(await found('khan')).toEqual([zoya.shipment._id]);
    expect(await found('Zoya Qureshi')).toEqual([zoya.shipment._id]);
    expect(await found('arj meh')).toEqual([arjun.shipment._id]);
    expect(await found('zoya mehta')).toEqual([]);
    expect(await found('zoya', vendorC, '&status=Order%20Placed')).toEqual([]);
    expect(await found('arjun', vendorC, '&status=Order%20Placed')).toEqual([arjun.shipment._id]);
  });

  it('finds only the vendor’s own shipments, whatever the text', async () => {
    expect(await found('zoya', vendorA)).toEqual([]);
    expect(await found(zoya.order.trackingNumber, vendorA)).toEqual([]);
    expect(await found('zq7788', vendorB)).toEqual([]);
  });

  it('pages a searched queue by keyset with its total', async () => {
    // Both tracking numbers begin alike (HT and the date).
    const both = `/api/vendor/shipments?search=${zoya.order.trackingNumber.slice(0, 2)}&limit=1`;
    const first = (await call('GET', both, vendorC)).json() as ShipmentListResponse;
    expect(first.total).toBe(2);
    const second = (await call('GET', `${both}&cursor=${first.nextCursor}`, vendorC)).json() as ShipmentListResponse;
    expect([...first.shipments, ...second.shipments].map((s) => s._id).sort()).toEqual(
      [zoya.shipment._id, arjun.shipment._id].sort(),
    );
  });

  it('forgets the customer’s name when they are anonymised (decision 0120)', async () => {
    const product = await kit.product(20_000, 5, vendorC.vendorId);
    const placed = await orderFor(product, 'Nandini Varadarajan');
    const shipment = shipmentOf(placed, vendorC);
    expect(await found('varadaraj')).toEqual([shipment._id]);
    const owner = await t.db
      .selectFrom('orders')
      .select('userId')
      .where('id', '=', Number(placed._id))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/admin/${owner.userId}/anonymise`,
      headers: authAs(t.app, admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await found('varadaraj')).toEqual([]);
    expect(await found('nandini')).toEqual([]);
    expect(await found(placed.trackingNumber)).toEqual([shipment._id]);
    const left = await t.db
      .selectFrom('shipmentSearchTerms')
      .select('term')
      .where('shipmentId', '=', Number(shipment._id))
      .where('kind', '=', 'n')
      .execute();
    expect(left.map((row) => row.term)).not.toContain('varadarajan');
  });
});
