import { DEFAULT_MIGRATION_TABLE, Migrator, sql } from 'kysely';
import type { Db } from './create-db.js';
import { migrations } from './migrations/index.js';

/**
 * Brings the schema to the latest migration. Safe to run from several processes
 * at once: Kysely's migrator takes a lock table first.
 *
 * A store that has every migration of this build already (every start but the first
 * after an upgrade) is told so by one read of the migration table, and nothing is
 * written: the migrator's introspection and lock took 12 ms on SQLite and 45 ms on
 * PostgreSQL of a cold start (docs/decisions/0096-a-cold-start-loads-what-it-serves.md).
 * @returns the names of the migrations applied now, in order (none when up to date).
 * @throws the failing migration's error, after rolling it back.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await isUpToDate(db)) return [];
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * True when the store has applied exactly this build's migrations. Anything else (a
 * fresh store with no migration table, a migration pending, or one the store knows and
 * this build does not) goes through the migrator, which applies or refuses it as before.
 */
async function isUpToDate(db: Db): Promise<boolean> {
  let applied: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    applied = rows.map((row) => row.name);
  } catch {
    // No migration table yet: a fresh store.
    return false;
  }
  const known = new Set(Object.keys(migrations));
  return applied.length === known.size && applied.every((name) => known.has(name));
}
