import type { MigrationDb } from './helpers.js';

/**
 * The blog list and the contact inbox page newest first by the keyset
 * (created_at, id) (docs/decisions/0009): an index on both columns serves the order and
 * the row-value comparison of a deep page as one range scan on PostgreSQL too (SQLite's
 * created_at index already ended in the rowid). It replaces the created_at-only indexes.
 */
export async function up(db: MigrationDb): Promise<void> {
  for (const table of ['blogs', 'contacts']) {
    await db.schema.createIndex(`${table}_created_at_id_idx`).on(table).columns(['created_at', 'id']).execute();
    await db.schema.dropIndex(`${table}_created_at_idx`).execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['blogs', 'contacts']) {
    await db.schema.createIndex(`${table}_created_at_idx`).on(table).column('created_at').execute();
    await db.schema.dropIndex(`${table}_created_at_id_idx`).execute();
  }
}
