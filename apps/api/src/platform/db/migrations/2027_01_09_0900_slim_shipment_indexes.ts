import { sql } from 'kysely';
import type { MigrationDb } from './helpers.js';

/**
 * Fewer index entries written by every checkout (issues 34 and 35, checkout throughput;
 * docs/decisions/0143 and docs/performance.md): a shipment is inserted with no AWB, no
 * shipped time and no delivery time, yet three indexes took an entry for it.
 * - `shipments_awb_idx` is dropped: nothing reads shipments by AWB since the vendor's
 *   search reads `shipment_search_terms` (decision 0150).
 * - `shipments_vendor_shipped_idx` and `shipments_vendor_delivered_idx` (the seller
 *   performance figures, `sumPerformance`) become partial: only shipments shipped, or
 *   delivered, are in them, which is all those figures read.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('shipments_awb_idx').ifExists().execute();
  await db.schema.dropIndex('shipments_vendor_shipped_idx').execute();
  await db.schema.dropIndex('shipments_vendor_delivered_idx').execute();
  await sql`create index shipments_vendor_shipped_idx on shipments (vendor_id, shipped_at) where shipped_at is not null`.execute(
    db,
  );
  await sql`create index shipments_vendor_delivered_idx on shipments (vendor_id, delivered_at) where delivered_at is not null`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('shipments_vendor_shipped_idx').execute();
  await db.schema.dropIndex('shipments_vendor_delivered_idx').execute();
  await db.schema
    .createIndex('shipments_vendor_shipped_idx')
    .on('shipments')
    .columns(['vendor_id', 'shipped_at'])
    .execute();
  await db.schema
    .createIndex('shipments_vendor_delivered_idx')
    .on('shipments')
    .columns(['vendor_id', 'delivered_at'])
    .execute();
  await db.schema.createIndex('shipments_awb_idx').on('shipments').column('awb').execute();
}
