import { sql } from 'kysely';
import {
  booleanType,
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

const orderStates = ['Order Placed', 'Packaging', 'On The Road', 'Delivered', 'Cancelled'];
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
];
const returnReasons = ['damaged', 'wrong_item', 'not_as_described', 'changed_mind', 'other'];

/**
 * Orders that go wrong (issue 24, decision 0100): cancellations of whole orders or of
 * some units, returns after delivery with their refunds, each a record of its own with
 * its lines; the final status Cancelled; and the per-day totals counting what was sold,
 * net of refunds.
 * - `orders.status` and `order_status_history.status` take 'Cancelled';
 *   `notifications.kind` takes 'order_cancelled' and 'order_returned'.
 * - `orders.coupon_discount_paise`: the discount as placed, from which each line's share
 *   is allocated (largest remainder); `discount_paise` becomes what is left of it.
 *   `cancelled_total_paise` and `refunded_total_paise`: what cancellations took off and
 *   what returns refunded.
 * - `order_items.cancelled_quantity` and `returned_quantity`: units taken back.
 * - `order_daily_totals` sums `discounted_total_paise - refunded_total_paise`.
 * - `order_cancel_requests`: a vendor asks to cancel their lines of an order; an admin
 *   accepts (a cancellation) or declines with a reason. Notifications take the kinds
 *   'cancel_requested' and 'cancel_declined'.
 */
