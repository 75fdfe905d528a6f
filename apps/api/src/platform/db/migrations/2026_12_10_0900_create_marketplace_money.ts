import { sql } from 'kysely';
import {
  isPostgres,
  type MigrationDb,
  moneyType,
  oneOf,
  references,
  timestampType,
  widenCheckConstraint,
  withId,
  withTimestamps,
} from './helpers.js';

const notificationKinds = [
  'order_placed',
  'low_stock',
  'product_submitted',
  'vendor_registered',
  'contact_received',
  'product_approved',
  'product_rejected',
  'order_cancelled',
  'order_returned',
  'cancel_requested',
  'cancel_declined',
  'payout_paid',
  'bank_details_changed',
  'vendor_approved',
];
const entryKinds = [
  'sale',
  'commission',
  'cancellation',
  'commission_reversal',
  'refund',
  'payout',
  'payout_failed',
  'adjustment',
];

/**
 * The marketplace's money (issue 25, decision 0106): commission rates, what each sale
 * was charged, each vendor's append-only ledger and balances, and payouts.
 * - `notifications.kind` takes 'payout_paid', 'bank_details_changed' and, for issue 27,
 *   'vendor_approved' (a vendor hears that their account was approved).
 * - `commission_rates`: a percentage in basis points (1000 = 10%) for the store (no
 *   category, no vendor: the default), a category, a vendor, or a vendor within a
 *   category; one rate per scope (`commission_rates_scope_key`). Optional floor and cap
 *   per line (paise). The default rate is 10%.
 * - `order_items` keep, from the moment the order is placed: the line's `vendor_id`
 *   (null: the store's own product), the rate applied (`commission_rate_bp`), the
 *   line's net (`net_paise`: its price less its share of the coupon's discount) and its
 *   commission (`commission_paise`). No foreign key on the vendor: a sale stays on
 *   record when the vendor goes.
 * - `vendor_ledger_entries`: append-only, signed paise; never updated or deleted.
 * - `vendor_balances`: one row per vendor with a ledger, the sum of its entries split
 *   into pending, available and in a payout (`processing`), plus what was paid; written
 *   in the transaction of each entry.
 * - `order_payout_holds`: a delivered order with vendor lines waits here until
 *   `PAYOUT_HOLD_DAYS` have passed; then its entries move from pending to available
 *   and `released_at` is set.
 * - `payouts`: one per vendor and run, Pending → Paid (bank reference) or Failed
 *   (reason); at most one Pending per vendor (`payouts_pending_key`), which is what
 *   makes racing "Pay all" runs make one payout per vendor. The bank details are copied
 *   in when it is made, for the bank's file.
 * - `commission_daily_totals`: the store's commission per UTC day (`YYYY-MM-DD`), net of
 *   what cancellations and refunds gave back; written with each commission entry, so the
 *   dashboard's month and all-time figures read a few hundred rows.
 * - `vendors` keep their bank details and when they last changed them.
 */
