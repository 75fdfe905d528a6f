import { sql } from 'kysely';
import { type MigrationDb, oneOf, references, timestampType, withId, withTimestamps } from './helpers.js';

/** Users of every role, and the vendor profile of a vendor user (spec section 3). */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('users'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('role', 'text', (col) => col.notNull())
      .addColumn('phone', 'text')
      .addCheckConstraint('users_role_check', oneOf('role', ['admin', 'vendor', 'customer'])),
  ).execute();
  await db.schema.createIndex('users_email_key').on('users').unique().column('email').execute();
  await db.schema.createIndex('users_role_created_at_idx').on('users').columns(['role', 'created_at']).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('vendors'))
      .addColumn('user_id', 'integer', (col) => references('users.id', 'cascade')(col.notNull()))
      .addColumn('business_name', 'text', (col) => col.notNull())
      .addColumn('phone_number', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
      .addColumn('reviewed_by', 'integer', references('users.id', 'set null'))
      .addColumn('reviewed_at', timestampType(db))
      .addCheckConstraint('vendors_status_check', oneOf('status', ['pending', 'approved', 'rejected'])),
  ).execute();
  await db.schema.createIndex('vendors_user_id_key').on('vendors').unique().column('user_id').execute();
  await db.schema
    .createIndex('vendors_status_created_at_idx')
    .on('vendors')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('vendors_business_name_idx')
    .on('vendors')
    .expression(sql`lower(business_name)`)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('vendors').execute();
  await db.schema.dropTable('users').execute();
}
