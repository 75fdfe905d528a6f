import { type MigrationDb, timestampType } from './helpers.js';

/**
 * A customer can be anonymised on request (issue 26 'Customers'; India's DPDP Act 2023,
 * GDPR): `users.anonymised_at` (UTC) records when, so it is shown and not done twice.
 * The Customers list reads customers newest first over `users_role_created_at_idx`
 * and each page's order figures over `orders_user_id_idx`, both already there.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('anonymised_at', timestampType(db)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('anonymised_at').execute();
}
