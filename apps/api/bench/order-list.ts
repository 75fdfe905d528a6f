import { orderStatuses } from '@haat/contract';
import { openBenchApp, runWhenExecuted } from './bench-app.js';
import { type BenchResult, measure } from './measure.js';

/**
 * The admin order list's reads on an existing store (`GET /api/orders/admin/orders`),
 * through the real app (`app.inject`: routing, access control, validation, SQL and
 * serialisation included, no network), as an admin, one call after another:
 * - a page of 50 without a search (the status filter varies);
 * - a searched page of 50 with its total, the search text varying with each
 *   iteration over three kinds, every third call also filtered by a status;
 * - the same searched page per kind of text: part of a tracking number, part of a
 *   customer's e-mail, and a 2-character text (which a trigram index cannot serve).
 * Search texts are drawn from orders spread over the whole store, in lower case (the
 * stored tracking numbers are upper case), so no one query is measured hot.
 * Target (order search issue): the searched page's p95 under 50 ms on SQLite with
 * 1,000,000 orders.
 *
 * Run alone: `DATABASE_URL=sqlite:.bench/large.db npx tsx --conditions=source apps/api/bench/order-list.ts [samples]`
 * (or a postgres:// URL); `npm run bench` runs it on the demo and the large store. The
 * database must hold an admin and orders (a seeded store); its pending migrations are
 * applied first.
 */
export async function benchOrderList(
  databaseUrl: string,
  options: { samples?: number; warmup?: number } = {},
): Promise<BenchResult[]> {
  const bench = await openBenchApp(databaseUrl);
  try {
    const { db, get } = bench;
    const range = await db
      .selectFrom('orders')
      .select((eb) => [eb.fn.min<number>('id').as('first'), eb.fn.max<number>('id').as('last')])
      .executeTakeFirstOrThrow();
    if (range.first === null || range.last === null) {
      throw new Error('No orders in this database: seed it first (npm run seed)');
    }

    // 300 orders spread evenly over the ids (so over the store's 14 months), with the account's e-mail.
    const first = Number(range.first);
    const step = Math.max(1, Math.floor((Number(range.last) - first) / 300));
    const ids = Array.from({ length: 300 }, (_, k) => first + k * step);
    const sample = await db
      .selectFrom('orders')
      .leftJoin('users', 'users.id', 'orders.userId')
      .select(['orders.trackingNumber', 'orders.billingEmail', 'users.email'])
      .where('orders.id', 'in', ids)
      .orderBy('orders.id')
      .execute();

    const tracking: string[] = [];
    const email: string[] = [];
    const short: string[] = [];
    sample.forEach((row, k) => {
      const code = row.trackingNumber.toLowerCase();
      // 4 to 8 characters from somewhere in the tracking number (date digits, code or both).
      const length = 4 + (k % 5);
      const start = k % Math.max(1, code.length - length + 1);
      tracking.push(code.slice(start, start + length));
      // The start of the e-mail, 3 to 12 characters: a first name alone matches many customers.
      const address = (k % 2 === 0 ? row.email : null) ?? row.billingEmail;
      email.push(address.slice(0, 3 + (k % 10)));
      // Two characters from the e-mail's local part or the tracking number.
      const source = k % 3 === 0 ? code : (address.split('@')[0] ?? address);
      const at = k % Math.max(1, source.length - 1);
      short.push(source.slice(at, at + 2));
    });
    const kinds = [tracking, email, short];
    const statuses = ['all', ...orderStatuses];
    const list = (query: string) => get(`/api/orders/admin/orders?limit=50&${query}`);
    const searched = (texts: string[], i: number, status = 'all') =>
      list(`search=${encodeURIComponent(texts[i % texts.length] ?? 'abc')}&status=${encodeURIComponent(status)}`);

    const runs = { samples: options.samples ?? 200, warmup: options.warmup ?? 20 };
    return [
      await measure(
        'page of 50, no search (status varies)',
        (i) => list(`status=${encodeURIComponent(statuses[i % statuses.length] as string)}`),
        runs,
      ),
      await measure(
        'searched page of 50 with total (mixed texts, every third call with a status)',
        (i) => {
          const round = Math.floor(i / kinds.length);
          const status = round % 3 === 2 ? (statuses[1 + (round % orderStatuses.length)] as string) : 'all';
          return searched(kinds[i % kinds.length] as string[], round, status);
        },
        runs,
      ),
      await measure('searched page: part of a tracking number', (i) => searched(tracking, i), runs),
      await measure('searched page: part of an e-mail', (i) => searched(email, i), runs),
      await measure('searched page: 2-character text', (i) => searched(short, i), runs),
    ];
  } finally {
    await bench.close();
  }
}

runWhenExecuted(import.meta.url, 'Order list reads', benchOrderList);
