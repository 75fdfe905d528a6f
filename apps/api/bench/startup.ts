import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './measure.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const serverEntry = fileURLToPath(new URL('../dist/main.js', import.meta.url));

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer in time`);
}

/**
 * Start-up to ready: spawns the BUILT server (`apps/api/dist/main.js`, as `npm start`
 * runs it) on an already-seeded database and times until `/api/health` answers 200.
 * Repeats `runs` times. Requires `npm run build` first.
 */
export async function benchStartup(databaseUrl: string, runs = 5): Promise<BenchResult> {
  if (!existsSync(serverEntry)) throw new Error('Build first: npm run build');
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const port = 3900 + run;
    const started = performance.now();
    const child = spawn(process.execPath, [serverEntry], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: '.bench' },
      stdio: 'ignore',
    });
    try {
      await waitForHealth(`http://127.0.0.1:${port}/api/health`, Date.now() + 30_000);
      times.push(performance.now() - started);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  times.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value);
  return {
    name: 'start-up to ready (built server, seeded database)',
    samples: runs,
    p50Ms: round(times[Math.floor(times.length / 2)] ?? 0),
    p95Ms: round(times.at(-1) ?? 0),
    maxMs: round(times.at(-1) ?? 0),
  };
}
