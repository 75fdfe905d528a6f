import { isPostgres, type MigrationDb, withId, withTimestamps } from './helpers.js';

/**
 * `uploads`: images uploaded for blog posts (issue 9), kept in the database so every
 * API process behind a load balancer serves them (docs/decisions/0030).
 * - `content_type`: image/png, image/jpeg, image/webp or image/gif, as read from the bytes.
 * - `byte_size`: size in bytes (at most 2 MB).
 * - `data`: the bytes (`bytea` on PostgreSQL, `blob` on SQLite).
 * - `sha256`: hex digest of the bytes; the same image stored twice is stored once.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('uploads'))
      .addColumn('content_type', 'text', (col) => col.notNull())
      .addColumn('byte_size', 'integer', (col) => col.notNull())
      .addColumn('sha256', 'text', (col) => col.notNull())
      .addColumn('data', isPostgres(db) ? 'bytea' : 'blob', (col) => col.notNull()),
  ).execute();
  await db.schema.createIndex('uploads_sha256_key').on('uploads').unique().column('sha256').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
