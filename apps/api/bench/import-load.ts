import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createDb } from '../src/platform/db/create-db.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { benchClient, insertBenchAdmin, percentile, repoRoot, signInBenchAdmin, startServer } from './child-server.js';
import { SERVER_NODE_FLAGS } from './process-memory.js';

/**
 * Issue 33 'A big import stalls everyone': `/api/health` and an ordinary page (the staff
 * product list's first page) over real HTTP while a 50,000-row product CSV is previewed
 * and then imported as a job, by one API process started as `npm start` starts it (a
 * child process, so the probes here do not share its event loop). Before issue 33 the
 * preview took 9 s and held `/api/health` as long, and the job held it for minutes on
 * SQLite. The target: p95 under 100 ms for both probes, in both phases, on both databases.
 *
 * The store: an admin, a category with a subcategory, and `rows / 5` products whose SKUs
 * the file names again (updates, a new price); the file's other rows create products.
 * The probes alternate, one every 20 ms; the job is followed by its owner's own polling
 * (`GET /api/jobs/{id}`, once a second), whose latency is a third probe. A probe waits
 * at most 60 s (counted as 60 s and as a time-out).
 *
 * `npx tsx --conditions=source apps/api/bench/import-load.ts [rows]` (default 50,000;
 * `npm run bench:import-load`). SQLite by default, in `.bench/import-load.db`, made
 * afresh; `BENCH_DATABASE_URL=postgres://…/<name with "bench">` measures PostgreSQL in
 * a database of its own, emptied first (the name must say "bench", so no store is
 * emptied by mistake). `BENCH_PORT` (default 3322) is the server's port;
 * `BENCH_IMPORT_SECONDS` follows the job that long only, then reports how far it got
 * (a loaded machine's PostgreSQL may take an hour over 50,000 rows).
 */

