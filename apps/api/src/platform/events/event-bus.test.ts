import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { activitySubscribers } from '../../features/activity/activity.subscribers.js';
import { orderNotifications } from '../../features/notifications/subscribers/orders.js';
import { cancelOrderInTransaction } from '../../features/orders/order-corrections.service.js';
import { ledgerSubscribers } from '../../features/payouts/payouts.subscribers.js';
import { createAdmin, createVendor, type FixtureUser } from '../../test/fixtures.js';
import { storeKit } from '../../test/store-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { Db } from '../db/create-db.js';
import { runTransaction } from '../db/transactions.js';
import type { DomainEventOf, LineTakenBack, PlacedLine } from './domain-events.js';
import { type AnySubscriber, createEventBus, subscribe } from './event-bus.js';

/**
 * Decision 0114: an event's subscribers run in the publisher's transaction, in the
 * order the app listed them, so a change and its side effects commit together or not
 * at all.
 */

let t: TestApp;
let admin: FixtureUser;
let vendor: FixtureUser;
let kit: ReturnType<typeof storeKit>;

beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
  admin = await createAdmin(t.db, { name: 'Asha Admin' });
  vendor = await createVendor(t.db);
  kit = storeKit(t, admin);
});
afterAll(() => t.close());

const delivered = { type: 'order.delivered', orderId: 1, at: '2026-12-20T08:00:00.000Z' } as const;

