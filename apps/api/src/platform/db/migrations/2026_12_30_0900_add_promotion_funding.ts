import { sql } from 'kysely';
import { type MigrationDb, moneyType, oneOf } from './helpers.js';

/**
 * Money, round two (issue 35; decisions 0131 and 0132):
 * - `coupons.funded_by`: who bears the coupon's discount, `'vendors'` (the rule so far,
 *   and every existing coupon's) or `'store'`.
 * - `orders.coupon_funded_by`: the coupon's funding frozen when the order was placed
 *   (null without a coupon; `'vendors'` for every existing order with one, which is how
 *   they were priced). `orders.coupon_discount_paise` (issue 24) already keeps the
 *   discount as placed; the wire now answers it as `coupon.discountAtPlacement`.
 * - `order_items.store_funded_paise`: the part of the line's discount share the store
 *   bears (0 unless the coupon is store-funded); the vendor's earning and commission base
 *   is `net_paise + store_funded_paise`.
 * - `order_items.commission_min_paise` and `commission_max_paise`: the floor and cap of
 *   the rate applied, frozen so that the commission kept after a correction is the rate
 *   on the net kept (decision 0132). Existing lines get the floor or cap their frozen
 *   commission shows: a commission above the rate on the net was raised to a floor of
 *   that amount, one below was lowered to a cap of that amount (the rate rounded half
 *   up, as `basisPointsOf`); a commission equal to the rate keeps neither.
 * - `commission_daily_totals.store_funded_paise`: the store-funded discounts of the day,
 *   net of what corrections gave back; the dashboard's commission is the commission
 *   less them (0 for every past day: no coupon was store-funded before).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('coupons')
    .addColumn('funded_by', 'text', (col) =>
      col
        .notNull()
        .defaultTo('vendors')
        .check(oneOf('funded_by', ['store', 'vendors'])),
    )
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('coupon_funded_by', 'text', (col) => col.check(oneOf('coupon_funded_by', ['store', 'vendors'])))
    .execute();
  await sql`update orders set coupon_funded_by = 'vendors' where coupon_code is not null`.execute(db);
  await db.schema
    .alterTable('order_items')
    .addColumn('store_funded_paise', moneyType, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_items').addColumn('commission_min_paise', moneyType).execute();
  await db.schema.alterTable('order_items').addColumn('commission_max_paise', moneyType).execute();
  await db.schema
    .alterTable('commission_daily_totals')
    .addColumn('store_funded_paise', moneyType, (col) => col.notNull().defaultTo(0))
    .execute();
  const rated = sql`(net_paise * commission_rate_bp + 5000) / 10000`;
  await sql`
    update order_items set
      commission_min_paise = case when commission_paise > ${rated} then commission_paise end,
      commission_max_paise = case when commission_paise < ${rated} then commission_paise end
    where vendor_id is not null and net_paise is not null and net_paise > 0 and commission_rate_bp is not null`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('commission_daily_totals').dropColumn('store_funded_paise').execute();
  await db.schema.alterTable('order_items').dropColumn('commission_max_paise').execute();
  await db.schema.alterTable('order_items').dropColumn('commission_min_paise').execute();
  await db.schema.alterTable('order_items').dropColumn('store_funded_paise').execute();
  await db.schema.alterTable('orders').dropColumn('coupon_funded_by').execute();
  await db.schema.alterTable('coupons').dropColumn('funded_by').execute();
}
