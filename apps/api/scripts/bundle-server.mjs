#!/usr/bin/env node
// The API's build, second step (`npm run build --workspace @haat/api`, after `tsc -b`):
// bundles what tsc emitted into `apps/api/dist/tsc/` into the server `npm start` runs,
// `apps/api/dist/main.js`, with the demo store's seeding split into `dist/chunks/` (it
// loads only when it seeds). Our modules and the ES-module libraries of many small files
// are inlined: loading them one file at a time (kysely alone is 262 files, zod 95) was
// most of a cold start's time (docs/decisions/0096-a-cold-start-loads-what-it-serves.md).
// CommonJS packages, native ones and those that read their own files at run time stay
// in node_modules, loaded by Node as before.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The packages inlined: ES modules, several files each, on the start's path. Any other
 * package stays external. A package is inlined whole or not at all, so no library is
 * loaded twice (once inlined, once from node_modules).
 */
const INLINED = [
  '@haat/contract',
  'kysely',
  'zod',
  '@orpc/client',
  '@orpc/contract',
  '@orpc/shared',
  '@orpc/standard-server',
  '@standard-schema/spec',
  'fastify-type-provider-zod',
  'radash',
  'lru-cache',
];

const packageOf = (specifier) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

/** Marks every bare import outside `INLINED` as external. */
const externalPackages = {
  name: 'external-packages',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) =>
      INLINED.includes(packageOf(args.path)) ? undefined : { path: args.path, external: true },
    );
  },
};

// Chunks sit one directory below dist/, as the modules they come from sat below
// dist/tsc/: the paths the code builds from `import.meta.url` (`../../web/dist`,
// `../../assets/demo`) then hold in both layouts.
rmSync(`${apiRoot}dist/chunks`, { recursive: true, force: true });
await build({
  absWorkingDir: apiRoot,
  entryPoints: { main: 'dist/tsc/main.js' },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // Follows tsc's source maps back to the TypeScript (used under `node --enable-source-maps`).
  sourcemap: 'linked',
  plugins: [externalPackages],
  logLevel: 'warning',
});
