import { sql } from 'kysely';
import { backfillShipmentSearchTerms, hasTable } from '../shipment-search-terms.js';
import { isPostgres, type MigrationDb } from './helpers.js';

/**
 * The vendor shipment queue's search index (issue 34 'Scale';
 * docs/decisions/0150-a-vendors-shipment-search-by-term-prefix.md):
 * `shipment_search_terms`, a shipment's terms, lower-cased (kind `t` the order's
 * tracking number, `a` the AWB, `n` a word of the customer's billing name), keyed by
 * `(shipment_id, kind, term)`, and `shipment_search_terms_vendor_idx` on
 * `(vendor_id, term, shipment_id)`: a vendor's search is one range of it. On
 * PostgreSQL the term is `collate "C"`, so the range is code point order as on SQLite.
 *
 * This name sorts before 2026_12_27_0900_create_shipments, so on a fresh store it runs
 * first: the table names no foreign key to `shipments` (orders, and so shipments, are
 * never deleted; the search joins `shipments`, so a term left over finds nothing), and
 * the shipments that migration makes get their terms from `backfillShipments`. On a
 * store that has shipments already, their terms are written here.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('shipment_search_terms')
    .addColumn('shipment_id', 'integer', (col) => col.notNull())
    .addColumn('vendor_id', 'integer')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('term', 'text', (col) => (isPostgres(db) ? col.notNull().modifyFront(sql`collate "C"`) : col.notNull()))
    .addPrimaryKeyConstraint('shipment_search_terms_pkey', ['shipment_id', 'kind', 'term'])
    .addCheckConstraint('shipment_search_terms_kind_check', sql`kind in ('t', 'a', 'n')`)
    .execute();
  await db.schema
    .createIndex('shipment_search_terms_vendor_idx')
    .on('shipment_search_terms')
    .columns(['vendor_id', 'term', 'shipment_id'])
    .execute();
  if (await hasTable(db, 'shipments')) await backfillShipmentSearchTerms(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('shipment_search_terms').execute();
}
