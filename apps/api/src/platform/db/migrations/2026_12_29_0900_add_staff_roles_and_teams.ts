import { type MigrationDb, oneOf, references, timestampType, withId } from './helpers.js';

/**
 * Staff roles and seller teams (issue 36; decisions 0128, 0129, 0130):
 * - `users.staff_role`: an admin's built-in role; every admin there was becomes the
 *   `owner` (the spec's admin), so the spec's calls behave as before.
 * - `users.removed_at`: a staff or team member removed (UTC); the account keeps its
 *   history (activity, payouts it made) but can no longer sign in.
 * - `vendor_members`: the managers and staff of a vendor account. The owner is not a
 *   row here: it is `vendors.user_id`, as it always was, so every vendor keeps working.
 * - `invitations`: a staff or team invitation, its single-use token stored as a SHA-256
 *   hash, valid until `expires_at`.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('staff_role', 'text').execute();
  await db.schema.alterTable('users').addColumn('removed_at', timestampType(db)).execute();
  await db.updateTable('users').set({ staff_role: 'owner' }).where('role', '=', 'admin').execute();

  await db.schema
    .createTable('vendor_members')
    .addColumn('user_id', 'integer', (col) => references('users.id', 'cascade')(col.primaryKey()))
    .addColumn('vendor_id', 'integer', (col) => references('vendors.id', 'cascade')(col.notNull()))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), (col) => col.notNull())
    .addCheckConstraint('vendor_members_role_check', oneOf('role', ['manager', 'staff']))
    .execute();
  await db.schema.createIndex('vendor_members_vendor_id_idx').on('vendor_members').column('vendor_id').execute();

  await withId(db, db.schema.createTable('invitations'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('vendor_id', 'integer', references('vendors.id', 'cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('invited_by', 'integer', references('users.id', 'set null'))
    .addColumn('expires_at', timestampType(db), (col) => col.notNull())
    .addColumn('accepted_at', timestampType(db))
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addCheckConstraint('invitations_kind_check', oneOf('kind', ['staff', 'team']))
    .execute();
  await db.schema.createIndex('invitations_token_hash_key').on('invitations').unique().column('token_hash').execute();
  await db.schema.createIndex('invitations_email_idx').on('invitations').column('email').execute();
  await db.schema.createIndex('invitations_vendor_id_idx').on('invitations').column('vendor_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('invitations').execute();
  await db.schema.dropTable('vendor_members').execute();
  await db.schema.alterTable('users').dropColumn('removed_at').execute();
  await db.schema.alterTable('users').dropColumn('staff_role').execute();
}
