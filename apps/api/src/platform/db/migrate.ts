import { Migrator } from 'kysely';
import type { Db } from './create-db.js';
import { migrations } from './migrations/index.js';

/**
 * Brings the schema to the latest migration. Safe to run from several processes
 * at once: Kysely's migrator takes a lock table first.
 * @throws the failing migration's error, after rolling it back.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
