import { get as httpGet } from 'node:http';
import { performance } from 'node:perf_hooks';
import { issueToken } from '../src/platform/auth/sessions.js';
import { openBenchApp, runWhenExecuted } from './bench-app.js';
import { startServer, stopServer, waitForHealth } from './http-load.js';
import { type BenchResult, measure, percentile } from './measure.js';
import { processMemory } from './process-memory.js';

/**
 * Issue 26's work on many records, on an existing store (`npm run seed -- ...`), through
 * the real app:
 * - the Customers screen's first page and searched pages, `GET /api/customers/admin?limit=50`
 *   (target p95 under 50 ms at 1,000,000 orders);
 * - the export of every order line, `GET /api/orders/admin/orders/export`, from the built
 *   server in a process of its own (`npm run build` first), thrown away as it arrives:
 *   rows per second and the server's own memory (target: flat, under 300 MB);
 * - a bulk approval of `BULK_BENCH_PRODUCTS` (10,000) products selected by a filter, run
 *   as a job (decision 0112) and timed to its end, with `/api/health` asked every 20 ms
 *   while it runs (its p95 says whether the process stays responsive). The products'
 *   approval and status are put back afterwards, so the bench can run again.
 *
 * Run alone: `DATABASE_URL=sqlite:.bench/large.db npx tsx --conditions=source apps/api/bench/many-records.ts`
 */
export async function benchManyRecords(
  databaseUrl: string,
  options: { samples?: number; warmup?: number } = {},
): Promise<BenchResult[]> {
  const bench = await openBenchApp(databaseUrl);
  try {
    const runs = { samples: options.samples ?? 200, warmup: options.warmup ?? 20 };
    const customers = await bench.db
      .selectFrom('users')
      .select(['name', 'email', 'phone'])
      .where('role', '=', 'customer')
      .orderBy('id')
      .limit(200)
      .execute();
    const searches = customers.flatMap((customer) => [
      customer.name.split(' ').at(-1) ?? customer.name,
      customer.email.split('@')[0]?.slice(0, 6) ?? customer.email,
      ...(customer.phone ? [customer.phone.replace(/\D/g, '').slice(-5)] : []),
    ]);
    const results: BenchResult[] = [
      await measure('GET /api/customers/admin?limit=50', () => bench.get('/api/customers/admin?limit=50'), runs),
      await measure(
        'GET /api/customers/admin?limit=50&search=… (surname, e-mail part, phone digits)',
        (i) =>
          bench.get(
            `/api/customers/admin?limit=50&search=${encodeURIComponent(searches[i % searches.length] as string)}`,
          ),
        runs,
      ),
    ];
    results.push(await exportOrders(databaseUrl));
    results.push(...(await bulkApproval(bench)));
    return results;
  } finally {
    await bench.close();
  }
}

/** The admin's token on this store. */
async function adminToken(bench: Awaited<ReturnType<typeof openBenchApp>>): Promise<string> {
  const admin = await bench.db
    .selectFrom('users')
    .select(['id', 'tokenVersion'])
    .where('role', '=', 'admin')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return issueToken(bench.app, { id: admin.id, role: 'admin', tokenVersion: admin.tokenVersion });
}

/**
 * Streams the whole order-line export from the built server in a process of its own
 * (as `npm start` runs it), throwing the CSV away as it arrives, and samples that
 * process's own memory (RssAnon: the heap and buffers, not the store SQLite maps in).
 */
