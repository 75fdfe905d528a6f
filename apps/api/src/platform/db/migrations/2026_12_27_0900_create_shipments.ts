import { sql } from 'kysely';
import { backfillShipments } from '../shipment-backfill.js';
import {
  booleanType,
  isPostgres,
  type MigrationDb,
  oneOf,
  references,
  timestampType,
  withId,
  withTimestamps,
} from './helpers.js';

const orderStates = ['Order Placed', 'Packaging', 'On The Road', 'Delivered', 'Cancelled'];

/**
 * Shipments (issue 34; docs/decisions/0122-shipments.md and 0123):
 * - `shipments`: one per vendor of an order (`vendor_id` null: the store's own
 *   products), more after a partial dispatch; its own status, ship-by time, carrier,
 *   AWB, shipped and delivered times, and `is_shipped_late` (shipped after ship-by, set
 *   at dispatch: the late-dispatch rate counts it). Indexes: a vendor's queue by status
 *   and ship-by (keyset `(ship_by, id)`), by ship-by alone (the whole queue), the order's
 *   shipments, an AWB (the manifest import), the unshipped by ship-by (the orders list's
 *   late filter) and a vendor's dispatches and deliveries by time (performance).
 * - `shipment_items`: the units of each order line a shipment holds (less those
 *   cancelled), so the units of a line over its shipments are its quantity less its
 *   cancelled units.
 * - `order_cancellations.seller_vendor_id`: the vendor whose own cancellation (or
 *   accepted request) it was; their cancellation rate counts it.
 * - `order_payout_holds` is keyed by order and vendor: a vendor's earnings on an order
 *   wait from the delivery of their own part, not of the whole order.
 * Existing orders get their shipments from their lines, with the order's status (a
 * vendor whose every unit was cancelled: Cancelled), ship-by 48 hours after placement,
 * shipped and delivered times from the status history; their holds one per vendor.
 */
export async function up(db: MigrationDb): Promise<void> {
  const postgres = isPostgres(db);
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('shipments'))
      .addColumn('order_id', 'integer', (col) => references('orders.id', 'cascade')(col.notNull()))
      // No foreign key: a deleted vendor's shipments keep their id, as order lines do.
      .addColumn('vendor_id', 'integer')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('ship_by', timestampType(db), (col) => col.notNull())
      .addColumn('carrier', 'text')
      .addColumn('awb', 'text')
      .addColumn('shipped_at', timestampType(db))
      .addColumn('delivered_at', timestampType(db))
      .addColumn('is_shipped_late', booleanType(db), (col) => col.notNull().defaultTo(postgres ? sql`false` : 0))
      .addCheckConstraint('shipments_status_check', oneOf('status', orderStates)),
  ).execute();
  await db.schema.createIndex('shipments_order_idx').on('shipments').columns(['order_id', 'vendor_id']).execute();
  await db.schema
    .createIndex('shipments_vendor_queue_idx')
    .on('shipments')
    .columns(['vendor_id', 'status', 'ship_by', 'id'])
    .execute();
  await db.schema
    .createIndex('shipments_vendor_ship_by_idx')
    .on('shipments')
    .columns(['vendor_id', 'ship_by', 'id'])
    .execute();
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
  await sql`create index shipments_unshipped_idx on shipments (ship_by, order_id) where status in ('Order Placed', 'Packaging')`.execute(
    db,
  );

  await db.schema
    .createTable('shipment_items')
    .addColumn('shipment_id', 'integer', (col) => references('shipments.id', 'cascade')(col.notNull()))
    .addColumn('order_item_id', 'integer', (col) => references('order_items.id', 'cascade')(col.notNull()))
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('shipment_items_pkey', ['shipment_id', 'order_item_id'])
    .addCheckConstraint('shipment_items_quantity_check', sql`quantity >= 0`)
    .execute();
  await db.schema.createIndex('shipment_items_line_idx').on('shipment_items').column('order_item_id').execute();

  await db.schema.alterTable('order_cancellations').addColumn('seller_vendor_id', 'integer').execute();
  await db.schema
    .createIndex('order_cancellations_seller_idx')
    .on('order_cancellations')
    .columns(['seller_vendor_id', 'created_at'])
    .execute();

  // A vendor's lines by vendor, for their performance's ordered and returned units.
  await db.schema.createIndex('order_items_vendor_idx').on('order_items').columns(['vendor_id', 'order_id']).execute();

  await backfillShipments(db);

  // Holds per order and vendor.
  await sql`drop index order_payout_holds_waiting_idx`.execute(db);
  await sql`alter table order_payout_holds rename to order_payout_holds_v1`.execute(db);
  await db.schema
    .createTable('order_payout_holds')
    .addColumn('order_id', 'integer', (col) => references('orders.id', 'cascade')(col.notNull()))
    .addColumn('vendor_id', 'integer', (col) => col.notNull())
    .addColumn('delivered_at', timestampType(db), (col) => col.notNull())
    .addColumn('released_at', timestampType(db))
    .addPrimaryKeyConstraint('order_payout_holds_part_pkey', ['order_id', 'vendor_id'])
    .execute();
  await sql`insert into order_payout_holds (order_id, vendor_id, delivered_at, released_at)
    select h.order_id, v.vendor_id, h.delivered_at, h.released_at
    from order_payout_holds_v1 h
    join (select distinct order_id, vendor_id from order_items where vendor_id is not null) v on v.order_id = h.order_id`.execute(
    db,
  );
  await sql`drop table order_payout_holds_v1`.execute(db);
  await sql`create index order_payout_holds_waiting_idx on order_payout_holds (delivered_at) where released_at is null`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index order_payout_holds_waiting_idx`.execute(db);
  await sql`alter table order_payout_holds rename to order_payout_holds_v2`.execute(db);
  await db.schema
    .createTable('order_payout_holds')
    .addColumn('order_id', 'integer', (col) => references('orders.id', 'cascade')(col.primaryKey()))
    .addColumn('delivered_at', timestampType(db), (col) => col.notNull())
    .addColumn('released_at', timestampType(db))
    .execute();
  await sql`insert into order_payout_holds (order_id, delivered_at, released_at)
    select order_id, max(delivered_at), min(released_at) from order_payout_holds_v2 group by order_id`.execute(db);
  await sql`drop table order_payout_holds_v2`.execute(db);
  await sql`create index order_payout_holds_waiting_idx on order_payout_holds (delivered_at) where released_at is null`.execute(
    db,
  );
  await db.schema.dropIndex('order_items_vendor_idx').execute();
  await db.schema.dropIndex('order_cancellations_seller_idx').execute();
  await db.schema.alterTable('order_cancellations').dropColumn('seller_vendor_id').execute();
  await db.schema.dropTable('shipment_items').execute();
  await db.schema.dropTable('shipments').execute();
}
