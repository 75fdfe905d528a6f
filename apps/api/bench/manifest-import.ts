import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { issueToken } from '../src/platform/auth/sessions.js';
import { createDb } from '../src/platform/db/create-db.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { createVendor } from '../src/test/fixtures.js';
import { insertManyShipments } from '../src/test/shipment-fixtures.js';
import { repoRoot } from './child-server.js';

/**
 * Issue 34 'Scale': "a manifest of 10,000 rows imported in under 30 s". A vendor with
 * `rows` shipments in Packaging (each line with its GST, so each shipped row issues a tax
 * invoice) imports a courier manifest naming each by its order's tracking number (a carrier and an AWB per row), through `POST /api/vendor/shipments/import`
 * (`app.inject`: routing, access, validation included): past 1,000 rows it answers 202
 * and the app's own job runner imports it. Measured: from the request to the job's end,
 * rows per second, and the event loop's delay meanwhile (p99, max), which the import's
 * pacing keeps short (decision 0121).
 *
 * `npx tsx --conditions=source apps/api/bench/manifest-import.ts [rows]` (default 10,000).
 * SQLite in `.bench/manifest-import.db`, made afresh; `BENCH_DATABASE_URL=postgres://…/<name
 * with "bench">` measures PostgreSQL in a database of its own, emptied first.
 */

const rows = Number(process.argv[2] ?? 10_000);
const sqlitePath = `${repoRoot}.bench/manifest-import.db`;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${sqlitePath}`;
const isPostgres = databaseUrl.startsWith('postgres');

if (isPostgres) {
  if (!/bench/i.test(new URL(databaseUrl).pathname))
    throw new Error('BENCH_DATABASE_URL must name a database of its own, with "bench" in its name');
} else {
  mkdirSync(`${repoRoot}.bench`, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlitePath}${suffix}`, { force: true });
}
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  JWT_SECRET: randomBytes(32).toString('hex'),
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
});
const database = createDb(config.databaseUrl, { sqliteMmapBytes: config.sqliteMmapMb * 1024 * 1024 });
if (isPostgres) {
  const { sql } = await import('kysely');
  await sql`drop schema public cascade`.execute(database.db);
  await sql`create schema public`.execute(database.db);
}
await migrateToLatest(database.db);
const app = await buildApp({ config, database, webRoot: null, logger: false });
await app.ready();

const vendor = await createVendor(database.db, { businessName: 'Bench Seller' });
// Each line taxed, so each row issues its tax invoice as a real store's would (issue 35).
const shipments = await insertManyShipments(database.db, vendor.vendorId ?? null, rows, {
  prefix: 'BENCH',
  taxed: true,
});
const csv = [
  'Order ID,Courier,AWB No',
  ...shipments.map((shipment, index) => `${shipment.trackingNumber},Delhivery,DL${String(index).padStart(8, '0')}`),
].join('\n');
const user = await database.db
  .selectFrom('users')
  .select('tokenVersion')
  .where('id', '=', vendor.id)
  .executeTakeFirstOrThrow();
const token = issueToken(app, { id: vendor.id, role: 'vendor', tokenVersion: user.tokenVersion });

const load = loadavg()[0]?.toFixed(1);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const started = performance.now();
const res = await app.inject({
  method: 'POST',
  url: '/api/vendor/shipments/import',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  payload: JSON.stringify({ csv }),
});
// Up to 1,000 rows the import answers at once (200); past them it is a job (202) the app runs.
if (res.statusCode !== 202 && res.statusCode !== 200)
  throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
let job: { state: string; summary: string | null } | undefined =
  res.statusCode === 200 ? { state: 'done (at once)', summary: JSON.stringify(res.json().counts) } : undefined;
const jobId = res.statusCode === 202 ? Number(res.json().job._id) : null;
while (jobId !== null) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  job = await database.db.selectFrom('jobs').select(['state', 'summary']).where('id', '=', jobId).executeTakeFirst();
  if (job && (job.state === 'done' || job.state === 'failed')) break;
}
const seconds = (performance.now() - started) / 1000;
delay.disable();
const shippedRows = await database.db
  .selectFrom('shipments')
  .select(({ fn }) => fn.countAll<number>().as('count'))
  .where('status', '=', 'On The Road')
  .executeTakeFirstOrThrow();
const invoices = await database.db
  .selectFrom('taxDocuments')
  .select(({ fn }) => fn.countAll<number>().as('count'))
  .where('kind', '=', 'invoice')
  .executeTakeFirstOrThrow();
console.log(
  JSON.stringify(
    {
      database: isPostgres ? 'postgres' : 'sqlite',
      rows,
      state: job?.state,
      summary: job?.summary,
      shippedInDatabase: Number(shippedRows.count),
      invoicesIssued: Number(invoices.count),
      seconds: Number(seconds.toFixed(1)),
      rowsPerSecond: Math.round(rows / seconds),
      eventLoopDelayMs: {
        p99: Number((delay.percentile(99) / 1e6).toFixed(1)),
        max: Number((delay.max / 1e6).toFixed(1)),
      },
      loadAverageAtStart: load,
      loadAverageAtEnd: loadavg()[0]?.toFixed(1),
      cores: cpus().length,
    },
    null,
    2,
  ),
);
await app.close();
await database.close();
