#!/usr/bin/env node
// `npm start`: builds what is out of date (first run on a fresh clone builds all),
// then runs the back office from the build. Configuration comes from the environment
// (see the README's table).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'apps/api/dist/.build-stamp');
const sources = [
  'packages/contract/src',
  'apps/api/src',
  'apps/api/scripts',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'package-lock.json',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

const built = existsSync(stamp) && existsSync(join(root, 'apps/web/dist/index.html')) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((source) => newestChange(join(root, source))));
if (changed > built) {
  // Each part in turn, named as it starts, with the time it took (issue 27: the first
  // start builds for a minute or two, and one silent line looked like a hang).
  const parts = [
    ['@haat/contract', 'the shared contract'],
    ['@haat/api', 'the API server'],
    ['@haat/web', 'the screens'],
  ];
  console.log('Building the back office (the first start only; up to a couple of minutes on a busy machine)...');
  for (const [index, [workspace, what]] of parts.entries()) {
    const started = Date.now();
    console.log(`  ${index + 1}/${parts.length} ${what}...`);
    const result = spawnSync('npm', ['run', 'build', '--silent', '--workspace', workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
    console.log(`  ${index + 1}/${parts.length} ${what}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  writeFileSync(stamp, new Date().toISOString());
}

// glibc gives each allocation of 64 KiB or more (a list answer, its compressed forms) its
// own mapping, returned to the system when freed, unless the environment says otherwise:
// after a load the process keeps about 110 MiB of its own memory instead of 170
// (docs/decisions/0098-large-allocations-go-back-to-the-system.md).
const env = { MALLOC_MMAP_THRESHOLD_: '65536', ...process.env };
// V8 sizes its young generation and how far its old generation grows before a full
// collection from the heap's limit, 4 GiB by default on a machine of 24: a 1 GiB limit
// keeps an export of a million orders at about 200 MiB of the process's own memory
// instead of 320, at the same speed (docs/decisions/0113-the-api-heap-limit.md).
const nodeFlags = ['--max-old-space-size=1024'];
const server = spawnSync(process.execPath, [...nodeFlags, join(root, 'apps/api/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(server.status ?? 0);
