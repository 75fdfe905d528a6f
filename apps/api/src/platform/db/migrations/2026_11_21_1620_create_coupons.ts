import { sql } from 'kysely';
import {
  booleanType,
  dateType,
  type MigrationDb,
  moneyType,
  oneOf,
  references,
  withId,
  withTimestamps,
} from './helpers.js';

/** Coupons and the products and categories they are restricted to (spec section 3). */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('coupons'))
      .addColumn('code', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('discount_type', 'text', (col) => col.notNull())
      .addColumn('percent_off', 'integer')
      .addColumn('amount_off_paise', moneyType)
      .addColumn('min_order_paise', moneyType, (col) => col.notNull().defaultTo(0))
      .addColumn('max_discount_paise', moneyType)
      .addColumn('start_date', dateType(db), (col) => col.notNull())
      .addColumn('end_date', dateType(db), (col) => col.notNull())
      .addColumn('is_active', booleanType(db), (col) => col.notNull())
      .addColumn('usage_limit', 'integer')
      .addColumn('used_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addCheckConstraint('coupons_discount_type_check', oneOf('discount_type', ['percentage', 'fixed']))
      .addCheckConstraint(
        'coupons_discount_value_check',
        sql`(discount_type = 'percentage' and percent_off between 1 and 100 and amount_off_paise is null)
          or (discount_type = 'fixed' and amount_off_paise > 0 and percent_off is null and max_discount_paise is null)`,
      )
      .addCheckConstraint('coupons_dates_check', sql`end_date > start_date`)
      .addCheckConstraint('coupons_usage_check', sql`used_count >= 0 and (usage_limit is null or usage_limit >= 1)`)
      .addCheckConstraint('coupons_min_order_check', sql`min_order_paise >= 0`),
  ).execute();
  await db.schema.createIndex('coupons_code_key').on('coupons').unique().column('code').execute();
  await db.schema.createIndex('coupons_created_at_idx').on('coupons').column('created_at').execute();

  await withTimestamps(
    db,
    db.schema
      .createTable('coupon_products')
      .addColumn('coupon_id', 'integer', (col) => references('coupons.id', 'cascade')(col.notNull()))
      .addColumn('product_id', 'integer', (col) => references('products.id', 'cascade')(col.notNull()))
      .addPrimaryKeyConstraint('coupon_products_pkey', ['coupon_id', 'product_id']),
  ).execute();
  await db.schema.createIndex('coupon_products_product_id_idx').on('coupon_products').column('product_id').execute();

  await withTimestamps(
    db,
    db.schema
      .createTable('coupon_categories')
      .addColumn('coupon_id', 'integer', (col) => references('coupons.id', 'cascade')(col.notNull()))
      .addColumn('category_id', 'integer', (col) => references('categories.id', 'cascade')(col.notNull()))
      .addPrimaryKeyConstraint('coupon_categories_pkey', ['coupon_id', 'category_id']),
  ).execute();
  await db.schema
    .createIndex('coupon_categories_category_id_idx')
    .on('coupon_categories')
    .column('category_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('coupon_categories').execute();
  await db.schema.dropTable('coupon_products').execute();
  await db.schema.dropTable('coupons').execute();
}
