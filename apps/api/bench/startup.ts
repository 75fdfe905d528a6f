import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BenchResult, percentile, printTable } from './measure.js';
import { SERVER_ALLOCATOR_ENV, SERVER_NODE_FLAGS } from './process-memory.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/** The built server; `BENCH_SERVER_ENTRY` names another build (a copy of an older one, to compare). */
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** How often the bench asks whether the server answers yet: the figures' resolution. */
const POLL_MS = 5;

/** The first page of the storefront's product list: read from the store, no sign-in, nothing written. */
const FIRST_PAGE = '/api/products?limit=50';

/** Resolves once `url` answers 200; throws past `deadline` (epoch ms). */
async function firstAnswer(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${url} did not answer in time`);
}

const clockTicksPerSecond = (() => {
  const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout);
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

/** CPU time (user + system, ms) process `pid` has used so far, from /proc (Linux); 0 elsewhere. */
function cpuMs(pid: number): number {
  try {
    // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return 0;
  }
}

const summary = (name: string, values: number[]): BenchResult => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    name,
    samples: values.length,
    p50Ms: Math.round(percentile(sorted, 50)),
    p95Ms: Math.round(percentile(sorted, 95)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
};

/**
 * Cold start to a first answer: spawns the BUILT server (`apps/api/dist/main.js`, as
 * `npm start` runs it) on an existing, migrated store `runs` times, one after another,
 * and times each from the spawn to the first 200 of `/api/health` (polled every 5 ms),
 * then to the first answer of the storefront's product page of 50 asked right after.
 * Also reports the CPU time (user + system) the server had used when it first answered
 * health: on a loaded machine the wall time waits for a core, the CPU time much less.
 * Requires `npm run build` first. Nothing is written to the store but SQLite's WAL files
 * (`SEED_DEMO=false`; on an empty store nothing is seeded, and the product page is empty).
 * @returns three rows in ms: start to health, start to the product page, CPU to health.
 */
export async function benchStartup(
  databaseUrl: string,
  { runs = 10, port = Number(process.env.BENCH_PORT ?? 3470) } = {},
): Promise<BenchResult[]> {
  if (!existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const dataDir = `${repoRoot}.bench/startup-data`;
  mkdirSync(dataDir, { recursive: true });
  const toHealth: number[] = [];
  const toPage: number[] = [];
  const cpuToHealth: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
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
      },
      stdio: 'ignore',
    });
    try {
      await firstAnswer(`http://127.0.0.1:${port}/api/health`, Date.now() + 60_000);
      toHealth.push(performance.now() - started);
      if (child.pid !== undefined) cpuToHealth.push(cpuMs(child.pid));
      await firstAnswer(`http://127.0.0.1:${port}${FIRST_PAGE}`, Date.now() + 60_000);
      toPage.push(performance.now() - started);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  return [
    summary('start-up to the first answer (GET /api/health)', toHealth),
    summary(`start-up to the first product page (GET ${FIRST_PAGE})`, toPage),
    summary('CPU time of the server until its first answer (user + system)', cpuToHealth),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL to a migrated store');
  const runs = Number(process.argv[2] ?? 10);
  console.log(`Start-up on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, ${runs} runs`);
  benchStartup(databaseUrl, { runs })
    .then(printTable)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
