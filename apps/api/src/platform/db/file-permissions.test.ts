import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from '../auth/jwt-secret.js';
import { backupSqlite } from './backup.js';
import { createDb } from './create-db.js';
import { migrateToLatest } from './migrate.js';

/**
 * Issue 23: the embedded database was created world-readable (0644), and it holds
 * password hashes. The database file, its `-wal` and `-shm` files, a backup and the
 * generated JWT secret are now the owner's alone (0600), whatever the umask, and an
 * existing database or secret is made so on the next start. (Files of the embedded
 * database: the same on either test database.)
 */

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'haat-perm-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the embedded database files', () => {
  it('are created readable by the owner only: the database, its WAL and shared-memory files', async () => {
    const previous = process.umask(0o022);
    try {
      const folder = join(tempDir(), 'data');
      const path = join(folder, 'store.db');
      const handle = createDb(`sqlite:${path}`);
      try {
        await migrateToLatest(handle.db);
        await sql`select count(*) from users`.execute(handle.db);
        expect(modeOf(folder)).toBe(0o700);
        expect(modeOf(path)).toBe(0o600);
        expect(modeOf(`${path}-wal`)).toBe(0o600);
        expect(modeOf(`${path}-shm`)).toBe(0o600);
      } finally {
        await handle.close();
      }
    } finally {
      process.umask(previous);
    }
  });

  it('makes an existing world-readable database the owner’s on open', async () => {
    const path = join(tempDir(), 'store.db');
    const first = createDb(`sqlite:${path}`);
    await migrateToLatest(first.db);
    await first.close();
    chmodSync(path, 0o644);
    const again = createDb(`sqlite:${path}`);
    try {
      expect(modeOf(path)).toBe(0o600);
    } finally {
      await again.close();
    }
  });

  it('writes a backup readable by the owner only', async () => {
    const previous = process.umask(0o022);
    try {
      const dir = tempDir();
      const source = join(dir, 'store.db');
      const handle = createDb(`sqlite:${source}`);
      await migrateToLatest(handle.db);
      try {
        const { target } = await backupSqlite(source, join(dir, 'backup.db'));
        expect(modeOf(target)).toBe(0o600);
      } finally {
        await handle.close();
      }
    } finally {
      process.umask(previous);
    }
  });
});

describe('the generated JWT secret', () => {
  it('is the owner’s alone, and a kept one that was not is made so', () => {
    const previous = process.umask(0o022);
    try {
      const dir = join(tempDir(), 'data');
      resolveJwtSecret(undefined, dir);
      expect(modeOf(join(dir, 'jwt-secret'))).toBe(0o600);
      expect(modeOf(dir)).toBe(0o700);
      const kept = tempDir();
      writeFileSync(join(kept, 'jwt-secret'), 'k'.repeat(48), { mode: 0o644 });
      expect(resolveJwtSecret(undefined, kept)).toBe('k'.repeat(48));
      expect(modeOf(join(kept, 'jwt-secret'))).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });
});
