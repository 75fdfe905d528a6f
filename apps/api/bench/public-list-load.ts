import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { loadConfig } from '../src/config.js';
import { openBenchApp } from './bench-app.js';

/**
 * Issue 11: `/api/health` latency while 20 clients pull the public, unpaged product list
 * (`GET /api/products`) without stop, over real HTTP on one API process, and the
 * process's memory meanwhile. `DATABASE_URL=sqlite:.bench/demo.db npx tsx
 * --conditions=source apps/api/bench/public-list-load.ts [seconds]`. Clients ask for
 * brotli and do not send `If-None-Match` (the worst case for the server: a full body
 * each time); a second round sends it (304s).
 */

const seconds = Number(process.argv[2] ?? 8);

function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; etag?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag as string | undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

async function healthLatencies(port: number, until: number): Promise<number[]> {
  const times: number[] = [];
  while (Date.now() < until) {
    const start = performance.now();
    await get(port, '/api/health');
    times.push(performance.now() - start);
    await new Promise((done) => setTimeout(done, 50));
  }
  return times.sort((a, b) => a - b);
}

async function round(port: number, label: string, clients: number, conditional: string | undefined) {
  const until = Date.now() + seconds * 1000;
  let lists = 0;
  let peakRss = 0;
  const headers: Record<string, string> = { 'accept-encoding': 'br' };
  if (conditional) headers['if-none-match'] = conditional;
  const pullers = Array.from({ length: clients }, async () => {
    while (Date.now() < until) {
      await get(port, '/api/products', headers);
      lists++;
    }
  });
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  const health = await healthLatencies(port, until);
  await Promise.all(pullers);
  clearInterval(sampler);
  console.log(
    `| ${label} | ${clients} | ${(lists / seconds).toFixed(0)} | ${percentile(health, 0.5).toFixed(1)} | ${percentile(health, 0.95).toFixed(1)} | ${(health.at(-1) ?? 0).toFixed(1)} | ${Math.round(peakRss / 2 ** 20)} |`,
  );
}

const bench = await openBenchApp(loadConfig().databaseUrl);
await bench.app.listen({ port: 0, host: '127.0.0.1' });
const port = (bench.app.server.address() as AddressInfo).port;
const first = await get(port, '/api/products', { 'accept-encoding': 'br' });
console.log(
  `${cpus().length} cores, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; ${seconds} s per row`,
);
console.log(
  '| clients pulling GET /api/products | clients | lists/s | health p50 ms | health p95 ms | health max ms | peak RSS MB |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
await round(port, 'none (health alone)', 0, undefined);
await round(port, 'full body each time (brotli, cached)', 20, undefined);
await round(port, 'If-None-Match (304)', 20, first.etag);
await bench.close();
