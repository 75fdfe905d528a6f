import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { issueToken } from '../src/platform/auth/sessions.js';
import { createDb, type Db } from '../src/platform/db/create-db.js';
import { migrateToLatest } from '../src/platform/db/migrate.js';
import { type BenchResult, printTable } from './measure.js';

/** The real app on an existing store, and a signed-in admin to call it as. */
export interface BenchApp {
  app: FastifyInstance;
  db: Db;
  /** `GET url` as the store's first admin, through `app.inject`; throws on any status but 200. */
  get(url: string): Promise<{ body: string }>;
  close(): Promise<void>;
}

/**
 * Opens the app on a seeded store for measuring: routing, access control,
 * validation, SQL and serialisation included, no network (`app.inject`).
 * @throws when the store has no admin (seed it first: `npm run seed`).
 */
export async function openBenchApp(databaseUrl: string): Promise<BenchApp> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    // A throwaway secret: the bench signs its own token and must not write one into a data directory.
    JWT_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Measures another bound of decision 0027 when set.
    ...(process.env.LIST_COUNT_BOUND && { LIST_COUNT_BOUND: process.env.LIST_COUNT_BOUND }),
    // The work of each answer, not a kept copy (decisions 0026, 0033): a bench that asks
    // one URL again would otherwise measure the cache. Set it to measure with the cache.
    LIST_ANSWER_CACHE_MB: process.env.LIST_ANSWER_CACHE_MB ?? '0',
    // Measures SQLite without (or with less of) the memory map when set (decision 0095).
    ...(process.env.SQLITE_MMAP_MB && { SQLITE_MMAP_MB: process.env.SQLITE_MMAP_MB }),
  });
  const database = createDb(config.databaseUrl, { sqliteMmapBytes: config.sqliteMmapMb * 1024 * 1024 });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, webRoot: null, logger: false });
  const close = async () => {
    await app.close();
    await database.close();
  };
  try {
    await app.ready();
    const admin = await database.db
      .selectFrom('users')
      .select(['id', 'tokenVersion'])
      .where('role', '=', 'admin')
      .orderBy('id')
      .executeTakeFirst();
    if (!admin) throw new Error('No admin in this database: seed it first (npm run seed)');
    const token = issueToken(app, { id: admin.id, role: 'admin', tokenVersion: admin.tokenVersion });
    const headers = { authorization: `Bearer ${token}` };
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return res;
    };
    return { app, db: database.db, get, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Runs a bench when its file is executed directly (`DATABASE_URL=… npx tsx
 * --conditions=source apps/api/bench/<file>.ts [samples]`) and prints its table.
 */
export function runWhenExecuted(
  moduleUrl: string,
  title: string,
  bench: (databaseUrl: string, options: { samples: number; warmup: number }) => Promise<BenchResult[]>,
) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const url = loadConfig().databaseUrl;
  const samples = Number(process.argv[2] ?? 200);
  console.log(`${title} on ${url.replace(/\/\/[^@]*@/, '//')}`);
  bench(url, { samples, warmup: Math.max(3, Math.round(samples / 10)) })
    .then(printTable)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
