import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAs, createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { openEventStream } from '../../test/sse.js';
import { buildSiblingApp, createTestApp, type TestApp } from '../../test/test-app.js';
import { createOwnedProduct } from '../../test/vendor-fixtures.js';

/**
 * Several API processes on one PostgreSQL database (decision 0066): a write through
 * one app reaches the streams of another through LISTEN/NOTIFY, only after commit, and
 * closing an app closes its streams and its LISTEN connection.
 */

let t: TestApp;
let sibling: FastifyInstance;
let admin: FixtureUser;
let vendor: FixtureUser;

beforeAll(async () => {
  t = await createTestApp({ CONTACT_RATE_LIMIT: '1000' });
  sibling = await buildSiblingApp(t);
  admin = await createAdmin(t.db);
  vendor = await createVendor(t.db);
});
afterAll(async () => {
  await sibling.close();
  await t.close();
});

/** How many LISTEN connections the server holds on this database. */
/** The connections listening for notifications (the job runner listens on a channel of its own, decision 0116). */
async function listenConnections(): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN haat_notifications%'`.execute(t.db);
  return Number(rows[0]?.count ?? 0);
}

describe('GET /api/notifications/stream on two app instances over one database', () => {
  it('delivers an event written through one app to a stream on the other', async () => {
    const stream = await openEventStream(sibling, '/api/notifications/stream', authAs(sibling, admin));
    expect(stream.status).toBe(200);
    expect(await stream.next()).toEqual({ event: 'notification', data: { unread: 0 } });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Across', email: 'across@example.test', message: 'Hello from the other process' },
    });
    expect(res.statusCode).toBe(201);
    expect(await stream.next()).toEqual({ event: 'notification', data: { unread: 1 } });

    // The list read through the sibling agrees: the database is the truth.
    const listed = await sibling.inject({ method: 'GET', url: '/api/notifications', headers: authAs(sibling, admin) });
    expect(listed.json()).toMatchObject({ unread: 1, total: 1 });

    // A vendor's approval through the first app reaches the vendor's stream on the second.
    const vendorStream = await openEventStream(sibling, '/api/notifications/stream', authAs(sibling, vendor));
    expect(await vendorStream.next()).toEqual({ event: 'notification', data: { unread: 0 } });
    const product = await createOwnedProduct(t.db, vendor.vendorId, { status: 'pending', approvalStatus: 'pending' });
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/products/admin/approve/${product.id}`,
      headers: authAs(t.app, admin),
      payload: { isApproved: true },
    });
    expect(approved.statusCode).toBe(200);
    expect(await vendorStream.next()).toEqual({ event: 'notification', data: { unread: 1 } });
    stream.close();
    vendorStream.close();
  });

  it('a rolled-back write signals no one', async () => {
    const watcher = await createAdmin(t.db);
    const stream = await openEventStream(sibling, '/api/notifications/stream', authAs(sibling, watcher));
    expect(await stream.next()).toEqual({ event: 'notification', data: { unread: 0 } });
    const scarce = await createOwnedProduct(t.db, null);
    // Stock 5 in the fixture: asking for 6 is refused, rolling back the whole checkout.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ product: scarce.id, quantity: 6 }],
        billingInfo: {
          fullName: 'Meera Shopper',
          email: 'rollback@example.test',
          phone: '+91 90000 00000',
          note: null,
          address: { fullAddress: '12 Lake Road', city: 'Pune', province: 'Maharashtra' },
        },
        paymentMethod: 'Cash on Delivery',
      },
    });
    expect(refused.statusCode).toBe(409);
    // The next event the watcher gets is the contact message sent after, not the refused order.
    await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'After', email: 'after@example.test', message: 'Next' },
    });
    expect(await stream.next()).toEqual({ event: 'notification', data: { unread: 1 } });
    const listed = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: authAs(t.app, watcher) });
    expect(listed.json().notifications.map((n: { kind: string }) => n.kind)).toEqual(['contact_received']);
    stream.close();
  });

  it('closing an app ends its streams and its LISTEN connection', async () => {
    const before = await listenConnections();
    const third = await buildSiblingApp(t);
    expect(await listenConnections()).toBe(before + 1);
    const stream = await openEventStream(third, '/api/notifications/stream', authAs(third, admin));
    expect(stream.status).toBe(200);
    await third.close();
    await stream.ended;
    expect(await listenConnections()).toBe(before);
  });
});
