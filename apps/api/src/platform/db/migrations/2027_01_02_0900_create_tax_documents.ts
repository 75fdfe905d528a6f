import { sql } from 'kysely';
import { isPostgres, type MigrationDb, moneyType, oneOf, timestampType, withId } from './helpers.js';

/** The tables a document is made of; both refuse every change (decision 0144). */
const IMMUTABLE = ['tax_documents', 'tax_document_lines'] as const;

/**
 * GST documents (issue 35, "Documents"; docs/decisions/0144-tax-documents-numbered-and-immutable.md):
 * - `tax_documents`: tax invoices (one per shipment dispatched), credit notes (one per
 *   invoice a cancellation or a return takes units back from) and commission invoices
 *   (the store to each vendor, monthly). Each has its `series` and consecutive `serial`
 *   within its issuer (`issuer_key`: the issuer's GSTIN, else `V<vendor id>` or `STORE`)
 *   and financial year (`2026-27`, April to March), and its printed `number` of at most
 *   16 characters (`INV/2627/0000001`); what made it (`source_key`, unique: a
 *   document is issued once for its shipment, correction or month); the frozen document as canonical JSON (`body`),
 *   its SHA-256 (`hash`), its totals for lists (paise), times UTC.
 * - `tax_document_lines`: each invoice and credit note line per order line (units and
 *   paise), so later credit notes know what was invoiced and credited.
 * - `tax_document_counters`: the last serial per issuer, series and year, bumped in the
 *   transaction that inserts the document (a crash or a rollback takes both back: no gap;
 *   the row lock orders racing issuers: no repeat; the unique index is the last guard).
 *
 * Both document tables refuse UPDATE and DELETE by trigger (as migration 2026_12_20_0900
 * does for the ledger). No foreign keys: a document outlives the order, shipment or vendor
 * it names (section 36 CGST Act: kept 72 months, rule 56). Orders placed before this have
 * no documents: nothing is issued backwards.
 */
export async function up(db: MigrationDb): Promise<void> {
  const instant = timestampType(db);
  await withId(db, db.schema.createTable('tax_documents'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('series', 'text', (col) => col.notNull())
    .addColumn('issuer_key', 'text', (col) => col.notNull())
    .addColumn('financial_year', 'text', (col) => col.notNull())
    .addColumn('serial', 'integer', (col) => col.notNull())
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('issuer_gstin', 'text')
    .addColumn('issuer_name', 'text', (col) => col.notNull())
    .addColumn('recipient_name', 'text', (col) => col.notNull())
    .addColumn('recipient_gstin', 'text')
    .addColumn('vendor_id', 'integer')
    .addColumn('order_id', 'integer')
    .addColumn('shipment_id', 'integer')
    .addColumn('refers_to_id', 'integer')
    .addColumn('source_key', 'text', (col) => col.notNull())
    .addColumn('period', 'text')
    .addColumn('taxable_paise', moneyType, (col) => col.notNull())
    .addColumn('cgst_paise', moneyType, (col) => col.notNull())
    .addColumn('sgst_paise', moneyType, (col) => col.notNull())
    .addColumn('igst_paise', moneyType, (col) => col.notNull())
    .addColumn('total_paise', moneyType, (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .addColumn('issued_at', instant, (col) => col.notNull())
    .addColumn('created_at', instant, (col) => col.notNull())
    .addCheckConstraint('tax_documents_kind_check', oneOf('kind', ['invoice', 'credit_note', 'commission_invoice']))
    .addCheckConstraint('tax_documents_number_check', sql`length(number) between 1 and 16 and serial > 0`)
    .execute();
  await db.schema
    .createIndex('tax_documents_number_key')
    .on('tax_documents')
    .columns(['issuer_key', 'series', 'financial_year', 'serial'])
    .unique()
    .execute();
  // What made it (`shipment:12`, `return:5:7`, `cancellation:3:7`, `commission:12:2026-11`): issued once.
  await db.schema.createIndex('tax_documents_source_key').on('tax_documents').column('source_key').unique().execute();
  await db.schema.createIndex('tax_documents_issued_idx').on('tax_documents').columns(['issued_at', 'id']).execute();
  await db.schema
    .createIndex('tax_documents_vendor_idx')
    .on('tax_documents')
    .columns(['vendor_id', 'issued_at', 'id'])
    .execute();
  await db.schema.createIndex('tax_documents_order_idx').on('tax_documents').column('order_id').execute();

  await db.schema
    .createTable('tax_document_lines')
    .addColumn('document_id', 'integer', (col) => col.notNull())
    .addColumn('order_item_id', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('taxable_paise', moneyType, (col) => col.notNull())
    .addColumn('cgst_paise', moneyType, (col) => col.notNull())
    .addColumn('sgst_paise', moneyType, (col) => col.notNull())
    .addColumn('igst_paise', moneyType, (col) => col.notNull())
    .addPrimaryKeyConstraint('tax_document_lines_pkey', ['document_id', 'order_item_id'])
    .execute();
  await db.schema.createIndex('tax_document_lines_item_idx').on('tax_document_lines').column('order_item_id').execute();

  await db.schema
    .createTable('tax_document_counters')
    .addColumn('issuer_key', 'text', (col) => col.notNull())
    .addColumn('series', 'text', (col) => col.notNull())
    .addColumn('financial_year', 'text', (col) => col.notNull())
    .addColumn('last_serial', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('tax_document_counters_pkey', ['issuer_key', 'series', 'financial_year'])
    .execute();

  if (isPostgres(db)) {
    await sql`
      create function refuse_tax_document_change() returns trigger language plpgsql as $$
      begin
        raise exception '% is immutable: issue a credit note instead', tg_table_name using errcode = 'restrict_violation';
      end $$`.execute(db);
    for (const table of IMMUTABLE) {
      await sql`
        create trigger ${sql.raw(`${table}_immutable`)}
        before update or delete on ${sql.table(table)}
        for each row execute function refuse_tax_document_change()`.execute(db);
      await sql`
        create trigger ${sql.raw(`${table}_no_truncate`)}
        before truncate on ${sql.table(table)}
        for each statement execute function refuse_tax_document_change()`.execute(db);
    }
    return;
  }
  for (const table of IMMUTABLE)
    for (const change of ['update', 'delete'])
      await sql`
        create trigger ${sql.raw(`${table}_no_${change}`)}
        before ${sql.raw(change)} on ${sql.table(table)}
        begin
          select raise(abort, '${sql.raw(table)} is immutable: issue a credit note instead');
        end`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  // Dropping a table drops its triggers (a DROP is no row change: the triggers allow it).
  await db.schema.dropTable('tax_document_counters').execute();
  await db.schema.dropTable('tax_document_lines').execute();
  await db.schema.dropTable('tax_documents').execute();
  if (isPostgres(db)) await sql`drop function refuse_tax_document_change()`.execute(db);
}
