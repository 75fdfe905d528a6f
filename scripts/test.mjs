#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + API (SQLite, and PostgreSQL when TEST_DATABASE_URL
// is set) + web component tests, then end-to-end tests in chromium against the built app.
// Ends with one line: `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const failedSteps = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) failedSteps.push(name);
  return ok;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

// Checks that are not tests count as one test each.
for (const [name, script] of [
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
]) {
  if (run(name, 'npm', ['run', script, '--silent'])) passed += 1;
  else failed += 1;
}

if (process.env.TEST_DATABASE_URL)
  console.log(`\nAPI tests run on SQLite and on PostgreSQL (${process.env.TEST_DATABASE_URL})`);
else console.log('\nAPI tests run on SQLite (set TEST_DATABASE_URL to run them on PostgreSQL too)');
const vitestJson = join(results, 'vitest.json');
const vitestOk = run('unit, API and component tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitestOk || vitest.numFailedTests > 0 ? 0 : 1);
} else if (!vitestOk) failed += 1;

const e2eJson = join(results, 'playwright.json');
const e2eOk = run('end-to-end tests', 'npx', ['playwright', 'test', '--config', 'apps/web/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
});
const e2e = readJson(e2eJson);
if (e2e?.stats) {
  passed += e2e.stats.expected;
  failed += e2e.stats.unexpected + e2e.stats.flaky + (e2eOk || e2e.stats.unexpected > 0 ? 0 : 1);
} else if (!e2eOk) failed += 1;

if (failedSteps.length) console.log(`\nFailed: ${failedSteps.join(', ')}`);
if (!existsSync(vitestJson)) console.log('(no vitest report was written)');
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
