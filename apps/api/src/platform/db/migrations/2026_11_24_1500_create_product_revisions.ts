import { sql } from 'kysely';
import { type MigrationDb, oneOf, references, timestampType, withId, withTimestamps } from './helpers.js';

/**
 * Review that never loses work (issue 12; decisions 0044 and 0046):
 * - `products.rejection_reason`: why an admin last rejected the product, shown to its
 *   vendor and in the pending queue; cleared when the product is approved.
 * - `product_revisions`: a vendor's proposed change to what customers read on an
 *   approved product (name, details, brand, specifications, category, images), waiting
 *   for review while the approved version stays public. `proposed` holds the proposed
 *   fields and `base` the live ones they were proposed against, both as JSON text (the
 *   same on SQLite and PostgreSQL); `status` pending, approved or rejected, with the
 *   reviewer, the time and the reason of a rejection. At most one pending revision per
 *   product (a partial unique index); reviewed ones stay as history.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('products').addColumn('rejection_reason', 'text').execute();
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('product_revisions'))
      .addColumn('product_id', 'integer', (col) => references('products.id', 'cascade')(col.notNull()))
      .addColumn('proposed_by', 'integer', references('users.id', 'set null'))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('proposed', 'text', (col) => col.notNull())
      .addColumn('base', 'text', (col) => col.notNull())
      .addColumn('reason', 'text')
      .addColumn('reviewed_by', 'integer', references('users.id', 'set null'))
      .addColumn('reviewed_at', timestampType(db))
      .addCheckConstraint('product_revisions_status_check', oneOf('status', ['pending', 'approved', 'rejected'])),
  ).execute();
  await db.schema
    .createIndex('product_revisions_one_open_key')
    .on('product_revisions')
    .column('product_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('product_revisions_product_id_idx')
    .on('product_revisions')
    .columns(['product_id', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('product_revisions').execute();
  await db.schema.alterTable('products').dropColumn('rejection_reason').execute();
}