export async function up(db: MigrationDb): Promise<void> {
  const postgres = isPostgres(db);
  await widenCheckConstraint(db, 'notifications', 'notifications_kind_check', 'kind', notificationKinds);

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('commission_rates'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('percentage_bp', 'integer', (col) => col.notNull())
      .addColumn('category_id', 'integer', references('categories.id', 'cascade'))
      .addColumn('vendor_id', 'integer', references('vendors.id', 'cascade'))
      .addColumn('min_paise', moneyType)
      .addColumn('max_paise', moneyType)
      .addCheckConstraint('commission_rates_percentage_check', sql`percentage_bp between 0 and 10000`)
      .addCheckConstraint(
        'commission_rates_bounds_check',
        sql`(min_paise is null or min_paise >= 0) and (max_paise is null or max_paise >= 0) and (min_paise is null or max_paise is null or min_paise <= max_paise)`,
      ),
  ).execute();
  await sql`create unique index commission_rates_scope_key on commission_rates (coalesce(vendor_id, 0), coalesce(category_id, 0))`.execute(
    db,
  );
  const now = new Date().toISOString();
  await db
    .insertInto('commission_rates')
    .values({ name: 'Store default', percentage_bp: 1000, created_at: now, updated_at: now })
    .execute();

  await db.schema.alterTable('order_items').addColumn('vendor_id', 'integer').execute();
  await db.schema.alterTable('order_items').addColumn('commission_rate_bp', 'integer').execute();
  await db.schema.alterTable('order_items').addColumn('net_paise', moneyType).execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('commission_paise', moneyType, (col) => col.notNull().defaultTo(0))
    .execute();
  // Lines placed before the ledger keep their vendor for the record, with no commission.
  await sql`update order_items set vendor_id = (select p.vendor_id from products p where p.id = order_items.product_id)
    where product_id is not null`.execute(db);

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('vendor_ledger_entries'))
      .addColumn('vendor_id', 'integer', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('amount_paise', moneyType, (col) => col.notNull())
      .addColumn('order_id', 'integer')
      .addColumn('order_item_id', 'integer')
      .addColumn('payout_id', 'integer')
      .addColumn('note', 'text')
      .addColumn('created_by', 'integer')
      .addCheckConstraint('vendor_ledger_entries_kind_check', oneOf('kind', entryKinds)),
  ).execute();
  await db.schema
    .createIndex('vendor_ledger_entries_vendor_idx')
    .on('vendor_ledger_entries')
    .columns(['vendor_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('vendor_ledger_entries_order_idx')
    .on('vendor_ledger_entries')
    .columns(['order_id', 'vendor_id'])
    .execute();

  await db.schema
    .createTable('vendor_balances')
    .addColumn('vendor_id', 'integer', (col) => references('vendors.id', 'cascade')(col.primaryKey()))
    .addColumn('pending_paise', moneyType, (col) => col.notNull().defaultTo(0))
    .addColumn('available_paise', moneyType, (col) => col.notNull().defaultTo(0))
    .addColumn('processing_paise', moneyType, (col) => col.notNull().defaultTo(0))
    .addColumn('paid_paise', moneyType, (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', timestampType(db), (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('order_payout_holds')
    .addColumn('order_id', 'integer', (col) => references('orders.id', 'cascade')(col.primaryKey()))
    .addColumn('delivered_at', timestampType(db), (col) => col.notNull())
    .addColumn('released_at', timestampType(db))
    .execute();
  await sql`create index order_payout_holds_waiting_idx on order_payout_holds (delivered_at) where released_at is null`.execute(
    db,
  );

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('payouts'))
      .addColumn('vendor_id', 'integer', (col) => col.notNull())
      .addColumn('amount_paise', moneyType, (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('account_holder', 'text', (col) => col.notNull())
      .addColumn('account_number', 'text', (col) => col.notNull())
      .addColumn('ifsc', 'text', (col) => col.notNull())
      .addColumn('reference', 'text')
      .addColumn('paid_on', 'text')
      .addColumn('failure_reason', 'text')
      .addColumn('created_by', 'integer')
      .addColumn('decided_by', 'integer')
      .addColumn('decided_at', timestampType(db))
      .addCheckConstraint('payouts_status_check', oneOf('status', ['Pending', 'Paid', 'Failed']))
      .addCheckConstraint('payouts_amount_check', sql`amount_paise > 0`),
  ).execute();
  await sql`create unique index payouts_pending_key on payouts (vendor_id) where status = 'Pending'`.execute(db);
  await db.schema.createIndex('payouts_list_idx').on('payouts').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('payouts_vendor_idx').on('payouts').columns(['vendor_id', 'created_at', 'id']).execute();

  await db.schema
    .createTable('commission_daily_totals')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('commission_paise', moneyType, (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable('vendors').addColumn('bank_account_holder', 'text').execute();
  await db.schema.alterTable('vendors').addColumn('bank_account_number', 'text').execute();
  await db.schema.alterTable('vendors').addColumn('bank_ifsc', 'text').execute();
  await db.schema.alterTable('vendors').addColumn('bank_changed_at', timestampType(db)).execute();
  if (postgres) await sql`analyze commission_rates`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const column of ['bank_account_holder', 'bank_account_number', 'bank_ifsc', 'bank_changed_at'])
    await db.schema.alterTable('vendors').dropColumn(column).execute();
  await db.schema.dropTable('commission_daily_totals').execute();
  await db.schema.dropTable('payouts').execute();
  await db.schema.dropTable('order_payout_holds').execute();
  await db.schema.dropTable('vendor_balances').execute();
  await db.schema.dropTable('vendor_ledger_entries').execute();
  for (const column of ['vendor_id', 'commission_rate_bp', 'net_paise', 'commission_paise'])
    await db.schema.alterTable('order_items').dropColumn(column).execute();
  await db.schema.dropTable('commission_rates').execute();
}
