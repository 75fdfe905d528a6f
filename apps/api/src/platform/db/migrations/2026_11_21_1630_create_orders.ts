import { sql } from 'kysely';
import { type MigrationDb, moneyType, oneOf, references, withId, withTimestamps } from './helpers.js';

const orderStatuses = ['Order Placed', 'Packaging', 'On The Road', 'Delivered'];

/** Orders, their lines and their status history (spec section 3). */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('orders'))
      .addColumn('tracking_number', 'text', (col) => col.notNull())
      .addColumn('user_id', 'integer', references('users.id', 'set null'))
      .addColumn('billing_full_name', 'text', (col) => col.notNull())
      .addColumn('billing_email', 'text', (col) => col.notNull())
      .addColumn('billing_phone', 'text', (col) => col.notNull())
      .addColumn('billing_note', 'text')
      .addColumn('billing_address', 'text', (col) => col.notNull())
      .addColumn('billing_city', 'text', (col) => col.notNull())
      .addColumn('billing_province', 'text', (col) => col.notNull())
      .addColumn('payment_method', 'text', (col) => col.notNull())
      .addColumn('subtotal_paise', moneyType, (col) => col.notNull())
      .addColumn('coupon_id', 'integer', references('coupons.id', 'set null'))
      .addColumn('coupon_code', 'text')
      .addColumn('discount_paise', moneyType, (col) => col.notNull().defaultTo(0))
      .addColumn('discounted_total_paise', moneyType, (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addCheckConstraint('orders_status_check', oneOf('status', orderStatuses))
      .addCheckConstraint(
        'orders_totals_check',
        sql`subtotal_paise >= 0 and discount_paise >= 0 and discount_paise <= subtotal_paise
          and discounted_total_paise = subtotal_paise - discount_paise`,
      ),
  ).execute();
  await db.schema.createIndex('orders_tracking_number_key').on('orders').unique().column('tracking_number').execute();
  // Newest first, and the dashboard's month and revenue figures, read from the index alone.
  await db.schema
    .createIndex('orders_created_at_idx')
    .on('orders')
    .columns(['created_at', 'status', 'discounted_total_paise'])
    .execute();
  await db.schema
    .createIndex('orders_status_created_at_idx')
    .on('orders')
    .columns(['status', 'created_at', 'discounted_total_paise'])
    .execute();
  await db.schema.createIndex('orders_user_id_idx').on('orders').column('user_id').execute();
  await db.schema.createIndex('orders_billing_email_idx').on('orders').column('billing_email').execute();
  await db.schema.createIndex('orders_coupon_id_idx').on('orders').column('coupon_id').execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('order_items'))
      .addColumn('order_id', 'integer', (col) => references('orders.id', 'cascade')(col.notNull()))
      .addColumn('product_id', 'integer', references('products.id', 'set null'))
      .addColumn('product_name', 'text', (col) => col.notNull())
      .addColumn('product_image', 'text')
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('sale_price_paise', moneyType, (col) => col.notNull())
      .addCheckConstraint('order_items_quantity_check', sql`quantity > 0 and sale_price_paise >= 0`),
  ).execute();
  await db.schema.createIndex('order_items_order_id_idx').on('order_items').column('order_id').execute();
  await db.schema.createIndex('order_items_product_id_idx').on('order_items').column('product_id').execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('order_status_history'))
      .addColumn('order_id', 'integer', (col) => references('orders.id', 'cascade')(col.notNull()))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('notes', 'text')
      .addColumn('changed_by', 'integer', references('users.id', 'set null'))
      .addCheckConstraint('order_status_history_status_check', oneOf('status', orderStatuses)),
  ).execute();
  await db.schema
    .createIndex('order_status_history_order_id_idx')
    .on('order_status_history')
    .columns(['order_id', 'created_at'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('order_status_history').execute();
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('orders').execute();
}
