import { sql } from 'kysely';
import { type MigrationDb, references, timestampType } from './helpers.js';

/**
 * Contact messages can be marked handled (issue 27): `handled_at` and `handled_by`
 * (null while not handled). The inbox's "Not handled" filter reads the partial index of
 * the messages still waiting, newest first.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('contacts').addColumn('handled_at', timestampType(db)).execute();
  await db.schema
    .alterTable('contacts')
    .addColumn('handled_by', 'integer', references('users.id', 'set null'))
    .execute();
  await sql`create index contacts_waiting_idx on contacts (created_at, id) where handled_at is null`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index contacts_waiting_idx`.execute(db);
  await db.schema.alterTable('contacts').dropColumn('handled_by').execute();
  await db.schema.alterTable('contacts').dropColumn('handled_at').execute();
}
