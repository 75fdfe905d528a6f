import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createDb } from '../src/platform/db/create-db.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { seedDemoStoreIfEmpty } from '../src/seed/demo-store.js';
import { benchCheckout, printThroughput } from './checkout.js';
import { benchDashboard } from './dashboard.js';
import { benchGlobalSearch } from './global-search.js';
import { benchHttpLoad, type LoadResult, printLoadTable } from './http-load.js';
import { benchManyRecords } from './many-records.js';
import { type BenchResult, printTable } from './measure.js';
import { benchOrderList } from './order-list.js';
import { benchPayouts } from './payouts.js';
import { type MemoryReading, printMemoryReadings } from './process-memory.js';
import { benchProductList } from './product-list.js';
import { benchShipments } from './shipments.js';
import { benchStartup } from './startup.js';

/**
 * `npm run bench`: measures the screens' reads on the demo store and on a large store
 * (100,000 products, 1,000,000 orders), and the start-up time, then prints Markdown
 * tables for docs/performance.md.
 *
 * - The demo store is seeded afresh into `.bench/demo.db`.
 * - The large store is `.bench/large.db`, generated on first use with
 *   `npm run seed -- --products 100000 --orders 1000000 --vendors 1000` (a few minutes)
 *   and kept. A store generated before issue 25 has 8 vendors and no ledger: delete it
 *   to measure the payouts.
 * - Checkout throughput runs on a fresh demo store in `.bench/checkout.db`, and on
 *   PostgreSQL too when `BENCH_POSTGRES_URL` names a server (apps/api/bench/checkout.ts).
 * - `--skip-large` measures the demo store only; `--skip-demo` the large store only;
 *   `--samples N` changes the sample count.
 * - `--products N --orders M` sizes the large store (default 100,000 and 1,000,000);
 *   other sizes live in `.bench/large-<N>-<M>.db`. The million-product store of issue 11:
 *   `npm run bench -- --skip-demo --products 1000000 --orders 1000000` (its first
 *   generation takes about half an hour on 2 cores; never run in CI: `npm test` does
 *   not run the bench).
 * - `--postgres URL` measures the large store on PostgreSQL too, in the database at URL
 *   (seeded with the same sizes when its store is empty; give a database of its own).
 * - The large store is also served under HTTP load (apps/api/bench/http-load.ts): the
 *   built server over real sockets, one process on SQLite, two on PostgreSQL, with each
 *   process's memory after start, at its peak and after the load, its own memory
 *   (RssAnon) apart from the SQLite store it maps (decision 0095). `--skip-http` leaves
 *   it out; `--http-seconds S` sets each scenario's measured seconds (default 10).
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const benchDir = `${repoRoot}.bench`;
const args = process.argv.slice(2);
const skipLarge = args.includes('--skip-large');
const skipDemo = args.includes('--skip-demo');
const skipHttp = args.includes('--skip-http');
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const samples = Number(option('--samples') ?? 200);
const largeProducts = Number(option('--products') ?? 100_000);
const largeOrders = Number(option('--orders') ?? 1_000_000);
const postgresUrl = option('--postgres');
const httpSeconds = Number(option('--http-seconds') ?? 10);
const isDefaultLarge = largeProducts === 100_000 && largeOrders === 1_000_000;
const sizeLabel = `${largeProducts.toLocaleString('en-IN')} products, ${largeOrders.toLocaleString('en-IN')} orders`;

function run(command: string, commandArgs: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, commandArgs, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

async function prepareDemoStore(): Promise<string> {
  const path = `${benchDir}/demo.db`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  const database = createDb(`sqlite:${path}`);
  await migrateToLatest(database.db);
  await seedDemoStoreIfEmpty(database.db);
  await database.close();
  return `sqlite:${path}`;
}

const seedArgs = () => [
  'run',
  'seed',
  '--silent',
  '--',
  '--products',
  String(largeProducts),
  '--orders',
  String(largeOrders),
  '--vendors',
  '1000',
];

function prepareLargeStore(): string {
  const path = isDefaultLarge ? `${benchDir}/large.db` : `${benchDir}/large-${largeProducts}-${largeOrders}.db`;
  if (!existsSync(path)) {
    console.log(`Generating the large store (${sizeLabel}) into ${path} ...`);
    run('npm', seedArgs(), { DATABASE_URL: `sqlite:${path}` });
  }
  return `sqlite:${path}`;
}

/** The PostgreSQL database at `url`, seeded with the large store's sizes when it holds no products. */
async function preparePostgresStore(url: string): Promise<string> {
  const database = createDb(url);
  try {
    await migrateToLatest(database.db);
    const any = await database.db.selectFrom('products').select('id').limit(1).executeTakeFirst();
    if (any) return url;
  } finally {
    await database.close();
  }
  console.log(`Generating the large store (${sizeLabel}) into ${url.replace(/\/\/[^@]*@/, '//')} ...`);
  run('npm', seedArgs(), { DATABASE_URL: url });
  return url;
}

