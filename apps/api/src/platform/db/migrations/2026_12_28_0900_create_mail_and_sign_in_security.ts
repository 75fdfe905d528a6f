import { type MigrationDb, oneOf, timestampType, withId } from './helpers.js';

/**
 * E-mail and sign-in security (issue 36; decisions 0125, 0126, 0127):
 * - `mail_outbox`: every mail the store sends, written in the transaction of the event
 *   that causes it and delivered by the job queue's mail task. `dedupe_key` is unique
 *   (event + recipient + template), so one event never queues the same mail twice;
 *   `status` queued → sending → sent, or failed after its last attempt; `next_attempt_at`
 *   is the back-off; `lease_until` ends a delivery whose process died.
 * - `account_tokens`: single-use tokens of an account, stored as SHA-256 hashes only:
 *   a password reset (30 minutes), an e-mail verification, a two-factor sign-in
 *   challenge (5 minutes; `attempts` counts wrong codes).
 * - `recovery_codes`: the ten two-factor recovery codes of an account, hashed, each used once.
 * - `known_devices`: a hash of each device (browser) an account signed in from, so a new
 *   one is mailed to the account.
 * - `users` gain the two-factor secret (`totp_secret` once on, `totp_pending_secret`
 *   during set-up), the last time step used (a code is refused a second time),
 *   `email_verified_at` and `mail_opt_outs` (JSON list of the non-essential mails the
 *   user turned off). Existing users: two-factor off, address unverified, every mail on.
 * - `security_settings`: one row (id 1): whether staff must use two-factor sign-in.
 */
export async function up(db: MigrationDb): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('dedupe_key', 'text', (col) => col.notNull().unique())
    .addColumn('to_email', 'text', (col) => col.notNull())
    .addColumn('to_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('template', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('html', 'text')
    .addColumn('text', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', ts, (col) => col.notNull())
    .addColumn('lease_until', ts)
    .addColumn('sent_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addCheckConstraint('mail_outbox_status_check', oneOf('status', ['queued', 'sending', 'sent', 'failed']))
    .execute();
  // The delivery's claim: due mails oldest first; a stale lease by its end.
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at', 'id'])
    .execute();
  await db.schema.createIndex('mail_outbox_to_email_idx').on('mail_outbox').columns(['to_email', 'id']).execute();
  await db.schema.createIndex('mail_outbox_to_user_idx').on('mail_outbox').column('to_user_id').execute();

  await withId(db, db.schema.createTable('account_tokens'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addCheckConstraint(
      'account_tokens_purpose_check',
      oneOf('purpose', ['password_reset', 'email_verification', 'two_factor']),
    )
    .execute();
  await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('account_tokens_expires_idx').on('account_tokens').column('expires_at').execute();

  await withId(db, db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('known_devices_pkey', ['user_id', 'device_hash'])
    .execute();

  for (const [name, type] of [
    ['totp_secret', 'text'],
    ['totp_pending_secret', 'text'],
    ['totp_last_step', 'bigint'],
    ['email_verified_at', ts],
    ['mail_opt_outs', 'text'],
  ] as const)
    await db.schema.alterTable('users').addColumn(name, type).execute();

  await db.schema
    .createTable('security_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('require_two_factor_for_staff', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('security_settings').execute();
  for (const name of ['mail_opt_outs', 'email_verified_at', 'totp_last_step', 'totp_pending_secret', 'totp_secret'])
    await db.schema.alterTable('users').dropColumn(name).execute();
  await db.schema.dropTable('known_devices').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.dropTable('mail_outbox').execute();
}
