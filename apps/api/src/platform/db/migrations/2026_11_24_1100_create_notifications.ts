import { sql } from 'kysely';
import { type MigrationDb, oneOf, references, timestampType, withId } from './helpers.js';

/**
 * `notifications`: one row per recipient of each event (issue 10 'Live notifications';
 * docs/decisions/0065-notifications-one-row-per-recipient.md).
 * - `user_id`: who it is for (an admin or a vendor's user); deleting the user deletes them.
 * - `kind`: what happened (`order_placed`, `low_stock`, `product_submitted`,
 *   `vendor_registered`, `contact_received`, `product_approved`, `product_rejected`).
 * - `title`, `message`: the text as shown, written when the event happened.
 * - `subject_type`, `subject_id`: the record it concerns (no foreign key: the record may
 *   be deleted later, the notification stays as history); `link`: its screen address.
 * - `created_at` (UTC), `read_at` (UTC, null while unread).
 * Indexes: `(user_id, created_at, id)` serves "mine, newest first" as a keyset walk;
 * the partial `(user_id) where read_at is null` serves "my unread count" reading only
 * unread rows.
 */
export async function up(db: MigrationDb): Promise<void> {
  const time = timestampType(db);
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (col) => references('users.id', 'cascade')(col.notNull()))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('subject_type', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'integer', (col) => col.notNull())
    .addColumn('link', 'text', (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('read_at', time)
    .addCheckConstraint(
      'notifications_kind_check',
      oneOf('kind', [
        'order_placed',
        'low_stock',
        'product_submitted',
        'vendor_registered',
        'contact_received',
        'product_approved',
        'product_rejected',
      ]),
    )
    .addCheckConstraint(
      'notifications_subject_type_check',
      oneOf('subject_type', ['order', 'product', 'vendor', 'contact']),
    )
    .execute();
  await db.schema
    .createIndex('notifications_user_created_id_idx')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_user_unread_idx')
    .on('notifications')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
