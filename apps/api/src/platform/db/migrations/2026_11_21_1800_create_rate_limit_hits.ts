import { type MigrationDb, timestampType } from './helpers.js';

/**
 * `rate_limit_hits`: the request counts of the rate limits (the sign-in limit), shared by
 * every API process so N processes do not allow N times the limit and a restart does
 * not forget them (docs/decisions/0015-login-rate-limit-in-the-database.md).
 * - `key`: the limited route and the caller (`POST/api/auth/admin/login-<ip>|<email>`).
 * - `hits`: requests counted in the current window.
 * - `reset_at`: when the current window ends (UTC); a later hit starts a new window.
 *
 * Written by one upsert per request (`platform/http/rate-limit-store.ts`). No id and no
 * created_at/updated_at: the key identifies a row, and the rows are short-lived counters.
 * The index serves the periodic `delete ... where reset_at < now` of expired rows.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('reset_at', timestampType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_hits_reset_at_idx').on('rate_limit_hits').column('reset_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
}
