import { type MigrationDb, references, withTimestamps } from './helpers.js';

/**
 * `checkout_keys`: the `Idempotency-Key` of each checkout that sent one, with a hash
 * of its request and the order it placed, so a retried checkout answers the first
 * order instead of placing a second (docs/decisions/0040-checkout.md).
 * - `key`: the header's value; the primary key, so two racing requests with one key
 *   cannot both claim it (the second waits for the first's transaction, then sees it).
 * - `request_hash`: SHA-256 of the request body; a reuse of the key for another body
 *   is refused.
 * - `order_id`: the order placed; set in the same transaction as the order. Deleting
 *   the order deletes the key.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    db.schema
      .createTable('checkout_keys')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('request_hash', 'text', (col) => col.notNull())
      .addColumn('order_id', 'integer', references('orders.id', 'cascade')),
  ).execute();
  await db.schema.createIndex('checkout_keys_order_id_idx').on('checkout_keys').column('order_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('checkout_keys').execute();
}
