import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { inject, type ProvidedContext } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createDb, type DatabaseKind, type Db } from '../platform/db/create-db.js';
import { migrateToLatest } from '../platform/db/migrate.js';
import {
  adminQuery,
  createTestDatabase,
  databaseName,
  databaseUrl,
  TEST_DATABASE_PREFIX,
} from './template-databases.js';

/**
 * Test harness: a real app over HTTP (`app.inject`) on a freshly migrated, empty
 * database of its own. `TEST_DB=postgres` (with `TEST_DATABASE_URL`) runs the same
 * suite on PostgreSQL. The database is a copy of the run's migrated template
 * (`global-setup.ts`, docs/decisions/0080-a-test-run-that-stays-fast.md): on SQLite the
 * template's bytes opened in memory, on PostgreSQL `CREATE DATABASE … TEMPLATE`, which
 * the run drops at its end. Without a template (a run that did not start the global
 * setup) each app migrates an empty database as before and drops it on close.
 */

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  kind: DatabaseKind;
  config: Config;
  close(): Promise<void>;
}

/** The database the suite runs on. */
export const testDbKind: DatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** A PostgreSQL test database: its URL, whether it holds the migrated schema, and how to drop it. */
export interface PostgresTestDatabase {
  url: string;
  /** True when copied from the run's migrated template; false when empty. */
  migrated: boolean;
  /**
   * Drops the database (`WITH (FORCE)`): in a vitest run, at the run's end with the rest of
   * its databases; outside one, now. A failure is a warning; the next run drops it.
   */
  drop(): Promise<void>;
}

/**
 * A new PostgreSQL database on the server `TEST_DATABASE_URL` names: a copy of the
 * run's migrated template when `fromTemplate` and the run has one, else empty (for the
 * tests that run the migrations themselves).
 * @throws when `TEST_DATABASE_URL` is unset or the server refuses the database.
 */
export async function createPostgresDatabase({
  fromTemplate = false,
}: {
  fromTemplate?: boolean;
} = {}): Promise<PostgresTestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const template = fromTemplate ? provided('postgresTemplate') : undefined;
  const runPid = provided('testRunPid');
  const name = databaseName(TEST_DATABASE_PREFIX, runPid ?? process.pid);
  await createTestDatabase(adminUrl, name, template);
  return {
    url: databaseUrl(adminUrl, name),
    migrated: template !== undefined,
    drop: async () => {
      // In a run, its teardown drops its databases together: a DROP DATABASE waits for a
      // checkpoint (a second, or far longer when the server is busy), which concurrent
      // drops share.
      if (runPid !== undefined) return;
      try {
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } catch (error) {
        console.warn(`Test database ${name} was left for the next run to drop: ${(error as Error).message}`);
      }
    },
  };
}

/** A value the run's global setup provided, or undefined outside such a run. */
function provided<Key extends keyof ProvidedContext>(key: Key): ProvidedContext[Key] | undefined {
  return inject(key) ?? undefined;
}

/** The run's migrated SQLite template, read once per test file (about 0.5 MB). */
let sqliteTemplateImage: Buffer | undefined;

function sqliteTemplate(): Buffer | undefined {
  const path = provided('sqliteTemplate');
  if (path === undefined) return undefined;
  sqliteTemplateImage ??= readFileSync(path);
  return sqliteTemplateImage;
}

/**
 * Builds an app on a new empty database. Pass config overrides as environment
 * variables, and a built web app's folder as `webRoot` to serve one (default none).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { webRoot = null }: { webRoot?: string | null } = {},
): Promise<TestApp> {
  let target: { url: string; drop: () => Promise<void> };
  let sqliteImage: Buffer | undefined;
  if (testDbKind === 'postgres') {
    target = await createPostgresDatabase({ fromTemplate: true });
  } else {
    sqliteImage = sqliteTemplate();
    target = { url: 'sqlite::memory:', drop: async () => undefined };
  }
  const config = loadConfig({
    DATABASE_URL: target.url,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_ADDRESS_RATE_LIMIT: '100000',
    ...env,
  });
  const database = createDb(config.databaseUrl, { poolSize: 4, sqliteImage });
  // As the server does at start. On a copy of the template it finds nothing to run (and
  // would bring a stale template up to date); it also opens the connection, as before.
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, webRoot, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    kind: database.kind,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await target.drop();
    },
  };
}

/**
 * Another API process over the same database as `of`: a second app on its database
 * handle and config (same JWT secret), as a load balancer would put beside it.
 * Close it before `of`.
 */
export async function buildSiblingApp(of: TestApp): Promise<FastifyInstance> {
  const database = { db: of.db, kind: of.kind, close: async () => undefined };
  const app = await buildApp({ config: of.config, database, webRoot: null, logger: false });
  await app.ready();
  return app;
}
