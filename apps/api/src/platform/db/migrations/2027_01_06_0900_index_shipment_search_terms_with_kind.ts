import type { MigrationDb } from './helpers.js';

/**
 * A vendor's shipment search by several words (issue 34 'Scale'; decision 0150): each
 * word is a range of a vendor's terms of kind `n` (a name word). The index
 * `shipment_search_terms_vendor_idx (vendor_id, term, shipment_id)` did not hold the
 * kind, so each term of a word's range was read from the table to test it: 13,398 rows
 * and 34 ms for `cha` within the busiest vendor of a 1,000,000-order store, against
 * 0.4 ms for the same range read from the index alone. It is replaced by
 * `shipment_search_terms_vendor_kind_idx (vendor_id, term, kind, shipment_id)`: the same
 * ranges (a whole text's search reads it as before), the kind tested in the index. One
 * index replaces the other, so the checkout writes no more than before.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('shipment_search_terms_vendor_kind_idx')
    .on('shipment_search_terms')
    .columns(['vendor_id', 'term', 'kind', 'shipment_id'])
    .execute();
  await db.schema.dropIndex('shipment_search_terms_vendor_idx').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('shipment_search_terms_vendor_idx')
    .on('shipment_search_terms')
    .columns(['vendor_id', 'term', 'shipment_id'])
    .execute();
  await db.schema.dropIndex('shipment_search_terms_vendor_kind_idx').execute();
}
