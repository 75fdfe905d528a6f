import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { createDb } from '../src/platform/db/create-db.js';
import { encodeCursor } from '../src/platform/db/lists.js';
import {
  childPids,
  type MemoryReading,
  type ProcessMemory,
  peakOf,
  printMemoryReadings,
  processMemory,
  SERVER_ALLOCATOR_ENV,
  SERVER_NODE_FLAGS,
  sqlitePathOf,
} from './process-memory.js';

/**
 * HTTP load over real sockets (issue 11): the BUILT server (`apps/api/dist/main.js`, as
 * `npm start` runs it) in one process, or in several behind one port through Node's
 * `cluster` (the primary accepts connections and hands them to the workers in turn),
 * loaded by autocannon from this process with keep-alive connections. Each scenario
 * runs 3 s unmeasured, then `seconds` measured; it reports requests per second, p50 and
 * p99 latency, and the answer's size. Requests send no `Accept-Encoding` (autocannon's
 * default), so answers go out uncompressed unless `compressed` asks for
 * `br, gzip` as a browser does.
 *
 * It also reads each server process's memory (decision 0095): after start, at its peak
 * under the load (sampled every 250 ms), 2 s and 30 s after the load, split into the
 * process's own memory (RssAnon) and the files mapped into it (RssFile), of which the
 * SQLite store read through `mmap_size`: the kernel's file cache, which it drops when
 * memory is short, not memory the process holds.
 *
 * Run alone:
 * `DATABASE_URL=sqlite:.bench/large.db npx tsx --conditions=source apps/api/bench/http-load.ts [processes] [seconds]`
 * (`BENCH_PORT` picks the port, default 3450; `BENCH_ONLY=<text>` runs only the scenarios
 * whose name contains the text)
 * (after `npm run build`). `npm run bench -- --http` runs it as part of the bench.
 */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/** The built server; `BENCH_SERVER_ENTRY` names another build (a copy of an older one, to compare). */
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? fileURLToPath(new URL('../dist/main.js', import.meta.url));
const clusterEntry = fileURLToPath(new URL('./cluster-main.mjs', import.meta.url));

/** One measured load scenario. */
export interface LoadResult {
  name: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerAnswer: number;
  errors: number;
  load: string;
}

export interface LoadOptions {
  /** API processes: 1 runs `main.js` alone, more run it under `cluster`. */
  processes?: number;
  /** Measured seconds per scenario. */
  seconds?: number;
  connections?: number[];
  port?: number;
  /** A label for the table (the store, the database). */
  label?: string;
}

/** What `benchHttpLoad` measured: each scenario, and the server processes' memory. */
export interface HttpLoadReport {
  results: LoadResult[];
  memory: MemoryReading[];
}

/** Resolves once `url` answers 2xx; throws past `deadline` (epoch ms). */
export async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer in time`);
}

/**
 * The built server on `databaseUrl` at 127.0.0.1:`port`, as one process or `processes`
 * behind Node's cluster, with a throw-away secret and data directory; `BENCH_CPU_PROF`
 * profiles it.
 */
export function startServer(databaseUrl: string, port: number, processes = 1): ChildProcess {
  const dataDir = `${repoRoot}.bench/http-data`;
  mkdirSync(dataDir, { recursive: true });
  const entry = processes > 1 ? clusterEntry : serverEntry;
  // BENCH_CPU_PROF=<dir> writes a CPU profile of the server (each process) there on exit.
  const profile = process.env.BENCH_CPU_PROF;
  return spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), entry],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...SERVER_ALLOCATOR_ENV,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        API_PROCESSES: String(processes),
        SERVER_ENTRY: serverEntry,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token) throw new Error(`Sign-in answered ${response.status}: seed the store first`);
  return body.token;
}

/** The answer's body size as sent (compressed when the headers ask for it; fetch would decompress). */
function bytesOnTheWire(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url} answered ${response.statusCode}`)),
      );
    }).on('error', reject);
  });
}