const uptime = () => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();

function section(title: string, results: BenchResult[]) {
  console.log(`\n### ${title}\n`);
  printTable(results);
  console.log(`\nuptime after: ${uptime()}`);
}

mkdirSync(benchDir, { recursive: true });
console.log(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);

run('npm', ['run', 'build', '--silent']);
console.log(`uptime at the start: ${uptime()}`);
if (!skipDemo) {
  const demo = await prepareDemoStore();
  section('Demo store (SQLite): start-up', await benchStartup(demo));
  section('Demo store (SQLite): dashboard', await benchDashboard(demo, { samples }));
  section('Demo store (SQLite): product list', await benchProductList(demo, { samples }));
  section('Demo store (SQLite): order list', await benchOrderList(demo, { samples }));
  section('Demo store (SQLite): global search', await benchGlobalSearch(demo, { samples }));
  console.log('\n### Checkout throughput (fresh demo store)\n');
  printThroughput([
    ...(await benchCheckout('sqlite')),
    ...(process.env.BENCH_POSTGRES_URL ? await benchCheckout('postgres') : []),
  ]);
}

if (!skipLarge) {
  const stores: [string, string][] = [['SQLite', prepareLargeStore()]];
  if (postgresUrl) stores.push(['PostgreSQL', await preparePostgresStore(postgresUrl)]);
  const load: LoadResult[] = [];
  const memory: MemoryReading[] = [];
  for (const [name, url] of stores) {
    section(`Large store, ${sizeLabel} (${name}): start-up`, await benchStartup(url));
    section(`Large store (${name}): dashboard`, await benchDashboard(url, { samples }));
    section(`Large store (${name}): product list`, await benchProductList(url, { samples }));
    section(`Large store (${name}): order list`, await benchOrderList(url, { samples }));
    section(`Large store (${name}): global search`, await benchGlobalSearch(url, { samples }));
    section(`Large store (${name}): balances, payouts and Pay all`, await benchPayouts(url, { samples }));
    section(`Large store (${name}): a vendor's shipments and the order detail`, await benchShipments(url, { samples }));
    section(`Large store (${name}): customers, exports and bulk actions`, await benchManyRecords(url, { samples }));
    if (!skipHttp) {
      console.log(`\nHTTP load on the large store (${name}) ... uptime: ${uptime()}`);
      const report = await benchHttpLoad(url, {
        processes: name === 'SQLite' ? 1 : 2,
        seconds: httpSeconds,
        label: `${name}, ${largeProducts.toLocaleString('en-IN')} products`,
      });
      load.push(...report.results);
      memory.push(...report.memory);
    }
  }
  if (load.length > 0) {
    console.log(`\n### HTTP load, ${sizeLabel}\n`);
    printLoadTable(load);
    // The process's own memory apart from the store SQLite maps in (decision 0095).
    console.log(`\n### Memory of the API processes around the HTTP load, ${sizeLabel}\n`);
    printMemoryReadings(memory);
    console.log(`\nuptime after: ${uptime()}`);
  }
}
