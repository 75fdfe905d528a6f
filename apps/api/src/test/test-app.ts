import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { createDb, type DatabaseKind, type Db } from '../platform/db/create-db.js';
import { migrateToLatest } from '../platform/db/migrate.js';

/**
 * Test harness: a real app over HTTP (`app.inject`) on a freshly migrated, empty
 * database of its own. `TEST_DB=postgres` (with `TEST_DATABASE_URL`) runs the same
 * suite on PostgreSQL; each app makes its own database and drops it on close.
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

/** A new empty PostgreSQL database on the server `TEST_DATABASE_URL` names; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const name = `haat_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Builds an app on a new empty database. Pass config overrides as environment
 * variables, and a built web app's folder as `webRoot` to serve one (default none).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { webRoot = null }: { webRoot?: string | null } = {},
): Promise<TestApp> {
  const target =
    testDbKind === 'postgres'
      ? await createPostgresDatabase()
      : { url: 'sqlite::memory:', drop: async () => undefined };
  const config = loadConfig({
    DATABASE_URL: target.url,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_ADDRESS_RATE_LIMIT: '100000',
    ...env,
  });
  const database = createDb(config.databaseUrl, { poolSize: 4 });
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
