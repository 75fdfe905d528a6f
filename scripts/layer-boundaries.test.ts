import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layer boundaries of docs/decisions/0020 are Biome `noRestrictedImports` rules in
 * biome.json. This test lints throw-away trees laid out like the repository, with the
 * project's own biome.json, and checks that each deliberate breach is reported and each
 * allowed import is not: `npm run lint` fails on a breach.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const biome = join(root, 'node_modules', '.bin', 'biome');

interface Case {
  file: string;
  from: string;
}

const breaches: Case[] = [
  { file: 'apps/web/src/features/orders/api.ts', from: '../products/api' },
  { file: 'apps/web/src/features/orders/pages/order-list-page.tsx', from: '../../products/api' },
  { file: 'apps/web/src/features/orders/components/detail/timeline.tsx', from: '../../../products/components/x' },
  { file: 'apps/web/src/components/ui/modal.tsx', from: '../../features/products/api' },
  { file: 'apps/web/src/components/ui/modal.tsx', from: '../../app/router' },
  { file: 'apps/web/src/lib/paths.ts', from: '../features/orders/api' },
  { file: 'apps/api/src/features/dashboard/dashboard.service.ts', from: '../auth/auth.repository.js' },
  { file: 'apps/api/src/features/dashboard/dashboard.routes.ts', from: '../orders/orders.routes.js' },
  { file: 'apps/api/src/features/orders/search/sqlite.ts', from: '../../products/search/sqlite.js' },
  { file: 'apps/api/src/features/dashboard/dashboard.test.ts', from: '../orders/orders.repository.js' },
  { file: 'apps/api/src/features/orders/orders.repository.ts', from: '../../platform/db/migrations/helpers.js' },
  { file: 'apps/api/src/platform/db/lists.ts', from: './migrations/index.js' },
  { file: 'apps/api/src/seed/large-store.ts', from: '../platform/db/migrations/helpers.js' },
];

const allowed: Case[] = [
  { file: 'apps/web/src/features/orders/api.ts', from: '../../lib/api-client' },
  { file: 'apps/web/src/features/orders/pages/order-list-page.tsx', from: '../components/order-table' },
  { file: 'apps/web/src/features/orders/pages/order-list-page.tsx', from: '../../../components/ui/button' },
  { file: 'apps/web/src/features/orders/components/detail/timeline.tsx', from: '../../../../lib/format' },
  { file: 'apps/web/src/components/ui/modal.tsx', from: './button' },
  { file: 'apps/web/src/app/router.tsx', from: '../features/orders/pages/order-list-page' },
  { file: 'apps/api/src/features/dashboard/dashboard.service.ts', from: '../orders/orders.service.js' },
  { file: 'apps/api/src/features/dashboard/dashboard.service.ts', from: './dashboard.repository.js' },
  { file: 'apps/api/src/features/orders/search/sqlite.ts', from: '../../../platform/db/lists.js' },
  { file: 'apps/api/src/features/dashboard/dashboard.test.ts', from: '../../platform/db/migrations/index.js' },
  { file: 'apps/api/src/platform/db/migrate.ts', from: './migrations/index.js' },
  { file: 'apps/api/src/platform/db/migrations/index.ts', from: './helpers.js' },
];

/** Lints one tree of files, each importing its `from`; answers each file's `noRestrictedImports` messages. */
function lintTree(cases: Case[]): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'haat-boundaries-'));
  try {
    copyFileSync(join(root, 'biome.json'), join(dir, 'biome.json'));
    for (const { file, from } of cases) {
      mkdirSync(join(dir, dirname(file)), { recursive: true });
      writeFileSync(join(dir, file), `import { x } from '${from}';\n\nexport const y = x;\n`);
    }
    const result = spawnSync(
      biome,
      ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', 'apps'],
      { cwd: dir, encoding: 'utf8' },
    );
    const report = JSON.parse(result.stdout) as {
      diagnostics: { category: string; message: string; location: { path: string } }[];
    };
    return cases.map(({ file }) =>
      report.diagnostics
        .filter((d) => d.category === 'lint/style/noRestrictedImports' && d.location.path === file)
        .map((d) => d.message),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Each case's messages, linting the cases in as few Biome runs as there are cases
 * sharing one path (a file's path is what the rules read, so it is kept exactly).
 */
function lintImports(cases: Case[]): string[][] {
  const runs: number[][] = [];
  cases.forEach((item, index) => {
    const run = runs.find((indexes) => indexes.every((other) => cases[other]?.file !== item.file));
    if (run) run.push(index);
    else runs.push([index]);
  });
  const messages: string[][] = [];
  for (const run of runs) {
    const found = lintTree(run.map((index) => cases[index] as Case));
    run.forEach((index, position) => {
      messages[index] = found[position] ?? [];
    });
  }
  return messages;
}

describe('layer boundaries (biome.json noRestrictedImports)', () => {
  const results = lintImports([...breaches, ...allowed]);

  it.each(breaches.map((breach, index) => ({ ...breach, messages: results[index] })))(
    'refuses $file importing $from',
    ({ messages }) => {
      expect(messages).toHaveLength(1);
      expect(messages?.[0]).toMatch(/docs\/decisions\/0020/);
    },
  );

  it.each(allowed.map((fine, index) => ({ ...fine, messages: results[breaches.length + index] })))(
    'lets $file import $from',
    ({ messages }) => {
      expect(messages).toEqual([]);
    },
  );
});
