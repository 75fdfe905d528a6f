import { openBenchApp, runWhenExecuted } from './bench-app.js';
import { type BenchResult, measure } from './measure.js';

/**
 * The top bar's global search (`GET /api/search?q=`, issue 10) on an existing store,
 * through the real app (`app.inject`: routing, access control, validation, every
 * kind's lookup and serialisation; no network), as an admin (every kind searched),
 * one call after another. Texts vary with each call, drawn from records spread over
 * the whole store:
 * - a whole tracking number (the exact match an order number search is);
 * - a whole SKU, in lower case;
 * - 2- and 3-character prefixes of product names;
 * - words from product names (4 to 8 characters);
 * - texts nothing contains (misses);
 * and all of them mixed. Target (issue 10): p95 under 50 ms on 1,000,000 products and
 * 1,000,000 orders.
 *
 * Run alone: `DATABASE_URL=sqlite:.bench/large.db npx tsx --conditions=source apps/api/bench/global-search.ts [samples]`
 * (or a postgres:// URL); `npm run bench` runs it on the demo and the large store.
 */
export async function benchGlobalSearch(
  databaseUrl: string,
  options: { samples?: number; warmup?: number } = {},
): Promise<BenchResult[]> {
  const bench = await openBenchApp(databaseUrl);
  try {
    const { db, get } = bench;
    const spread = async (table: 'orders' | 'products') => {
      const range = await db
        .selectFrom(table)
        .select((eb) => [eb.fn.min<number>('id').as('first'), eb.fn.max<number>('id').as('last')])
        .executeTakeFirstOrThrow();
      if (range.first === null || range.last === null) throw new Error(`No ${table}: seed the store first`);
      const first = Number(range.first);
      const step = Math.max(1, Math.floor((Number(range.last) - first) / 200));
      return Array.from({ length: 200 }, (_, k) => first + k * step);
    };
    const orders = await db
      .selectFrom('orders')
      .select('trackingNumber')
      .where('id', 'in', await spread('orders'))
      .execute();
    const products = await db
      .selectFrom('products')
      .select(['name', 'sku'])
      .where('id', 'in', await spread('products'))
      .execute();

    const tracking = orders.map((o) => o.trackingNumber);
    const skus = products.map((p) => p.sku.toLowerCase());
    const words = products.flatMap((p) => p.name.split(/[^A-Za-z]+/).filter((w) => w.length >= 4 && w.length <= 8));
    const prefixes = products.flatMap((p, k) => [p.name.slice(0, 2 + (k % 2))]).filter((t) => t.trim().length >= 2);
    const misses = Array.from({ length: 200 }, (_, k) => `zq${(k * 7919).toString(36)}xj`);
    const kinds = [tracking, skus, prefixes, words, misses];
    const pick = (list: string[], i: number) => list[i % list.length] as string;
    const search = (text: string) => get(`/api/search?q=${encodeURIComponent(text)}`);
    const runs = { samples: options.samples ?? 200, warmup: options.warmup ?? 20 };

    return [
      await measure(
        'global search, mixed texts',
        (i) => search(pick(kinds[i % kinds.length] as string[], Math.floor(i / kinds.length))),
        runs,
      ),
      await measure('global search: a whole tracking number', (i) => search(pick(tracking, i)), runs),
      await measure('global search: a whole SKU', (i) => search(pick(skus, i)), runs),
      await measure('global search: 2-3 character prefixes', (i) => search(pick(prefixes, i)), runs),
      await measure('global search: words of product names', (i) => search(pick(words, i)), runs),
      await measure('global search: misses', (i) => search(pick(misses, i)), runs),
    ];
  } finally {
    await bench.close();
  }
}

runWhenExecuted(import.meta.url, 'Global search', benchGlobalSearch);
