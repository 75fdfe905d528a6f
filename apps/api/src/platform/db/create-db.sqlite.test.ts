import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDb,
  type DatabaseHandle,
  SQLITE_MMAP_BYTES,
  SQLITE_STATEMENT_CACHE_SIZE,
  SQLITE_WAL_AUTOCHECKPOINT_PAGES,
} from './create-db.js';

/**
 * The embedded database's connection keeps its prepared statements for reuse
 * (`withStatementCache`): answers must stay right when a statement is reused, after
 * the schema changes, and past the cache's size.
 */

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = createDb('sqlite::memory:');
  await sql`create table t (x integer not null)`.execute(handle.db);
  await sql`insert into t (x) values (1), (2), (3)`.execute(handle.db);
});
afterAll(() => handle.close());

const values = async () => (await sql<{ x: number }>`select x from t order by x`.execute(handle.db)).rows;

describe('SQLite statement cache', () => {
  it('answers the same query again, with its current rows', async () => {
    expect(await values()).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
    await sql`insert into t (x) values (4)`.execute(handle.db);
    expect(await values()).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }, { x: 4 }]);
    await sql`delete from t where x = 4`.execute(handle.db);
  });

  it('follows a schema change', async () => {
    const before = await sql<Record<string, unknown>>`select * from t order by x`.execute(handle.db);
    expect(Object.keys(before.rows[0] ?? {})).toEqual(['x']);
    await sql`alter table t add column y integer not null default 7`.execute(handle.db);
    const after = await sql<Record<string, unknown>>`select * from t order by x`.execute(handle.db);
    expect(after.rows[0]).toEqual({ x: 1, y: 7 });
  });

  it('keeps answering right past its size', async () => {
    for (let i = 0; i < SQLITE_STATEMENT_CACHE_SIZE + 50; i++) {
      const { rows } = await sql<{ n: number }>`select ${sql.lit(i)} + count(*) as n from t`.execute(handle.db);
      expect(rows[0]?.n).toBe(i + 3);
    }
    expect(await values()).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
  });
});

// SQLITE_MMAP_MB (decision 0095): a file store is read through a memory map of up to
// just under 2 GiB unless told less; 0 reads every page through SQLite's page cache.
describe('SQLite memory map', () => {
  const mmapSize = async (options: Parameters<typeof createDb>[1]) => {
    const dir = mkdtempSync(join(tmpdir(), 'haat-mmap-'));
    const store = createDb(`sqlite:${join(dir, 'store.db')}`, options);
    try {
      // Kysely's camel-case plugin names the pragma's column mmapSize.
      const { rows } = await sql<{ mmapSize: number }>`pragma mmap_size`.execute(store.db);
      return rows[0]?.mmapSize;
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('maps up to the build limit by default', async () => {
    expect(await mmapSize({})).toBe(SQLITE_MMAP_BYTES);
  });

  it('maps what it is told, and nothing when told 0', async () => {
    expect(await mmapSize({ sqliteMmapBytes: 256 * 1024 * 1024 })).toBe(256 * 1024 * 1024);
    expect(await mmapSize({ sqliteMmapBytes: 0 })).toBe(0);
  });
});

// Decision 0160: the WAL is copied into the database file every 10,000 pages, not 1,000.
describe('SQLite checkpoints', () => {
  it('copies the WAL into the database file past 10,000 pages', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'haat-wal-'));
    const store = createDb(`sqlite:${join(dir, 'store.db')}`);
    try {
      const { rows } = await sql<{ walAutocheckpoint: number }>`pragma wal_autocheckpoint`.execute(store.db);
      expect(rows[0]?.walAutocheckpoint).toBe(SQLITE_WAL_AUTOCHECKPOINT_PAGES);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
