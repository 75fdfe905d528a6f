import { performance } from 'node:perf_hooks';

/** One measured scenario: latencies in milliseconds. */
export interface BenchResult {
  name: string;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** The `p`th percentile (nearest rank) of `sorted`, ascending; 0 when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/**
 * Runs `fn` `warmup` times unmeasured, then `samples` times measured one after
 * another, and reports p50/p95/max wall time. `fn` receives the iteration number,
 * so a scenario can vary its input (search text, page).
 */
export async function measure(
  name: string,
  fn: (iteration: number) => Promise<unknown>,
  { samples = 200, warmup = 20 } = {},
): Promise<BenchResult> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    name,
    samples,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times.at(-1) ?? 0),
  };
}

/** Prints results as a Markdown table (pasted into docs/performance.md). */
export function printTable(results: BenchResult[]): void {
  console.log('| scenario | samples | p50 ms | p95 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const r of results) console.log(`| ${r.name} | ${r.samples} | ${r.p50Ms} | ${r.p95Ms} | ${r.maxMs} |`);
}
