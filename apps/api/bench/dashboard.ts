import { openBenchApp, runWhenExecuted } from './bench-app.js';
import { type BenchResult, measure } from './measure.js';

/**
 * The dashboard's reads on an existing store: `GET /api/dashboard/summary`,
 * `GET /api/orders/admin/stats` and a first page of `GET /api/orders/admin/orders?limit=50`,
 * each called one after another through the real app (`app.inject`: routing,
 * access control, validation and serialisation included, no network).
 * Targets (foundation issue): summary p95 under 50 ms on the demo store, under
 * 500 ms on a store of 1,000,000 orders.
 *
 * Run alone: `DATABASE_URL=sqlite:.bench/large.db npx tsx --conditions=source apps/api/bench/dashboard.ts`
 * (or a postgres:// URL). The database must hold an admin (a seeded store).
 */
export async function benchDashboard(
  databaseUrl: string,
  options: { samples?: number; warmup?: number } = {},
): Promise<BenchResult[]> {
  const bench = await openBenchApp(databaseUrl);
  try {
    const call = (url: string) => () => bench.get(url);
    const runs = { samples: options.samples ?? 200, warmup: options.warmup ?? 20 };
    const scenarios: [string, string][] = [
      ['GET /api/dashboard/summary', '/api/dashboard/summary'],
      ['GET /api/orders/admin/stats', '/api/orders/admin/stats'],
      ['GET /api/orders/admin/orders?limit=50 (first page)', '/api/orders/admin/orders?limit=50'],
    ];
    const results: BenchResult[] = [];
    for (const [name, url] of scenarios) results.push(await measure(name, call(url), runs));
    return results;
  } finally {
    await bench.close();
  }
}

runWhenExecuted(import.meta.url, 'Dashboard reads', benchDashboard);
