/**
 * The port of the server end-to-end worker `parallelIndex` drives: `E2E_PORT` (default
 * 3100) plus the index, one server per worker (playwright.config.ts).
 */
export function e2ePort(parallelIndex: number): number {
  return Number(process.env.E2E_PORT ?? 3100) + parallelIndex;
}