/** Loads `url`, or, with `paths`, each of them in turn (one per request, round the list). */
function cannon(url: string, connections: number, seconds: number, headers: Record<string, string>, paths?: string[]) {
  let next = 0;
  const requests: autocannon.Request[] | undefined = paths && [
    { setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? request.path }) },
  ];
  return autocannon({ url, connections, duration: seconds, headers, ...(requests && { requests }) });
}

/** How many different admin pages the "across the list" scenario asks, round and round. */
const SPREAD_PAGES = 2000;

/**
 * Paths of `SPREAD_PAGES` admin pages of 50 spread over the newest-first list (a cursor
 * at products spaced evenly by id): every answer is built, never a kept one, as their
 * answers (about 75 KB each) pass what a process keeps (decision 0033).
 */
async function spreadPagePaths(databaseUrl: string): Promise<string[]> {
  const database = createDb(databaseUrl);
  try {
    const { db } = database;
    const last = await db
      .selectFrom('products')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const step = Math.max(1, Math.floor(Number(last.id) / SPREAD_PAGES));
    const ids = Array.from({ length: SPREAD_PAGES }, (_, k) => (k + 1) * step);
    const rows = await db.selectFrom('products').select(['id', 'createdAt']).where('id', 'in', ids).execute();
    // Shuffled by a fixed stride, so neighbouring requests read different parts of the store.
    return rows
      .map((_, k) => rows[(k * 7919) % rows.length])
      .filter((row) => row !== undefined)
      .map((row) => `/api/products/admin/all?limit=50&cursor=${encodeCursor('newest', row.createdAt, row.id)}`);
  } finally {
    await database.close();
  }
}

/**
 * The searched scenario's texts: the 20 words most common in the generated store's
 * product names (4 letters or more; in 8,040 to 38,827 of the names at 100,000
 * products), asked in turn, so each answer is a searched page of 50 with its total.
 */
export const COMMON_WORDS = [
  'pack',
  'women',
  'casual',
  'solid',
  'sleeve',
  'ring',
  'boots',
  'black',
  'blue',
  'white',
  'navy',
  'gold',
  'pink',
  'grey',
  'teal',
  'olive',
  'beige',
  'maroon',
  'mustard',
  'watch',
];

/** The load average over 1, 5 and 15 minutes, as the tables print it. */
export const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/**
 * Starts the built server on `databaseUrl` (an existing, seeded store), signs in as the
 * demo admin and loads the admin product page of 50 (`/api/products/admin/all?limit=50`,
 * the URL the web's product list asks for; a repeat, so kept after the first: decision
 * 0033), admin pages spread over the whole list (each one built), the public one
 * (`/api/products?limit=50`), and admin pages searched for `COMMON_WORDS` in turn (each
 * built when the server runs with `LIST_ANSWER_CACHE_MB=0`, issue 32) with each
 * connection count in turn.
 * @throws when the build is missing or the store has no demo admin.
 */
