import { issueToken } from '../src/platform/auth/sessions.js';
import { openBenchApp, runWhenExecuted } from './bench-app.js';
import { type BenchResult, measure } from './measure.js';

/**
 * Issue 25's reads and its payout run on an existing store (`npm run seed -- ...
 * --vendors 1000`), through the real app (`app.inject`):
 * - a vendor's balances and first ledger page, `GET /api/vendor/earnings?limit=50`, as
 *   the vendor with the most entries (target p95 under 20 ms at 1,000,000 orders);
 * - the Payouts screen's first page, `GET /api/payouts/admin/balances?limit=50`, by
 *   available balance and by name, and the payout history's (target under 50 ms);
 * - one "Pay all", `POST /api/payouts/admin`, timed once (target under 5 s for 1,000
 *   vendors); its payouts are then marked Failed, which puts their money back as
 *   available, so the bench can run again on the same store.
 *
 * Run alone: `DATABASE_URL=sqlite:.bench/large.db npx tsx --conditions=source apps/api/bench/payouts.ts`
 */
export async function benchPayouts(
  databaseUrl: string,
  options: { samples?: number; warmup?: number } = {},
): Promise<BenchResult[]> {
  const bench = await openBenchApp(databaseUrl);
  try {
    const runs = { samples: options.samples ?? 200, warmup: options.warmup ?? 20 };
    const busiest = await bench.db
      .selectFrom('vendorLedgerEntries as e')
      .innerJoin('vendors as v', 'v.id', 'e.vendorId')
      .innerJoin('users as u', 'u.id', 'v.userId')
      .select((eb) => ['u.id', 'u.tokenVersion', eb.fn.countAll<number>().as('entries')])
      .groupBy(['u.id', 'u.tokenVersion'])
      .orderBy('entries', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const vendorToken = issueToken(bench.app, { id: busiest.id, role: 'vendor', tokenVersion: busiest.tokenVersion });
    const asVendor = async (url: string) => {
      const res = await bench.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${vendorToken}` } });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    };
    const results: BenchResult[] = [
      await measure(
        `GET /api/vendor/earnings?limit=50 (a vendor of ${Number(busiest.entries).toLocaleString('en-IN')} entries)`,
        () => asVendor('/api/vendor/earnings?limit=50'),
        runs,
      ),
      await measure(
        'GET /api/payouts/admin/balances?limit=50 (largest available first)',
        () => bench.get('/api/payouts/admin/balances?limit=50'),
        runs,
      ),
      await measure(
        'GET /api/payouts/admin/balances?limit=50&sort=name',
        () => bench.get('/api/payouts/admin/balances?limit=50&sort=name'),
        runs,
      ),
      await measure('GET /api/payouts/admin?limit=50', () => bench.get('/api/payouts/admin?limit=50'), runs),
    ];

    const admin = await bench.db
      .selectFrom('users')
      .select(['id', 'tokenVersion'])
      .where('role', '=', 'admin')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const headers = {
      authorization: `Bearer ${issueToken(bench.app, { id: admin.id, role: 'admin', tokenVersion: admin.tokenVersion })}`,
      'content-type': 'application/json',
    };
    const started = performance.now();
    const res = await bench.app.inject({ method: 'POST', url: '/api/payouts/admin', headers, payload: '{}' });
    const ms = Math.round(performance.now() - started);
    if (res.statusCode !== 201) throw new Error(`Pay all answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    const payouts = (res.json() as { payouts: { _id: string }[] }).payouts;
    results.push({
      name: `POST /api/payouts/admin (Pay all: ${payouts.length.toLocaleString('en-IN')} payouts), once`,
      samples: 1,
      p50Ms: ms,
      p95Ms: ms,
      maxMs: ms,
    });
    for (const payout of payouts)
      await bench.app.inject({
        method: 'PUT',
        url: `/api/payouts/admin/${payout._id}`,
        headers,
        payload: JSON.stringify({ status: 'Failed', reason: 'Bench run: returned so the bench can run again' }),
      });
    return results;
  } finally {
    await bench.close();
  }
}

runWhenExecuted(import.meta.url, 'Payout reads and Pay all', benchPayouts);