const rows = Number(process.argv[2] ?? 50_000);
const port = Number(process.env.BENCH_PORT ?? 3322);
const sqlitePath = `${repoRoot}.bench/import-load.db`;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${sqlitePath}`;
const isPostgres = databaseUrl.startsWith('postgres');
const PROBE_TIMEOUT_MS = 60_000;
/** How long the preview and the import's start may take before the bench gives up. */
const WORK_TIMEOUT_MS = 30 * 60_000;
const EXISTING = Math.floor(rows / 5);
/** How long the import job is followed before the bench reports (`BENCH_IMPORT_SECONDS`; default: to its end). */
const importSeconds = Number(process.env.BENCH_IMPORT_SECONDS ?? Number.POSITIVE_INFINITY);

const { send, waitForHealth, close: closeClient } = benchClient(port, PROBE_TIMEOUT_MS);

async function prepareStore(): Promise<void> {
  if (isPostgres) {
    if (!/bench/i.test(new URL(databaseUrl).pathname))
      throw new Error('BENCH_DATABASE_URL must name a database of its own, with "bench" in its name');
  } else {
    mkdirSync(`${repoRoot}.bench`, { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlitePath}${suffix}`, { force: true });
  }
  const database = createDb(databaseUrl);
  if (isPostgres) {
    const { sql } = await import('kysely');
    await sql`drop schema public cascade`.execute(database.db);
    await sql`create schema public`.execute(database.db);
  }
  await migrateToLatest(database.db);
  const now = new Date().toISOString();
  await insertBenchAdmin(database.db, now);
  const category = await database.db
    .insertInto('categories')
    .values({ name: 'Lamps', imageUrl: 'https://example.test/lamps.jpg', createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const subcategory = await database.db
    .insertInto('subcategories')
    .values({ categoryId: category.id, name: 'Brass', createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let from = 0; from < EXISTING; from += 500) {
    const batch = Array.from({ length: Math.min(500, EXISTING - from) }, (_, i) => ({
      vendorId: null,
      categoryId: category.id,
      subcategoryId: subcategory.id,
      name: `Brass lamp ${from + i}`,
      productDetails: 'A lamp of hand-beaten brass.',
      brand: 'Bansal Brass',
      color: null,
      sku: `BL-${from + i}`,
      model: null,
      warrantyPeriod: 'No Warranty',
      salePricePaise: 99_900,
      actualPricePaise: 129_900,
      manufacturer: null,
      stockQuantity: 5,
      status: 'active' as const,
      approvalStatus: 'approved' as const,
      reviewedBy: null,
      reviewedAt: null,
      createdAt: now,
      updatedAt: now,
    }));
    await database.db.insertInto('products').values(batch).execute();
  }
  await database.close();
}

/** The file: the existing products' SKUs at a new price, then new products. */
function importFile(): string {
  const lines = ['SKU,Product name,Product details,Brand,Sale price,Actual price,Stock quantity,Category,Images'];
  for (let i = 0; i < rows; i += 1)
    lines.push(
      `BL-${i},"Brass lamp ${i}, large","A lamp of hand-beaten brass, ${i % 7} wicks.",Bansal Brass,${999 + (i % 50)}.00,1299.00,${i % 40},Lamps >> Brass,https://example.test/lamp-${i}.jpg`,
    );
  return `${lines.join('\r\n')}\r\n`;
}

/** A probe's latencies: p50, p95, max, how many, how many timed out. */
function summary(label: string, samples: number[], timeouts: number): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `| ${label} | ${sorted.length} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(1)} | ${timeouts} |`;
}

/**
 * Asks `/api/health` and the staff product list in turn, one every 20 ms, until `done`
 * settles; answers each probe's latencies.
 */
async function probeWhile(done: Promise<unknown>, headers: Record<string, string>) {
  let settled = false;
  void done.finally(() => {
    settled = true;
  });
  const health: number[] = [];
  const page: number[] = [];
  let timeouts = { health: 0, page: 0 };
  for (let turn = 0; !settled; turn += 1) {
    if (turn % 2 === 0) {
      const answer = await send('GET', '/api/health');
      health.push(answer.ms);
      if (answer.status === 0) timeouts = { ...timeouts, health: timeouts.health + 1 };
    } else {
      const answer = await send('GET', '/api/products/admin/all?limit=20', undefined, headers);
      page.push(answer.ms);
      if (answer.status === 0) timeouts = { ...timeouts, page: timeouts.page + 1 };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { health, page, timeouts };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

await prepareStore();
const server = startServer(port, databaseUrl, { nodeFlags: SERVER_NODE_FLAGS, env: { JOB_POLL_MS: '200' } });
try {
  await waitForHealth(Date.now() + 120_000);
  const asAdmin = await signInBenchAdmin(send);
  const csv = importFile();
  const body = Buffer.from(JSON.stringify({ csv }));

  console.log(
    `${isPostgres ? 'PostgreSQL' : 'SQLite'}; ${cpus().length} cores, load average ${load()} at the start; ` +
      `a file of ${rows.toLocaleString('en-IN')} rows (${(body.length / 1024 / 1024).toFixed(1)} MB as sent), ` +
      `${EXISTING.toLocaleString('en-IN')} of them updates; a probe every 20 ms`,
  );
  console.log('| while | probe | answers | p50 ms | p95 ms | max ms | timed out |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');

  const idle = await probeWhile(new Promise((resolve) => setTimeout(resolve, 5_000)), asAdmin);
  console.log(summary('nothing else: /api/health', idle.health, idle.timeouts.health));
  console.log(summary('nothing else: the product list', idle.page, idle.timeouts.page));

  const previewStart = performance.now();
  const previewing = send('POST', '/api/products/import/preview', body, asAdmin, WORK_TIMEOUT_MS);
  const duringPreview = await probeWhile(previewing, asAdmin);
  const preview = await previewing;
  const previewMs = performance.now() - previewStart;
  if (preview.status !== 200) throw new Error(`the preview answered ${preview.status}: ${preview.body.slice(0, 300)}`);
  console.log(summary('the preview: /api/health', duringPreview.health, duringPreview.timeouts.health));
  console.log(summary('the preview: the product list', duringPreview.page, duringPreview.timeouts.page));

  const started = await send('POST', '/api/products/import', body, asAdmin, WORK_TIMEOUT_MS);
  if (started.status !== 202) throw new Error(`the import answered ${started.status}: ${started.body.slice(0, 300)}`);
  const jobId = (JSON.parse(started.body) as { job: { _id: string } }).job._id;
  const importStart = performance.now();
  const polls: number[] = [];
  let pollTimeouts = 0;
  const following = (async () => {
    for (;;) {
      const answer = await send('GET', `/api/jobs/${jobId}`, undefined, asAdmin);
      polls.push(answer.ms);
      if (answer.status === 0) pollTimeouts += 1;
      else {
        const job = (
          JSON.parse(answer.body) as {
            job: { state: string; progress: number; summary?: unknown; error?: string };
          }
        ).job;
        if (job.state === 'done' || job.state === 'failed') return job;
        if (performance.now() - importStart > importSeconds * 1000) return job;
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  const duringImport = await probeWhile(following, asAdmin);
  const job = await following;
  const importMs = performance.now() - importStart;
  console.log(summary('the import job: /api/health', duringImport.health, duringImport.timeouts.health));
  console.log(summary('the import job: the product list', duringImport.page, duringImport.timeouts.page));
  console.log(summary("the import job: the owner's polling (once a second)", polls, pollTimeouts));
  const ended = job.state === 'done' || job.state === 'failed';
  console.log(
    `The preview answered in ${(previewMs / 1000).toFixed(1)} s; ` +
      (ended
        ? `the import job ended ${job.state} in ${(importMs / 1000).toFixed(1)} s (${Math.round((rows / importMs) * 1000)} rows/s): ${JSON.stringify(job.summary ?? job.error)}. `
        : `the import job was followed for ${(importMs / 1000).toFixed(1)} s and had gone through ${job.progress.toLocaleString('en-IN')} rows (${Math.round((job.progress / importMs) * 1000)} rows/s). `) +
      `Load average ${load()} at the end.`,
  );
} finally {
  server.kill('SIGTERM');
  closeClient();
}
