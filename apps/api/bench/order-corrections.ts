import {
  cancelOrderInTransaction,
  recordReturnInTransaction,
} from '../src/features/orders/order-corrections.service.js';
import { ledgerSubscribers } from '../src/features/payouts/payouts.subscribers.js';
import { createDb } from '../src/platform/db/create-db.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { runTransaction } from '../src/platform/db/transactions.js';
import { createEventBus } from '../src/platform/events/event-bus.js';

/**
 * Issue 24: puts cancellations and returns into a large store through the services
 * (as the demo seeder does), so the dashboard's bench (`dashboard.ts`) measures a store
 * where orders went wrong. Of the orders not yet on the road, every second one is
 * cancelled whole and every fifth loses one unit of its first line; every 30th delivered
 * order gets one unit back (every other one restocked), refunded in full.
 *
 * `DATABASE_URL=<store> npx tsx --conditions=source apps/api/bench/order-corrections.ts`
 * Run once per store: a second run finds those orders cancelled or returned already and
 * skips them.
 */

const BATCH = 500;

/** As the demo seeder's: the corrections are booked in the ledger, but tell no one and log nothing. */
const ledgerOnly = createEventBus(ledgerSubscribers);

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the store');
  const database = createDb(url);
  const { db } = database;
  await migrateToLatest(db);
  const admin = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  const actor = { userId: admin.id, role: 'admin' as const, name: admin.name };
  const open = await db
    .selectFrom('orders')
    .select(['id', 'updatedAt'])
    .where('status', 'in', ['Order Placed', 'Packaging'])
    .orderBy('id')
    .execute();
  const delivered = await db
    .selectFrom('orders')
    .select(['id', 'updatedAt'])
    .where('status', '=', 'Delivered')
    .where('refundedTotalPaise', '=', 0)
    .orderBy('id')
    .execute();
  const started = performance.now();
  let cancelled = 0;
  let partly = 0;
  let returned = 0;

  const work: { id: number; updatedAt: string; kind: 'whole' | 'partial' | 'return'; index: number }[] = [];
  open.forEach((order, index) => {
    if (index % 2 === 0) work.push({ ...order, kind: 'whole', index });
    else if (index % 5 === 1) work.push({ ...order, kind: 'partial', index });
  });
  delivered.forEach((order, index) => {
    if (index % 30 === 0) work.push({ ...order, kind: 'return', index });
  });

  for (let start = 0; start < work.length; start += BATCH) {
    await runTransaction(db, async (trx) => {
      for (const order of work.slice(start, start + BATCH)) {
        const [line] = await trx
          .selectFrom('orderItems')
          .select(['id', 'quantity', 'cancelledQuantity', 'returnedQuantity'])
          .where('orderId', '=', order.id)
          .orderBy('id')
          .execute();
        if (!line || line.quantity - line.cancelledQuantity - line.returnedQuantity === 0) continue;
        if (order.kind === 'return') {
          await recordReturnInTransaction(trx, ledgerOnly, actor, order.id, {
            items: [{ itemId: line.id, quantity: 1 }],
            reason: 'damaged',
            restock: order.index % 2 === 0,
            updatedAt: order.updatedAt,
          });
          returned += 1;
        } else {
          const whole = order.kind === 'whole' || line.quantity === 1;
          await cancelOrderInTransaction(trx, ledgerOnly, actor, order.id, {
            reason: 'Bench cancellation',
            ...(whole ? {} : { items: [{ itemId: line.id, quantity: 1 }] }),
            updatedAt: order.updatedAt,
          });
          if (order.kind === 'whole') cancelled += 1;
          else partly += 1;
        }
      }
    });
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${cancelled} orders cancelled whole, ${partly} partly, ${returned} returns, in ${seconds.toFixed(1)} s (${(
      (cancelled + partly + returned) / seconds
    ).toFixed(0)} a second)`,
  );
  await database.close();
}

await main();
