import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Unit, API and web component tests. The API suite runs on SQLite, and again on
 * PostgreSQL when TEST_DATABASE_URL is set (each test file makes and drops its own database).
 */
const contract = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
const alias = { '@haat/contract': contract };
const apiTests = ['apps/api/src/**/*.test.ts'];
/** Tests of PostgreSQL-only behaviour (`*.postgres.test.ts`) run in the PostgreSQL project only. */
const postgresOnlyTests = 'apps/api/src/**/*.postgres.test.ts';

const apiProject = (db: 'sqlite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `api-${db}`,
    include: apiTests,
    exclude: db === 'postgres' ? [] : [postgresOnlyTests],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // One migrated template database per run, copied by every test app (decision 0080).
    globalSetup: ['apps/api/src/test/global-setup.ts'],
  },
});

export default defineConfig({
  test: {
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
