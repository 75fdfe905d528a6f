import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { load, startServer, stopServer, waitForHealth } from './http-load.js';
import { type ProcessMemory, processMemory, sqlitePathOf } from './process-memory.js';

/**
 * Memory of one API process under unpaged lists (issue 11: "memory of one API process
 * stays under 300 MB while 10 clients pull the largest unpaged list of a 1,000,000-product
 * store"). Starts the BUILT server (`apps/api/dist/main.js`) on an existing store, then
 * for each scenario has `clients` clients pull the URL one request after another for
 * `seconds`, reading every answer whole, while the server's resident memory (from
 * /proc/<pid>) is sampled every 100 ms. Reports the RSS when idle before, the peak
 * and the steady RSS (median of the samples of the scenario's second half), the same
 * for the process's own memory (RssAnon, without the store SQLite maps in: decision
 * 0095), and the answers' statuses and sizes. Public URLs only: nothing signs in, so nothing is written to the
 * store (it may be another worktree's, opened read-mostly; migrations are a no-op).
 *
 * Run (after `npm run build`):
 * `DATABASE_URL=sqlite:/work/main/.bench/large-1000000-1000000.db npx tsx --conditions=source apps/api/bench/unpaged-memory.ts [seconds] [url…]`
 * Default URLs: `/api/products` (the storefront's unpaged call; past 10,000 rows it answers
 * 400, decision 0025) and `/api/products?category=8` (the largest unpaged list that answers
 * on the 1,000,000-product store: 9,040 approved, active products). `BENCH_PORT` picks the
 * port (default 3460); `BENCH_ACCEPT_ENCODING` the clients' Accept-Encoding (default
 * `identity`, plain JSON; `br, gzip` as a browser).
 */

const serverEntry = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** One scenario's memory and answers. */
export interface MemoryResult {
  url: string;
  clients: number;
  seconds: number;
  requests: number;
  statuses: Record<string, number>;
  bytesPerAnswer: number;
  idleRssMb: number;
  peakRssMb: number;
  steadyRssMb: number;
  /** The process's own memory (RssAnon): idle, peak, steady. */
  idleOwnMb: number;
  peakOwnMb: number;
  steadyOwnMb: number;
  load: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Starts the built server on `databaseUrl` and measures each URL in turn with `clients`
 * clients for `seconds` each (2 s idle between scenarios).
 * @throws when the build is missing or the server does not start within 5 minutes.
 */
export async function benchUnpagedMemory(
  databaseUrl: string,
  {
    urls,
    clients = 10,
    seconds = 20,
    port = 3460,
    acceptEncoding = 'identity',
  }: { urls: string[]; clients?: number; seconds?: number; port?: number; acceptEncoding?: string },
): Promise<MemoryResult[]> {
  if (!existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const base = `http://127.0.0.1:${port}`;
  const child = startServer(databaseUrl, port);
  const pid = child.pid;
  if (pid === undefined) throw new Error('The server did not start');
  const results: MemoryResult[] = [];
  const databasePath = sqlitePathOf(databaseUrl, process.cwd());
  try {
    await waitForHealth(`${base}/api/health`, Date.now() + 300_000);
    for (const url of urls) {
      await sleep(2_000);
      const idle = processMemory(pid, databasePath);
      const samples: ProcessMemory[] = [];
      const sampler = setInterval(() => {
        const reading = processMemory(pid, databasePath);
        if (reading) samples.push(reading);
      }, 100);
      const loadBefore = load();
      const statuses: Record<string, number> = {};
      let requests = 0;
      let bytesPerAnswer = 0;
      const stopAt = Date.now() + seconds * 1000;
      // fetch sends `Accept-Encoding: gzip, deflate, br` unless told otherwise; `identity`
      // asks for plain JSON, as autocannon and the spec's plain clients do.
      const headers = { 'accept-encoding': acceptEncoding };
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (Date.now() < stopAt) {
            const response = await fetch(`${base}${url}`, { headers });
            const body = await response.arrayBuffer();
            bytesPerAnswer = body.byteLength;
            statuses[response.status] = (statuses[response.status] ?? 0) + 1;
            requests += 1;
          }
        }),
      );
      clearInterval(sampler);
      const secondHalf = samples.slice(Math.floor(samples.length / 2));
      results.push({
        url,
        clients,
        seconds,
        requests,
        statuses,
        bytesPerAnswer,
        idleRssMb: Math.round(idle?.rss ?? 0),
        peakRssMb: Math.round(Math.max(...samples.map((sample) => sample.rss))),
        steadyRssMb: Math.round(median(secondHalf.map((sample) => sample.rss))),
        idleOwnMb: Math.round(idle?.anon ?? 0),
        peakOwnMb: Math.round(Math.max(...samples.map((sample) => sample.anon))),
        steadyOwnMb: Math.round(median(secondHalf.map((sample) => sample.anon))),
        load: `${loadBefore} → ${load()}`,
      });
    }
    return results;
  } finally {
    await stopServer(child);
  }
}

/** Prints memory results as a Markdown table (pasted into docs/performance.md). */
export function printMemoryTable(results: MemoryResult[]): void {
  console.log(
    '| URL | clients | seconds | requests | statuses | bytes per answer | RSS idle MB | RSS peak MB | RSS steady MB | own memory idle / peak / steady MB | load average before → after |',
  );
  console.log('| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of results)
    console.log(
      `| \`${r.url}\` | ${r.clients} | ${r.seconds} | ${r.requests} | ${Object.entries(r.statuses)
        .map(([status, count]) => `${status}: ${count}`)
        .join(
          ', ',
        )} | ${r.bytesPerAnswer} | ${r.idleRssMb} | ${r.peakRssMb} | ${r.steadyRssMb} | ${r.idleOwnMb} / ${r.peakOwnMb} / ${r.steadyOwnMb} | ${r.load} |`,
    );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL to a seeded store');
  const seconds = Number(process.argv[2] ?? 20);
  const urls = process.argv.length > 3 ? process.argv.slice(3) : ['/api/products', '/api/products?category=8'];
  console.log(`Unpaged-list memory on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, 10 clients, ${seconds} s per URL`);
  benchUnpagedMemory(databaseUrl, {
    urls,
    seconds,
    port: Number(process.env.BENCH_PORT ?? 3460),
    acceptEncoding: process.env.BENCH_ACCEPT_ENCODING ?? 'identity',
  })
    .then(printMemoryTable)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