export async function benchHttpLoad(databaseUrl: string, options: LoadOptions = {}): Promise<HttpLoadReport> {
  if (!existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const processes = options.processes ?? 1;
  const seconds = options.seconds ?? 10;
  const port = options.port ?? Number(process.env.BENCH_PORT ?? 3450);
  const base = `http://127.0.0.1:${port}`;
  const child = startServer(databaseUrl, port, processes);
  const results: LoadResult[] = [];
  const memory: MemoryReading[] = [];
  const label = options.label ?? databaseUrl.replace(/\/\/[^@]*@/, '//');
  const databasePath = sqlitePathOf(databaseUrl, repoRoot);
  let sampler: NodeJS.Timeout | undefined;
  try {
    await waitForHealth(`${base}/api/health`, Date.now() + 60_000);
    // The API processes: the one started, or the workers of the cluster primary.
    const pids = processes > 1 ? childPids(child.pid ?? -1) : [child.pid ?? -1];
    const read = (moment: string, byPid: (pid: number) => ProcessMemory | null) =>
      pids.forEach((pid, k) => {
        const reading = byPid(pid);
        if (reading) memory.push({ label, process: processes > 1 ? `worker ${k + 1}` : 'the one', moment, ...reading });
      });
    read('after start', (pid) => processMemory(pid, databasePath));
    const samples = new Map<number, ProcessMemory[]>(pids.map((pid) => [pid, []]));
    sampler = setInterval(() => {
      for (const pid of pids) {
        const reading = processMemory(pid, databasePath);
        if (reading) samples.get(pid)?.push(reading);
      }
    }, 250);
    const token = await signIn(base);
    const scenarios: { name: string; path: string; paths?: string[]; headers: Record<string, string> }[] = [
      {
        name: 'admin page of 50',
        path: '/api/products/admin/all?limit=50',
        headers: { authorization: `Bearer ${token}` },
      },
      // A different page each time: what a repeat is spared, each of these pays (decision 0033).
      {
        name: `admin pages of 50 across the list (${SPREAD_PAGES} cursors in turn)`,
        path: '/api/products/admin/all?limit=50',
        paths: await spreadPagePaths(databaseUrl),
        headers: { authorization: `Bearer ${token}` },
      },
      { name: 'public page of 50', path: '/api/products?limit=50', headers: {} },
      // Searched pages with their totals (issue 32): with the answer cache on, a repeat of
      // one of the 20 is kept; `LIST_ANSWER_CACHE_MB=0` makes each one built.
      {
        name: `admin searched page of 50 with its total (${COMMON_WORDS.length} common words in turn)`,
        path: `/api/products/admin/all?limit=50&search=${COMMON_WORDS[0]}`,
        paths: COMMON_WORDS.map((word) => `/api/products/admin/all?limit=50&search=${word}`),
        headers: { authorization: `Bearer ${token}` },
      },
      // What a browser sends: the answer's compression is then part of the cost.
      {
        name: 'admin page of 50, Accept-Encoding: br, gzip',
        path: '/api/products/admin/all?limit=50',
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
      },
    ];
    // BENCH_ONLY=<text> runs only the scenarios whose name contains it (for a profile of one).
    const only = process.env.BENCH_ONLY;
    for (const scenario of scenarios.filter((s) => !only || s.name.includes(only))) {
      const bytesPerAnswer = await bytesOnTheWire(`${base}${scenario.path}`, scenario.headers);
      for (const connections of options.connections ?? [10, 50]) {
        await cannon(`${base}${scenario.path}`, connections, 3, scenario.headers, scenario.paths);
        const loadBefore = load();
        const result = await cannon(`${base}${scenario.path}`, connections, seconds, scenario.headers, scenario.paths);
        results.push({
          name: `${options.label ? `${options.label}: ` : ''}${scenario.name}, ${processes} process${processes > 1 ? 'es' : ''}`,
          connections,
          seconds,
          requestsPerSecond: Math.round(result.requests.total / seconds),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          bytesPerAnswer,
          errors: result.errors + result.non2xx + result.timeouts,
          load: `${loadBefore} → ${load()}`,
        });
      }
    }
    clearInterval(sampler);
    read('peak under the load', (pid) => peakOf(samples.get(pid) ?? []));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    read('2 s after the load', (pid) => processMemory(pid, databasePath));
    // V8 gives back the heap it grew under the load once the process has been idle a
    // while (its memory reducer); the idle figure is what a quiet process holds.
    await new Promise((resolve) => setTimeout(resolve, 28_000));
    read('30 s after the load', (pid) => processMemory(pid, databasePath));
    return { results, memory };
  } finally {
    clearInterval(sampler);
    await stopServer(child);
  }
}

/** Stops a server `startServer` started, and waits for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Prints load results as a Markdown table (pasted into docs/performance.md). */
export function printLoadTable(results: LoadResult[]): void {
  console.log(
    '| scenario | connections | requests/s | p50 ms | p99 ms | bytes per answer | errors | load average (1, 5, 15 min) before → after |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.connections} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.bytesPerAnswer} | ${r.errors} | ${r.load} |`,
    );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL to a seeded store');
  const processes = Number(process.argv[2] ?? 1);
  const seconds = Number(process.argv[3] ?? 10);
  console.log(`HTTP load on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, ${processes} process(es)`);
  benchHttpLoad(databaseUrl, { processes, seconds })
    .then(({ results, memory }) => {
      printLoadTable(results);
      console.log('');
      printMemoryReadings(memory);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
