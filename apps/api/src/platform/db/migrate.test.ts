import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDbKind } from '../../test/test-app.js';
import { createDb, type DatabaseHandle, type Db } from './create-db.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

/** The migrations in the order the migrator applies them: by name. */
const names = Object.keys(migrations).sort();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A new SQLite file store's URL. */
function sqliteFileUrl(): string {
  const dir = mkdtempSync(join(tmpdir(), 'haat-migrate-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return `sqlite:${join(dir, 'store.db')}`;
}

/** An empty store of the suite's database. */
async function emptyStore(kind = testDbKind): Promise<{ url: string; database: DatabaseHandle }> {
  let url: string;
  if (kind === 'postgres') {
    const created = await createPostgresDatabase();
    cleanups.push(created.drop);
    url = created.url;
  } else {
    url = sqliteFileUrl();
  }
  const database = createDb(url);
  cleanups.push(() => database.close());
  return { url, database };
}

const migrator = (db: Db) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

describe('migrateToLatest', () => {
  it('applies every migration to a fresh store, in order, then none', async () => {
    const { database } = await emptyStore();
    expect(await migrateToLatest(database.db)).toEqual(names);
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it('applies what is pending on a store migrated by an earlier build', async () => {
    const { database } = await emptyStore();
    const secondLast = names.at(-2);
    if (!secondLast) throw new Error('needs two migrations');
    const { error } = await migrator(database.db).migrateTo(secondLast);
    expect(error).toBeUndefined();
    expect(await migrateToLatest(database.db)).toEqual(names.slice(-1));
  });

  it('refuses a store that has applied a migration this build does not know', async () => {
    const { database } = await emptyStore();
    await migrateToLatest(database.db);
    await database.db
      .insertInto('kysely_migration' as keyof Database)
      .values({ name: '2099_01_01_0000_from_a_later_build', timestamp: new Date().toISOString() } as never)
      .execute();
    await expect(migrateToLatest(database.db)).rejects.toThrow(/2099_01_01_0000_from_a_later_build/);
  });

  // Every start on a store already migrated: one read, no introspection, no lock, no write.
  // A SQLite file in either suite, as only it can be opened read-only.
  it('reads the migration table once, and writes nothing, on a store that is up to date', async () => {
    const { url, database } = await emptyStore('sqlite');
    await migrateToLatest(database.db);
    await database.close();
    const statements: string[] = [];
    const readOnly = new SQLite(url.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: readOnly }),
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
    cleanups.push(() => db.destroy());
    expect(await migrateToLatest(db)).toEqual([]);
    expect(statements).toEqual(['select name from "kysely_migration"']);
  });
});
