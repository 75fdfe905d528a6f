import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { authAs, createAdmin } from '../../test/fixtures.js';
import { backupSqlite, checkSqliteIntegrity } from './backup.js';
import { createDb, type DatabaseHandle } from './create-db.js';
import { migrateToLatest } from './migrate.js';

/**
 * Issue 11, "nothing lost to a bad disk": a backup taken with SQLite's backup API while
 * the server writes holds every write acknowledged before the backup began, and passes
 * `PRAGMA integrity_check` once restored. SQLite only (the embedded database is a file;
 * PostgreSQL is backed up with pg_dump), so it runs on a file-backed SQLite database
 * in either suite.
 */

let dir: string;
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let headers: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'haat-backup-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'store.db')}`,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
  });
  database = createDb(config.databaseUrl);
  await migrateToLatest(database.db);
  app = await buildApp({ config, database, webRoot: null, logger: false });
  await app.ready();
  headers = authAs(app, await createAdmin(database.db));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup (platform/db/backup.ts)', () => {
  it('takes a backup under write load that holds every write acknowledged before it began', async () => {
    const acknowledged: { name: string; at: number }[] = [];
    let writing = true;
    let n = 0;
    /** One writer: creates categories over HTTP, one after another, noting each acknowledged one. */
    const writer = async (id: number) => {
      while (writing) {
        const name = `Backup ${id}-${++n}`;
        const res = await app.inject({
          method: 'POST',
          url: '/api/categories/create',
          headers,
          payload: { name, imageUrl: 'https://img.example.test/c.jpg' },
        });
        expect(res.statusCode, res.body).toBe(201);
        acknowledged.push({ name, at: performance.now() });
      }
    };
    const writers = [writer(1), writer(2), writer(3)];
    // Let writes pile up, then back up while they go on.
    while (acknowledged.length < 60) await new Promise((done) => setTimeout(done, 5));
    const startedAt = performance.now();
    const before = acknowledged.filter((write) => write.at < startedAt).map((write) => write.name);
    const target = join(dir, 'backup.db');
    const result = await backupSqlite(join(dir, 'store.db'), target);
    const duringOrAfter = acknowledged.length;
    while (acknowledged.length < duringOrAfter + 30) await new Promise((done) => setTimeout(done, 5));
    writing = false;
    await Promise.all(writers);
    expect(result.pages).toBeGreaterThan(0);

    // Restore: the backup copied to a new file, opened as the database.
    const restoredPath = join(dir, 'restored.db');
    await backupSqlite(target, restoredPath);
    expect(checkSqliteIntegrity(restoredPath)).toBe('ok');
    const restored = new SQLite(restoredPath, { readonly: true });
    try {
      const names = new Set(
        (restored.prepare('select name from categories').all() as { name: string }[]).map((row) => row.name),
      );
      expect(before.length).toBeGreaterThanOrEqual(60);
      expect(before.filter((name) => !names.has(name))).toEqual([]);
      // The live database went on past the backup.
      const live = await database.db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(live.n)).toBe(acknowledged.length);
      expect(names.size).toBeLessThan(acknowledged.length);
    } finally {
      restored.close();
    }
  });

  it('refuses a missing database and leaves no file behind', async () => {
    await expect(backupSqlite(join(dir, 'missing.db'), join(dir, 'never.db'))).rejects.toThrow('No database at');
  });
});
