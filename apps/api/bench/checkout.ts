import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/platform/db/create-db.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { seedDemoStoreIfEmpty } from '../src/seed/demo-store.js';

/**
 * Checkout throughput: `POST /api/orders` through the real app (`app.inject`: rate
 * limit, validation, the checkout transaction, the order re-read and serialisation; no
 * network) on a freshly seeded demo store whose products get ample stock, with 1
 * client placing orders one after another and with 20 clients at once. Every order
 * has 1 to 3 lines and one in three a coupon; orders per second = orders / wall time.
 *
 * Run alone: `npx tsx --conditions=source apps/api/bench/checkout.ts [sqlite|postgres]`;
 * PostgreSQL needs `BENCH_POSTGRES_URL` (a server URL; a scratch database is created
 * and dropped).
 */

export interface ThroughputResult {
  name: string;
  orders: number;
  clients: number;
  ordersPerSecond: number;
  p50Ms: number;
  p95Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

async function prepare(kind: 'sqlite' | 'postgres'): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const path = '.bench/checkout.db';
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    return { url: `sqlite:${path}`, drop: async () => undefined };
  }
  const server = process.env.BENCH_POSTGRES_URL;
  if (!server) throw new Error('Set BENCH_POSTGRES_URL to a PostgreSQL server URL');
  const name = `haat_bench_checkout_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Measures checkout with 1 and with 20 concurrent clients on a fresh demo store. */
export async function benchCheckout(kind: 'sqlite' | 'postgres', { orders = 1000 } = {}): Promise<ThroughputResult[]> {
  const target = await prepare(kind);
  const config = loadConfig({
    DATABASE_URL: target.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    CHECKOUT_RATE_LIMIT: '1000000',
  });
  const database = createDb(config.databaseUrl, { poolSize: 10 });
  await migrateToLatest(database.db);
  await seedDemoStoreIfEmpty(database.db);
  await database.db.updateTable('products').set({ stockQuantity: 10_000_000 }).execute();
  const app = await buildApp({ config, database, webRoot: null, logger: false });
  await app.ready();
  try {
    const products = (
      await database.db
        .selectFrom('products')
        .select('id')
        .where('status', '=', 'active')
        .where('approvalStatus', '=', 'approved')
        .execute()
    ).map((row) => row.id);
    const coupons = (
      await database.db
        .selectFrom('coupons')
        .select('code')
        .where('usageLimit', 'is', null)
        .where('isActive', '=', true)
        .execute()
    ).map((row) => row.code);
    let sequence = 0;
    const place = async () => {
      const n = ++sequence;
      const lines = 1 + (n % 3);
      const items = Array.from({ length: lines }, (_, i) => ({
        product: products[(n * 7 + i * 13) % products.length] as number,
        quantity: 1 + ((n + i) % 2),
      }));
      const start = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${kind}-${n}` },
        payload: JSON.stringify({
          items,
          billingInfo: {
            fullName: 'Bench Shopper',
            email: `bench${n % 500}@example.test`,
            phone: '+91 90000 00000',
            address: { fullAddress: '1 Bench Road', city: 'Pune', province: 'Maharashtra' },
          },
          paymentMethod: 'UPI',
          // A coupon that does not apply is refused (400): counted, as a storefront would see it.
          couponCode: n % 3 === 0 && coupons.length > 0 ? coupons[n % coupons.length] : null,
        }),
      });
      if (res.statusCode >= 500) throw new Error(`checkout answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return performance.now() - start;
    };

    const results: ThroughputResult[] = [];
    for (let i = 0; i < 30; i++) await place(); // warm-up
    for (const clients of [1, 20]) {
      const times: number[] = [];
      let remaining = orders;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (remaining > 0) {
            remaining -= 1;
            times.push(await place());
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      times.sort((a, b) => a - b);
      const round = (value: number) => Math.round(value * 100) / 100;
      results.push({
        name: `${kind}: POST /api/orders, ${clients} ${clients === 1 ? 'client' : 'concurrent clients'}`,
        orders,
        clients,
        ordersPerSecond: Math.round(orders / elapsed),
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
      });
    }
    return results;
  } finally {
    await app.close();
    await database.close();
    await target.drop();
  }
}

/** Prints results as a Markdown table (pasted into docs/performance.md). */
export function printThroughput(results: ThroughputResult[]): void {
  console.log('| scenario | orders | orders/s | p50 ms | p95 ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const r of results) console.log(`| ${r.name} | ${r.orders} | ${r.ordersPerSecond} | ${r.p50Ms} | ${r.p95Ms} |`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const kinds = (process.argv[2] ? [process.argv[2]] : ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
  for (const kind of kinds) {
    if (kind === 'postgres' && !process.env.BENCH_POSTGRES_URL) continue;
    printThroughput(await benchCheckout(kind));
  }
}
