import { sql } from 'kysely';
import { backfillShipmentSearchTerms } from '../shipment-search-terms.js';
import { isPostgres, type MigrationDb, references } from './helpers.js';

/**
 * The vendor shipment queue's search index and its Late tab's index (issue 34 'Scale';
 * docs/decisions/0150-a-vendors-shipment-search-by-term-prefix.md):
 * - `shipment_search_terms`: a shipment's terms, lower-cased (kind `t` the order's
 *   tracking number, `a` the AWB, `n` a word of the customer's billing name), keyed by
 *   `(shipment_id, kind, term)`, and `shipment_search_terms_vendor_idx` on
 *   `(vendor_id, term, shipment_id)`: a vendor's search is one range of it. On
 *   PostgreSQL the term is `collate "C"`, so the range is code point order as on SQLite.
 * - `shipments_vendor_unshipped_idx`: a vendor's shipments not yet on the road by
 *   `(ship_by, id)`, so the Late tab (and its count) is one range, most urgent first.
 * Existing shipments get their terms here (`backfillShipmentSearchTerms`).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('shipment_search_terms')
    .addColumn('shipment_id', 'integer', (col) => references('shipments.id', 'cascade')(col.notNull()))
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
  await sql`create index shipments_vendor_unshipped_idx on shipments (vendor_id, ship_by, id)
    where status in ('Order Placed', 'Packaging')`.execute(db);
  await backfillShipmentSearchTerms(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index shipments_vendor_unshipped_idx`.execute(db);
  await db.schema.dropTable('shipment_search_terms').execute();
}
