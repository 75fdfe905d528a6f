import { sql } from 'kysely';
import { isPostgres, type MigrationDb, references } from './helpers.js';

/**
 * Images the store makes its own (issue 27, decision 0107):
 * - `uploads.thumbnail`: a small WebP of the image for lists (null for images stored
 *   before thumbnails were made; those lists show the image itself).
 * - `uploads.owner_user_id`: who uploaded it (null for images the store made, such as
 *   the demo store's pictures): a vendor's uploads count towards their storage limit,
 *   read through `uploads_owner_idx`.
 * - `product_images.source_url`: the address a catalog import gave the picture, kept
 *   as a record when the store's own image replaced it.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('thumbnail', isPostgres(db) ? 'bytea' : 'blob')
    .execute();
  await db.schema
    .alterTable('uploads')
    .addColumn('owner_user_id', 'integer', references('users.id', 'set null'))
    .execute();
  await sql`create index uploads_owner_idx on uploads (owner_user_id) where owner_user_id is not null`.execute(db);
  await db.schema.alterTable('product_images').addColumn('source_url', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('product_images').dropColumn('source_url').execute();
  await sql`drop index uploads_owner_idx`.execute(db);
  await db.schema.alterTable('uploads').dropColumn('owner_user_id').execute();
  await db.schema.alterTable('uploads').dropColumn('thumbnail').execute();
}
