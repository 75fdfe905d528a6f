#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + API (SQLite, and PostgreSQL when TEST_DATABASE_URL
// is set) + web component tests, then end-to-end tests in chromium against the built app.
// Ends with one line: `tests: N passed, N failed`.
//
// Two lanes run side by side (docs/decisions/0080-a-test-run-that-stays-fast.md):
//   vitest                                  (unit, API, component tests)
//   typecheck → lint → end-to-end tests     (the e2e servers build what the typecheck did not)
// The typecheck comes before the end-to-end tests because both write apps/api/dist.
// Each step's output is printed whole when it ends, vitest's as it comes, so the
// lanes' lines never mix.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const started = Date.now();

let passed = 0;
let failed = 0;
const failedSteps = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one step; resolves to whether it exited 0. `live` steps print their lines as they
 * come; others print their whole output when they end.
 */
function run(name, command, args, { env = {}, live = false } = {}) {
  const begun = Date.now();
  const header = `\n=== ${name}: ${command} ${args.join(' ')}`;
  if (live) console.log(`${header} (started at ${seconds(begun - started)})`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    let partial = '';
    const take = (chunk) => {
      if (!live) {
        chunks.push(chunk);
        return;
      }
      // Whole lines only, so another step's block never lands mid-line.
      const text = partial + chunk.toString();
      const end = text.lastIndexOf('\n');
      process.stdout.write(text.slice(0, end + 1));
      partial = text.slice(end + 1);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const ok = code === 0;
      const took = `${ok ? 'passed' : 'FAILED'} in ${seconds(Date.now() - begun)}`;
      if (live) {
        if (partial) process.stdout.write(`${partial}\n`);
        console.log(`=== ${name}: ${took}`);
      } else {
        console.log(`${header} (${took}, started at ${seconds(begun - started)})`);
        process.stdout.write(Buffer.concat(chunks).toString());
      }
      if (!ok) failedSteps.push(name);
      resolve(ok);
    });
  });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

if (process.env.TEST_DATABASE_URL)
  console.log(`API tests run on SQLite and on PostgreSQL (${process.env.TEST_DATABASE_URL})`);
else console.log('API tests run on SQLite (set TEST_DATABASE_URL to run them on PostgreSQL too)');

const vitestJson = join(results, 'vitest.json');
const e2eJson = join(results, 'playwright.json');

const vitestLane = run(
  'unit, API and component tests',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  { live: true },
);

const checksLane = (async () => {
  // Checks that are not tests count as one test each.
  const checks = [];
  for (const [name, script] of [
    ['typecheck', 'typecheck'],
    ['lint', 'lint'],
  ]) {
    checks.push(await run(name, 'npm', ['run', script, '--silent']));
  }
  const e2eOk = await run(
    'end-to-end tests',
    'npx',
    ['playwright', 'test', '--config', 'apps/web/playwright.config.ts'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
    },
  );
  return { checks, e2eOk };
})();

const [vitestOk, { checks, e2eOk }] = await Promise.all([vitestLane, checksLane]);

for (const ok of checks) {
  if (ok) passed += 1;
  else failed += 1;
}

const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitestOk || vitest.numFailedTests > 0 ? 0 : 1);
} else if (!vitestOk) failed += 1;

const e2e = readJson(e2eJson);
if (e2e?.stats) {
  passed += e2e.stats.expected;
  failed += e2e.stats.unexpected + e2e.stats.flaky + (e2eOk || e2e.stats.unexpected > 0 ? 0 : 1);
} else if (!e2eOk) failed += 1;

console.log(`\nnpm test took ${seconds(Date.now() - started)}`);
if (failedSteps.length) console.log(`Failed: ${failedSteps.join(', ')}`);
if (!existsSync(vitestJson)) console.log('(no vitest report was written)');
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
