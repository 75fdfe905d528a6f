import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { createDb, type DatabaseHandle } from '../../platform/db/create-db.js';
import { migrateToLatest } from '../../platform/db/migrate.js';
import { migrations } from '../../platform/db/migrations/index.js';
import { createPostgresDatabase, testDbKind } from '../../test/test-app.js';

/** Migration 2026_12_29_0900 on a store with accounts made before roles (decision 0128). */

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyStore(): Promise<DatabaseHandle> {
  let url: string;
  if (testDbKind === 'postgres') {
    const created = await createPostgresDatabase();
    cleanups.push(created.drop);
    url = created.url;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'haat-roles-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    url = `sqlite:${join(dir, 'store.db')}`;
  }
  const database = createDb(url);
  cleanups.push(() => database.close());
  return database;
}

it('makes every admin there was an Owner, and nobody else a staff member', async () => {
  const { db } = await emptyStore();
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo('2026_12_20_1200_create_import_row_outcomes');
  expect(error).toBeUndefined();
  const now = new Date().toISOString();
  const user = (email: string, role: string) => ({
    name: email,
    email,
    password_hash: null,
    role,
    phone: null,
    created_at: now,
    updated_at: now,
  });
  // The columns as they were before this migration: raw table names, no staff role.
  await db
    .withoutPlugins()
    .insertInto('users' as never)
    .values([user('old-admin@example.test', 'admin'), user('old-vendor@example.test', 'vendor')] as never)
    .execute();
  await migrateToLatest(db);
  const rows = await db.selectFrom('users').select(['email', 'staffRole', 'removedAt']).orderBy('email').execute();
  expect(rows).toEqual([
    { email: 'old-admin@example.test', staffRole: 'owner', removedAt: null },
    { email: 'old-vendor@example.test', staffRole: null, removedAt: null },
  ]);
});
