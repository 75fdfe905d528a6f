import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Unit, API and web component tests. The API suite runs on SQLite, and again on
 * PostgreSQL when TEST_DATABASE_URL is set; each test app gets a copy of a database the
 * run migrated once (apps/api/src/test/global-setup.ts). Why the settings below:
 * docs/decisions/0080-a-test-run-that-stays-fast.md.
 */
const contract = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
const alias = { '@haat/contract': contract };
const apiTests = ['apps/api/src/**/*.test.ts'];
/** Tests of PostgreSQL-only behaviour (`*.postgres.test.ts`) run in the PostgreSQL project only. */
const postgresOnlyTests = 'apps/api/src/**/*.postgres.test.ts';
/** Tests that read no database (the served OpenAPI document's lint) run in the SQLite project only. */
const oneDatabaseTests = ['apps/api/src/platform/http/openapi-lint.test.ts'];

const apiProject = (db: 'sqlite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `api-${db}`,
    include: apiTests,
    exclude: db === 'postgres' ? oneDatabaseTests : [postgresOnlyTests],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // One migrated template database per run, copied by every test app.
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    // A worker runs its API test files one after another in one module graph: loading the
    // app's modules afresh for each file cost more than the tests themselves. Each file
    // still builds its own app on its own database, and an app holds its own configuration
    // (decision 0085: no process globals).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Test files run two at a time even on two cores (vitest's default there is one): an API
    // file spends much of its time waiting on PostgreSQL.
    maxWorkers: 2,
    // The PostgreSQL teardown drops the run's test databases, several at once; give it time.
    teardownTimeout: 60_000,
    projects: [
      {
        resolve: { alias },
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'], environment: 'node' } },
      apiProject('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Screens render in jsdom; on two loaded cores one can take longer than vitest's 5 s default.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
