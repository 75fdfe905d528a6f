import { type MigrationDb, timestampType } from './helpers.js';

/**
 * Sessions that can end (docs/decisions/0050-sessions-end-by-token-version-and-revoked-ids.md):
 * - `users.token_version`: carried in every token as `ver`; a token whose `ver` is not
 *   the account's current one is refused. Raised by a password change, a vendor's
 *   rejection or suspension, and an admin's reset of the password, so every token of
 *   the account stops at once, in every API process.
 * - `revoked_tokens`: the token ids (`jti`) signed out one by one (`POST /api/auth/logout`),
 *   kept until the token would have expired anyway (`expires_at`, UTC); the index serves
 *   the delete of expired rows.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('expires_at', timestampType(db), (col) => col.notNull())
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('revoked_tokens_expires_at_idx').on('revoked_tokens').column('expires_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('revoked_tokens').execute();
  await db.schema.alterTable('users').dropColumn('token_version').execute();
}