async function exportOrders(databaseUrl: string): Promise<BenchResult> {
  const port = 3950;
  const server = startServer(databaseUrl, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`, Date.now() + 60_000);
    const login = await fetch(`${base}/api/auth/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
    });
    const { token } = (await login.json()) as { token: string };
    const own = () => processMemory(server.pid as number)?.anon ?? 0;
    const baseline = own();
    let peak = baseline;
    const readings: number[] = [];
    const sampler = setInterval(() => {
      const now = own();
      peak = Math.max(peak, now);
      readings.push(now);
    }, 100);
    const started = performance.now();
    // Past EXPORT_AT_ONCE_ROWS the export runs as a job in the server (decision 0110): follow it, then fetch its file.
    const asked = await fetch(`${base}/api/orders/admin/orders/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    let path = '/api/orders/admin/orders/export';
    if (asked.status === 202) {
      const { job } = (await asked.json()) as { job: { _id: string } };
      for (;;) {
        const state = (await (
          await fetch(`${base}/api/jobs/${job._id}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { job: { state: string; downloadUrl: string | null } };
        if (state.job.state === 'failed') throw new Error('the export job failed');
        if (state.job.state === 'done' && state.job.downloadUrl) {
          path = state.job.downloadUrl;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } else await asked.body?.cancel();
    const prepared = performance.now() - started;
    const { rows, bytes } = await new Promise<{ rows: number; bytes: number }>((resolve, reject) => {
      httpGet({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${path} answered ${res.statusCode}`));
        let lines = 0;
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          for (const byte of chunk) if (byte === 10) lines += 1;
        });
        res.on('end', () => resolve({ rows: lines - 1, bytes: size }));
        res.on('error', reject);
      }).on('error', reject);
    });
    const ms = performance.now() - started;
    clearInterval(sampler);
    // Flat: the memory of the export's last quarter against its second.
    const quarter = Math.floor(readings.length / 4);
    const average = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
    const second = average(readings.slice(quarter, 2 * quarter));
    const last = average(readings.slice(3 * quarter));
    const perSecond = Math.round(rows / (prepared / 1000));
    return {
      name:
        `GET /api/orders/admin/orders/export as a job: ${rows.toLocaleString('en-IN')} order lines, ` +
        `${Math.round(bytes / 2 ** 20)} MB of CSV written at ${perSecond.toLocaleString('en-IN')} rows/s ` +
        `(${Math.round(prepared / 1000)} s), then downloaded; the server process's ` +
        `own memory (RssAnon) ${Math.round(baseline)} MiB before, peak ${Math.round(peak)}, ` +
        `average ${second} in the second quarter and ${last} in the last; once`,
      samples: 1,
      p50Ms: Math.round(ms),
      p95Ms: Math.round(ms),
      maxMs: Math.round(ms),
    };
  } finally {
    await stopServer(server);
  }
}

/** Products the bulk approval approves: past `PRODUCT_BULK_LIMIT`, so it runs as a job (decision 0112). */
export const BULK_BENCH_PRODUCTS = 10_000;

/**
 * Sets the newest `BULK_BENCH_PRODUCTS` products pending and approves every pending
 * product with one request (the filter `approval=pending`, "all N matching"), which
 * answers 202 with a job; follows the job to its end while `/api/health` is asked every
 * 20 ms in the same process. The products' approval and status are put back afterwards.
 */
async function bulkApproval(bench: Awaited<ReturnType<typeof openBenchApp>>): Promise<BenchResult[]> {
  const token = await adminToken(bench);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const before = await bench.db
    .selectFrom('products')
    .select(['id', 'status', 'approvalStatus'])
    .where((eb) =>
      eb.or([
        eb('approvalStatus', '=', 'pending'),
        eb('id', 'in', eb.selectFrom('products').select('id').orderBy('id', 'desc').limit(BULK_BENCH_PRODUCTS)),
      ]),
    )
    .execute();
  const chosen = before.filter((product) => product.approvalStatus !== 'pending').map((product) => product.id);
  for (let i = 0; i < chosen.length; i += 1000)
    await bench.db
      .updateTable('products')
      .set({ approvalStatus: 'pending', status: 'pending' })
      .where('id', 'in', chosen.slice(i, i + 1000))
      .execute();
  const health: number[] = [];
  let running = true;
  const pinger = (async () => {
    while (running) {
      const started = performance.now();
      await bench.app.inject({ method: 'GET', url: '/api/health' });
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const res = await bench.app.inject({
    method: 'POST',
    url: '/api/products/admin/bulk',
    headers,
    payload: JSON.stringify({ action: 'approve', filter: { approval: 'pending' } }),
  });
  if (res.statusCode !== 202) throw new Error(`bulk approval answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  const jobId = (res.json() as { job: { _id: string } }).job._id;
  let job: { state: string; summary: Record<string, number> | null; error: string | null };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await bench.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers })).json().job;
    if (job.state === 'done' || job.state === 'failed') break;
  }
  const ms = Math.round(performance.now() - started);
  running = false;
  await pinger;
  if (job.state !== 'done') throw new Error(`the bulk job failed: ${job.error}`);
  // Put each product back as it was (approval and status), so the bench can run again.
  for (const product of before)
    await bench.db
      .updateTable('products')
      .set({ approvalStatus: product.approvalStatus, status: product.status })
      .where('id', '=', product.id)
      .execute();
  health.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  const done = job.summary?.done ?? 0;
  return [
    {
      name: `POST /api/products/admin/bulk (approve all ${before.length.toLocaleString('en-IN')} pending products as a job: ${done.toLocaleString('en-IN')} approved), to its end, once`,
      samples: 1,
      p50Ms: ms,
      p95Ms: ms,
      maxMs: ms,
    },
    {
      name: 'GET /api/health while the bulk job runs, every 20 ms',
      samples: health.length,
      p50Ms: round(percentile(health, 50)),
      p95Ms: round(percentile(health, 95)),
      maxMs: round(health.at(-1) ?? 0),
    },
  ];
}

runWhenExecuted(import.meta.url, 'Work on many records (issue 26)', benchManyRecords);