export async function up(db: MigrationDb): Promise<void> {
  await widenCheckConstraint(db, 'orders', 'orders_status_check', 'status', orderStates);
  await widenCheckConstraint(db, 'order_status_history', 'order_status_history_status_check', 'status', orderStates);
  await widenCheckConstraint(db, 'notifications', 'notifications_kind_check', 'kind', notificationKinds);

  await db.schema
    .alterTable('orders')
    .addColumn('coupon_discount_paise', moneyType, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('cancelled_total_paise', moneyType, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_total_paise', moneyType, (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update orders set coupon_discount_paise = discount_paise where discount_paise <> 0`.execute(db);
  await db.schema
    .alterTable('order_items')
    .addColumn('cancelled_quantity', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('returned_quantity', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('order_cancellations'))
      .addColumn('order_id', 'integer', (col) => references('orders.id', 'cascade')(col.notNull()))
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('is_whole_order', booleanType(db), (col) => col.notNull())
      .addColumn('amount_paise', moneyType, (col) => col.notNull())
      .addColumn('discount_paise', moneyType, (col) => col.notNull())
      .addColumn('cancelled_by', 'integer', references('users.id', 'set null'))
      .addCheckConstraint('order_cancellations_amounts_check', sql`amount_paise >= 0 and discount_paise >= 0`),
  ).execute();
  await db.schema
    .createIndex('order_cancellations_order_id_idx')
    .on('order_cancellations')
    .column('order_id')
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('order_returns'))
      .addColumn('order_id', 'integer', (col) => references('orders.id', 'cascade')(col.notNull()))
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('note', 'text')
      .addColumn('is_restocked', booleanType(db), (col) => col.notNull())
      .addColumn('refund_paise', moneyType, (col) => col.notNull())
      .addColumn('refund_method', 'text', (col) => col.notNull())
      .addColumn('returned_by', 'integer', references('users.id', 'set null'))
      .addCheckConstraint('order_returns_reason_check', oneOf('reason', returnReasons))
      .addCheckConstraint('order_returns_refund_check', sql`refund_paise >= 0`),
  ).execute();
  await db.schema.createIndex('order_returns_order_id_idx').on('order_returns').column('order_id').execute();

  // The lines of both: which order line, how many units, their value after their share
  // of the coupon's discount (paise).
  for (const [table, parent] of [
    ['order_cancellation_items', 'order_cancellations'],
    ['order_return_items', 'order_returns'],
  ] as const) {
    const parentColumn = parent === 'order_cancellations' ? 'cancellation_id' : 'return_id';
    await db.schema
      .createTable(table)
      .addColumn('id', 'integer', (col) =>
        isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
      )
      .addColumn(parentColumn, 'integer', (col) => references(`${parent}.id`, 'cascade')(col.notNull()))
      .addColumn('order_item_id', 'integer', (col) => references('order_items.id', 'cascade')(col.notNull()))
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('amount_paise', moneyType, (col) => col.notNull())
      .addColumn('discount_paise', moneyType, (col) => col.notNull())
      .addCheckConstraint(`${table}_quantity_check`, sql`quantity > 0 and amount_paise >= 0 and discount_paise >= 0`)
      .execute();
    await db.schema.createIndex(`${table}_parent_idx`).on(table).column(parentColumn).execute();
  }

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('order_cancel_requests'))
      .addColumn('order_id', 'integer', (col) => references('orders.id', 'cascade')(col.notNull()))
      .addColumn('vendor_id', 'integer', (col) => references('vendors.id', 'cascade')(col.notNull()))
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('decision_reason', 'text')
      .addColumn('decided_by', 'integer', references('users.id', 'set null'))
      .addColumn('decided_at', timestampType(db))
      .addCheckConstraint('order_cancel_requests_status_check', oneOf('status', ['pending', 'accepted', 'declined'])),
  ).execute();
  await db.schema
    .createIndex('order_cancel_requests_order_id_idx')
    .on('order_cancel_requests')
    .columns(['order_id', 'status'])
    .execute();
  // At most one pending request per vendor and order.
  await db.schema
    .createIndex('order_cancel_requests_pending_key')
    .on('order_cancel_requests')
    .columns(['order_id', 'vendor_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await countNetOfRefunds(db);
  const day = isPostgres(db) ? sql`(created_at at time zone 'UTC')::date` : sql`substr(created_at, 1, 10)`;
  await sql`delete from order_daily_totals`.execute(db);
  await sql`
    insert into order_daily_totals (day, status, order_count, total_paise)
    select ${day}, status, count(*), sum(discounted_total_paise - refunded_total_paise)
      from orders group by 1, 2`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('order_cancel_requests').execute();
  await db.schema.dropTable('order_return_items').execute();
  await db.schema.dropTable('order_cancellation_items').execute();
  await db.schema.dropTable('order_returns').execute();
  await db.schema.dropTable('order_cancellations').execute();
}

/** The per-day totals' triggers, counting each order at its total less its refunds. */
async function countNetOfRefunds(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    const upsert = (rows: string, sign: '+' | '-') => `
      insert into order_daily_totals (day, status, order_count, total_paise)
      select (created_at at time zone 'UTC')::date, status, ${sign}count(*),
             ${sign}sum(discounted_total_paise - refunded_total_paise)
        from ${rows} group by 1, 2
      on conflict (day, status) do update
        set order_count = order_daily_totals.order_count + excluded.order_count,
            total_paise = order_daily_totals.total_paise + excluded.total_paise;`;
    const fn = (name: string, body: string) =>
      sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
        begin ${body} return null; end $$`);
    await sql`${fn('order_daily_totals_add', upsert('added', '+'))}`.execute(db);
    await sql`${fn('order_daily_totals_remove', upsert('removed', '-'))}`.execute(db);
    await sql`${fn('order_daily_totals_move', upsert('removed', '-') + upsert('added', '+'))}`.execute(db);
    return;
  }
  await sql`drop trigger order_daily_totals_after_insert`.execute(db);
  await sql`drop trigger order_daily_totals_after_delete`.execute(db);
  await sql`drop trigger order_daily_totals_after_update`.execute(db);
  const add = sql`
    insert into order_daily_totals (day, status, order_count, total_paise)
    values (substr(new.created_at, 1, 10), new.status, 1, new.discounted_total_paise - new.refunded_total_paise)
    on conflict (day, status) do update
      set order_count = order_count + 1, total_paise = total_paise + excluded.total_paise;`;
  const remove = sql`
    update order_daily_totals
      set order_count = order_count - 1,
          total_paise = total_paise - (old.discounted_total_paise - old.refunded_total_paise)
      where day = substr(old.created_at, 1, 10) and status = old.status;`;
  await sql`create trigger order_daily_totals_after_insert after insert on orders begin ${add} end`.execute(db);
  await sql`create trigger order_daily_totals_after_delete after delete on orders begin ${remove} end`.execute(db);
  await sql`
    create trigger order_daily_totals_after_update
    after update of created_at, status, discounted_total_paise, refunded_total_paise on orders
    begin ${remove} ${add} end`.execute(db);
}