describe('createEventBus', () => {
  it("runs an event's subscribers one after the other, in the order listed, and no other event's", async () => {
    const ran: string[] = [];
    const step = (name: string) =>
      subscribe('order.delivered', name, async () => {
        ran.push(`${name} starts`);
        // A subscriber that waits does not let the next one start before it is done.
        await new Promise((resolve) => setImmediate(resolve));
        ran.push(`${name} ends`);
      });
    const bus = createEventBus([
      step('first'),
      subscribe('order.placed', 'another event', async () => {
        ran.push('another event');
      }),
      step('second'),
      step('third'),
    ]);
    await runTransaction(t.db, (trx) => bus.publish(trx, delivered));
    expect(ran).toEqual(['first starts', 'first ends', 'second starts', 'second ends', 'third starts', 'third ends']);
    expect(bus.subscribersOf('order.delivered')).toEqual(['first', 'second', 'third']);
    expect(bus.subscribersOf('order.returned')).toEqual([]);
  });

  it('publishes many events of a kind: a subscriber with handleAll takes them at once, one without takes them one by one, in turn', async () => {
    const ran: string[] = [];
    const second = { ...delivered, orderId: 2 };
    const bus = createEventBus([
      subscribe('order.delivered', 'one by one', async (_trx, event) => {
        ran.push(`one ${event.orderId}`);
      }),
      subscribe(
        'order.delivered',
        'all at once',
        async (_trx, event) => {
          ran.push(`single ${event.orderId}`);
        },
        async (_trx, events) => {
          ran.push(`all ${events.map((event) => event.orderId).join(',')}`);
        },
      ),
    ]);
    await runTransaction(t.db, (trx) => bus.publishAll(trx, 'order.delivered', [delivered, second]));
    expect(ran).toEqual(['one 1', 'one 2', 'all 1,2']);
    // Published alone, the same subscriber takes its event through `handle`.
    ran.length = 0;
    await runTransaction(t.db, (trx) => bus.publish(trx, second));
    expect(ran).toEqual(['one 2', 'single 2']);
    await expect(bus.publishAll(t.db, 'order.delivered', [delivered])).rejects.toThrow(/outside a transaction/);
    await expect(
      runTransaction(t.db, (trx) =>
        bus.publishAll(trx, 'order.delivered', [{ type: 'order.placed', orderId: 1, lines: [], at: '' }] as never),
      ),
    ).rejects.toThrow(/another kind/);
  });

  it("hands each subscriber the publisher's transaction", async () => {
    let seen: Db | undefined;
    const bus = createEventBus([
      subscribe('order.delivered', 'remember the handle', async (trx) => {
        seen = trx;
      }),
    ]);
    let publisher: Db | undefined;
    await runTransaction(t.db, async (trx) => {
      publisher = trx;
      await bus.publish(trx, delivered);
    });
    expect(seen).toBeDefined();
    expect(seen).toBe(publisher);
  });

  it('refuses to publish outside a transaction, running no subscriber', async () => {
    let ran = false;
    const bus = createEventBus([
      subscribe('order.delivered', 'would write', async () => {
        ran = true;
      }),
    ]);
    await expect(bus.publish(t.db, delivered)).rejects.toThrow('order.delivered was published outside a transaction');
    expect(ran).toBe(false);
  });

  it('rolls the whole cancellation back when a subscriber throws: the order, the stock, the ledger, the bell and the log keep nothing of it', async () => {
    const product = await kit.product(40_000, 5, vendor.vendorId);
    const order = await kit.placed([{ product, quantity: 2 }]);
    const orderId = Number(order._id);
    const snapshot = async () => ({
      order: await t.db
        .selectFrom('orders')
        .select(['status', 'discountedTotalPaise', 'cancelledTotalPaise', 'updatedAt'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow(),
      stock: await kit.stock(product),
      cancellations: (await t.db.selectFrom('orderCancellations').select('id').where('orderId', '=', orderId).execute())
        .length,
      ledger: (await t.db.selectFrom('vendorLedgerEntries').select('id').where('orderId', '=', orderId).execute())
        .length,
      balance: await t.db
        .selectFrom('vendorBalances')
        .selectAll()
        .where('vendorId', '=', vendor.vendorId as number)
        .executeTakeFirst(),
      notices: (await t.db.selectFrom('notifications').select('id').where('kind', '=', 'order_cancelled').execute())
        .length,
      activity: (await t.db.selectFrom('activityLog').select('id').where('recordKind', '=', 'order').execute()).length,
    });
    const before = await snapshot();
    const heard: string[] = [];
    const failing: AnySubscriber = subscribe('order.cancelled', 'fail last', async (_trx, event) => {
      heard.push(event.order.trackingNumber);
      throw new Error('the last subscriber failed');
    });
    const bus = createEventBus([
      ...ledgerSubscribers,
      ...orderNotifications({ lowStockThreshold: 1 }),
      ...activitySubscribers,
      failing,
    ]);
    const actor = { userId: admin.id, role: 'admin' as const, name: admin.name };
    const body = { reason: 'Customer changed their mind', updatedAt: order.updatedAt };

    await expect(
      runTransaction(t.db, (trx) => cancelOrderInTransaction(trx, bus, actor, orderId, body)),
    ).rejects.toThrow('the last subscriber failed');
    expect(heard).toEqual([order.trackingNumber]);
    expect(await snapshot()).toEqual(before);

    // The same cancellation through the app's own bus commits every one of those writes.
    const res = await kit.cancel(admin, order._id, body);
    expect(res.statusCode, res.body).toBe(200);
    const after = await snapshot();
    expect(after.order.status).toBe('Cancelled');
    expect(after.stock).toBe(before.stock + 2);
    expect(after.cancellations).toBe(before.cancellations + 1);
    expect(after.ledger).toBeGreaterThan(before.ledger);
    expect(after.notices).toBe(before.notices + 1);
    expect(after.activity).toBe(before.activity + 1);
  });
});

describe("the app's bus", () => {
  it('books the money first, then issues the documents, then tells people, then logs the change', () => {
    expect(t.app.events.subscribersOf('order.cancelled')).toEqual([
      'take the cancelled units back',
      'issue credit notes for invoiced units cancelled',
      'tell vendors of their units cancelled',
      "tell the order staff of a vendor's own cancellation",
      'log the cancellation',
    ]);
    expect(t.app.events.subscribersOf('payout.paid')).toEqual([
      'tell the vendor of their payout',
      'mail the vendor their payout',
      'log the payout marked Paid',
    ]);
  });
});

describe('the events and their payloads (checked by the typecheck)', () => {
  it("types each subscriber's event by its name and refuses a payload not of its event", () => {
    const cancelled = subscribe('order.cancelled', 'typed', async (_trx, event) => {
      expectTypeOf(event.lines).toEqualTypeOf<readonly LineTakenBack[]>();
      expectTypeOf(event.actor.userId).toEqualTypeOf<number>();
    });
    expectTypeOf(cancelled.handle).parameter(1).toEqualTypeOf<DomainEventOf<'order.cancelled'>>();
    expectTypeOf<DomainEventOf<'order.placed'>['lines'][number]>().toEqualTypeOf<PlacedLine>();
    // Never called: the typecheck reads it.
    const refused = (trx: Db) => {
      const bus = createEventBus([cancelled]);
      // @ts-expect-error `order.delivered` needs its `at`
      void bus.publish(trx, { type: 'order.delivered', orderId: 1 });
      // @ts-expect-error `order.placed` carries its lines and total, not a tracking number alone
      void bus.publish(trx, { type: 'order.placed', orderId: 1, trackingNumber: 'HT1', at: '' });
    };
    expectTypeOf(refused).toBeFunction();
  });
});
