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
import { type BenchResult, printTable } from './measure.js';
import { benchOrderList } from './order-list.js';
import { benchProductList } from './product-list.js';
import { benchStartup } from './startup.js';

/**
 * `npm run bench`: measures the screens' reads on the demo store and on a large store
 * (100,000 products, 1,000,000 orders), and the start-up time, then prints Markdown
 * tables for docs/performance.md.
 *
 * - The demo store is seeded afresh into `.bench/demo.db`.
 * - The large store is `.bench/large.db`, generated on first use with
 *   `npm run seed -- --products 100000 --orders 1000000` (a few minutes) and kept.
 * - Checkout throughput runs on a fresh demo store in `.bench/checkout.db`, and on
 *   PostgreSQL too when `BENCH_POSTGRES_URL` names a server (apps/api/bench/checkout.ts).
 * - `--skip-large` measures the demo store only; `--samples N` changes the sample count.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const benchDir = `${repoRoot}.bench`;
const args = process.argv.slice(2);
const skipLarge = args.includes('--skip-large');
const samplesAt = args.indexOf('--samples');
const samples = samplesAt >= 0 ? Number(args[samplesAt + 1]) : 200;

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

function prepareLargeStore(): string {
  const path = `${benchDir}/large.db`;
  if (!existsSync(path)) {
    console.log('Generating the large store (100,000 products, 1,000,000 orders) into .bench/large.db ...');
    run('npm', ['run', 'seed', '--silent', '--', '--products', '100000', '--orders', '1000000'], {
      DATABASE_URL: `sqlite:${path}`,
    });
  }
  return `sqlite:${path}`;
}

function section(title: string, results: BenchResult[]) {
  console.log(`\n### ${title}\n`);
  printTable(results);
}

mkdirSync(benchDir, { recursive: true });
console.log(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);

run('npm', ['run', 'build', '--silent']);
const demo = await prepareDemoStore();
section('Demo store (SQLite): start-up', [await benchStartup(demo)]);
section('Demo store (SQLite): dashboard', await benchDashboard(demo, { samples }));
section('Demo store (SQLite): product list', await benchProductList(demo, { samples }));
section('Demo store (SQLite): order list', await benchOrderList(demo, { samples }));
section('Demo store (SQLite): global search', await benchGlobalSearch(demo, { samples }));
console.log('\n### Checkout throughput (fresh demo store)\n');
printThroughput([
  ...(await benchCheckout('sqlite')),
  ...(process.env.BENCH_POSTGRES_URL ? await benchCheckout('postgres') : []),
]);

if (!skipLarge) {
  const large = prepareLargeStore();
  section('Large store, 100,000 products and 1,000,000 orders (SQLite): start-up', [await benchStartup(large)]);
  section('Large store (SQLite): dashboard', await benchDashboard(large, { samples }));
  section('Large store (SQLite): product list', await benchProductList(large, { samples }));
  section('Large store (SQLite): order list', await benchOrderList(large, { samples }));
  section('Large store (SQLite): global search', await benchGlobalSearch(large, { samples }));
}
