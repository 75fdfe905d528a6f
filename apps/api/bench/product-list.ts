import { performance } from 'node:perf_hooks';
import { encodeCursor } from '../src/platform/db/lists.js';
import { openBenchApp, runWhenExecuted } from './bench-app.js';
import { type BenchResult, measure } from './measure.js';

/**
 * The product list's reads on an existing store, through the real app (`app.inject`:
 * routing, access control, validation, SQL and serialisation included, no network),
 * as an admin, one call after another:
 * - a filtered, searched page of 50 with its total (the search text and filters vary
 *   with each iteration, so no one query is measured hot);
 * - the second page of those searched lists, from the first page's cursor (scrolling);
 * - the unfiltered first page of 50;
 * - a deep page of 50 via a cursor (positions spread over the second half of the list);
 * - the counts endpoint the list footer reads;
 * - the storefront's paged list from a cursor at a random product (uncached).
 * Target (issue 3): the filtered, searched page's p95 under 30 ms on SQLite with
 * 100,000 products.
 *
 * Run alone: `DATABASE_URL=sqlite:.bench/large.db npx tsx --conditions=source apps/api/bench/product-list.ts [samples]`
 * (or a postgres:// URL); with `BENCH_SLOWEST=30` it also prints the 30 slowest
 * searched pages and their queries. `npm run bench` runs it on the demo and the large store. The
 * database must hold an admin and products (a seeded store); its pending migrations
 * are applied first.
 */
export async function benchProductList(
  databaseUrl: string,
  options: { samples?: number; warmup?: number } = {},
): Promise<BenchResult[]> {
  const bench = await openBenchApp(databaseUrl);
  try {
    const { db, get } = bench;
    const count = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const productCount = Number(count.n);
    if (productCount === 0) throw new Error('No products in this database: seed it first (npm run seed)');

    // Search texts drawn from the store itself: words of product names and brands
    // (common and rare alike) and SKU fragments, so each iteration asks something else.
    const sample = await db.selectFrom('products').select(['name', 'brand', 'sku']).orderBy('id').limit(400).execute();
    const words = new Set<string>();
    for (const row of sample) {
      for (const word of `${row.name} ${row.brand}`.split(/\s+/)) {
        if (word.length >= 3) words.add(word.toLowerCase().slice(0, 3 + (word.length % 4)));
      }
      words.add(row.sku.slice(-4));
    }
    const searches = [...words];
    const filters = [
      'status=active&stock=in-stock',
      'status=active',
      'stock=out-of-stock',
      'approval=approved&status=active',
      'approval=pending',
      'status=inactive',
      'sort=price-asc&status=active',
      'sort=name-asc',
    ];
    const searchedPage = (i: number) =>
      `/api/products/admin/all?limit=50&search=${encodeURIComponent(searches[i % searches.length] ?? 'abc')}&${filters[i % filters.length]}`;

    // Deep pages: cursors at positions spread over the second half of the newest-first list
    // (on a store of fewer than 51 products, the first).
    const deepCursors: string[] = [];
    for (let k = 0; k < 20; k++) {
      const offset = Math.floor(productCount / 2 + (k * productCount) / 2 / 20);
      const row = await db
        .selectFrom('products')
        .select(['id', 'createdAt'])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .offset(Math.max(0, Math.min(offset, productCount - 51)))
        .limit(1)
        .executeTakeFirstOrThrow();
      deepCursors.push(encodeCursor('newest', row.createdAt, row.id));
    }

    // The storefront's paged list (`GET /api/products?limit=50`, approved and active
    // products) from a cursor at a random product each time: every call a different
    // query, so the public list's cache (decision 0026) never answers it.
    const randomCursors: string[] = [];
    const maxId = Number(
      (
        await db
          .selectFrom('products')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id,
    );
    for (let k = 0; k < 500; k++) {
      const row = await db
        .selectFrom('products')
        .select(['id', 'createdAt'])
        .where('id', '>=', 1 + Math.floor((maxId * ((k * 7919) % 500)) / 500))
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (row) randomCursors.push(encodeCursor('newest', row.createdAt, row.id));
    }

    const runs = { samples: options.samples ?? 200, warmup: options.warmup ?? 20 };
    // Each call of the searched page, timed, so that the slowest can be named
    // (BENCH_SLOWEST), with its answer, read after the measuring for its cursor.
    const searchedCalls: Array<{ url: string; ms: number; body: string }> = [];
    const timedSearch = async (i: number) => {
      const start = performance.now();
      const { body } = await get(searchedPage(i));
      searchedCalls.push({ url: searchedPage(i), ms: performance.now() - start, body });
    };
    const searched = await measure('filtered + searched page of 50 with total', timedSearch, runs);
    const measuredSearches = searchedCalls.slice(-runs.samples);
    printSlowest(measuredSearches, Number(process.env.BENCH_SLOWEST ?? 0));

    // The second page of the same searched queries, as a staff member scrolling asks for
    // it: each first page was fetched just above, and its answer holds the cursor.
    const secondPages = measuredSearches.flatMap(({ url, body }) => {
      const { nextCursor } = JSON.parse(body) as { nextCursor: string | null };
      return nextCursor ? [`${url}&cursor=${encodeURIComponent(nextCursor)}`] : [];
    });
    // A store too small for any searched list to reach a second page has none to measure.
    const scrolling =
      secondPages.length === 0
        ? []
        : [
            await measure(
              'searched page 2 via cursor (scrolling)',
              (i) => get(secondPages[i % secondPages.length] as string),
              runs,
            ),
          ];
    return [
      searched,
      ...scrolling,
      await measure('unfiltered first page of 50', () => get('/api/products/admin/all?limit=50'), runs),
      await measure(
        'deep page of 50 via cursor',
        (i) => get(`/api/products/admin/all?limit=50&cursor=${deepCursors[i % deepCursors.length]}`),
        runs,
      ),
      await measure('GET /api/products/admin/count', () => get('/api/products/admin/count'), runs),
      await measure(
        'public page of 50 via cursor (uncached)',
        (i) => get(`/api/products?limit=50&cursor=${randomCursors[i % randomCursors.length]}`),
        runs,
      ),
    ];
  } finally {
    await bench.close();
  }
}

/**
 * Prints the `count` slowest of the measured calls (none when 0), slowest first, each
 * with its time in milliseconds and its query: where the tail of a scenario comes from.
 */
function printSlowest(calls: Array<{ url: string; ms: number }>, count: number) {
  if (count <= 0) return;
  console.log(`The ${count} slowest searched pages (ms, query):`);
  for (const call of [...calls].sort((a, b) => b.ms - a.ms).slice(0, count)) {
    console.log(`  ${call.ms.toFixed(1).padStart(7)}  ${decodeURIComponent(call.url.split('?')[1] ?? '')}`);
  }
}

runWhenExecuted(import.meta.url, 'Product list reads', benchProductList);
