import { type MigrationDb, references, timestampType } from './helpers.js';

/**
 * Dashboard Settings (issue 10, `/admin/dashboard-settings`): one row per user who has
 * saved their choice, deleted with the account. `hidden` is a JSON array of the
 * widget names they hide (the contract's `dashboardWidgets`), `months` the months the
 * monthly chart covers (3, 6 or 12). `updated_at` is the version an edit carries
 * (decision 0018). A user without a row sees everything over 12 months.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('dashboard_settings')
    .addColumn('user_id', 'integer', (col) => references('users.id', 'cascade')(col.primaryKey()))
    .addColumn('hidden', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('months', 'integer', (col) => col.notNull().defaultTo(12))
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), (col) => col.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('dashboard_settings').execute();
}
