import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { e2ePort } from './e2e/ports';

/**
 * End-to-end tests: Debian's chromium drives the built app, started as `npm start`
 * starts it, on a fresh embedded database seeded with the demo store. Each of the
 * `E2E_WORKERS` workers (default 2) has a server and a database of its own, on ports
 * `E2E_PORT` (default 3100), `E2E_PORT + 1`, …: a spec file runs whole in one worker,
 * against that worker's server (`e2e/support.ts`'s `test`), so no two specs write to one
 * database at once (docs/decisions/0080-a-test-run-that-stays-fast.md).
 * The servers start one after another, so only the first builds what is out of date.
 * CHROMIUM_PATH picks the browser.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The server of parallel worker `index` (its database is `.e2e/<port>/store.db`). */
const server = (index: number) => {
  const port = e2ePort(index);
  const dataDir = `.e2e/${port}`;
  return {
    command: `rm -rf ${dataDir} && npm start`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:./${dataDir}/store.db`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // The suite signs in many times from one address.
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_ADDRESS_RATE_LIMIT: '100000',
      // Issue 25's end-to-end test pays what was just delivered: no hold after delivery
      // or after a change of bank details.
      PAYOUT_HOLD_DAYS: '0',
      PAYOUT_BANK_CHANGE_HOLD_HOURS: '0',
    },
  };
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers,
  retries: 0,
  // Guards against a hang, not timings: a busy 2-core CI machine runs a spec up to three
  // times slower than a quiet one, and a test that passes waits no longer for them.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: `../../test-results/e2e-${e2ePort(0)}`,
  use: {
    // Each worker's own server: `test` in e2e/support.ts sets baseURL by its parallel index.
    baseURL: `http://127.0.0.1:${e2ePort(0)}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => server(index)),
});
