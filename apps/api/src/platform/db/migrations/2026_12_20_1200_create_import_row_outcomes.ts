import { type MigrationDb, oneOf, timestampType } from './helpers.js';

/**
 * What each row of an import job did (issue 33; decision 0121): one row per line of the
 * file, written in the same transaction as the product the line created or updated (and
 * on its own for a line refused or unchanged), so a job taken up again after its process
 * died reads what its lines already did instead of planning them again ("unchanged",
 * for a product it created itself). Its rows go with their job.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('import_row_outcomes')
    .addColumn('job_id', 'integer', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('line', 'integer', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('sku', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('import_row_outcomes_pkey', ['job_id', 'line'])
    .addCheckConstraint(
      'import_row_outcomes_outcome_check',
      oneOf('outcome', ['created', 'updated', 'unchanged', 'refused']),
    )
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('import_row_outcomes').execute();
}
