#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + API (SQLite, and PostgreSQL when TEST_DATABASE_URL
// is set) + web component tests, then end-to-end tests in chromium against the built app.
// Ends with one line: `tests: N passed, N failed`.
//
// Two lanes run side by side, then the end-to-end tests alone
// (docs/decisions/0080-a-test-run-that-stays-fast.md):
//   vitest: unit and component tests → API tests
//   typecheck → lint
// The typecheck comes before the end-to-end tests also because both write apps/api/dist
// (the first e2e server builds what the typecheck did not: the web app).
// A step beside another prints its output whole when it ends; vitest and the end-to-end
// tests print theirs as it comes. The lanes' lines never mix.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
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
/** Each step's wall and CPU time, for the table at the end. */
const timings = [];

/**
 * CPU seconds (user + system) of this process's children that have ended, Linux only
 * (`/proc/self/stat`, clock ticks of 1/100 s), else null. Read when a step's process
 * ends, the difference from the last reading is that step's CPU, its own children included.
 */
function childrenCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
let cpuSeen = childrenCpu();

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
    let cpu = null;
    child.on('exit', () => {
      const now = childrenCpu();
      if (now !== null && cpuSeen !== null) cpu = now - cpuSeen;
      cpuSeen = now;
    });
    child.on('close', (code) => {
      const ok = code === 0;
      const wall = Date.now() - begun;
      timings.push({ name, from: begun - started, wall, cpu });
      const took = `${ok ? 'passed' : 'FAILED'} in ${seconds(wall)}`;
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

const screensJson = join(results, 'vitest-screens.json');
const apiJson = join(results, 'vitest-api.json');
const e2eJson = join(results, 'playwright.json');

const vitest = (name, project, json) =>
  run(
    name,
    'npx',
    ['vitest', 'run', `--project=${project}`, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    {
      live: true,
    },
  );

const vitestLane = (async () => [
  await vitest('unit and component tests', '!api-*', screensJson),
  await vitest('API tests', 'api-*', apiJson),
])();

const checksLane = (async () => {
  // Checks that are not tests count as one test each.
  const checks = [];
  for (const [name, script] of [
    ['typecheck', 'typecheck'],
    ['lint', 'lint'],
  ]) {
    checks.push(await run(name, 'npm', ['run', script, '--silent']));
  }
  return checks;
})();

// The end-to-end tests run alone, after both lanes: beside them, screens in jsdom missed
// their waits and the demo store's seeding on PostgreSQL its 120 s, on the loaded machine.
const [vitestOks, checks] = await Promise.all([vitestLane, checksLane]);
const e2eOk = await run(
  'end-to-end tests',
  'npx',
  ['playwright', 'test', '--config', 'apps/web/playwright.config.ts'],
  { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson }, live: true },
);

for (const ok of checks) {
  if (ok) passed += 1;
  else failed += 1;
}

for (const [json, ok] of [
  [screensJson, vitestOks[0]],
  [apiJson, vitestOks[1]],
]) {
  const report = readJson(json);
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1);
  } else {
    if (!ok) failed += 1;
    console.log(`(no vitest report was written to ${json})`);
  }
}

const e2e = readJson(e2eJson);
if (e2e?.stats) {
  passed += e2e.stats.expected;
  failed += e2e.stats.unexpected + e2e.stats.flaky + (e2eOk || e2e.stats.unexpected > 0 ? 0 : 1);
} else if (!e2eOk) failed += 1;

const total = childrenCpu();
console.log(`\nstep                              from      wall       CPU (user + sys, with its children)`);
for (const step of timings)
  console.log(
    `${step.name.padEnd(32)} ${seconds(step.from).padStart(8)} ${seconds(step.wall).padStart(9)} ${
      step.cpu === null ? '' : `${step.cpu.toFixed(1).padStart(7)} s`
    }`,
  );
console.log(
  `npm test took ${seconds(Date.now() - started)}${total === null ? '' : `, ${total.toFixed(1)} s of CPU in its steps`}`,
);
if (failedSteps.length) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
