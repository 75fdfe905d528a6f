import { sql } from 'kysely';
import { type MigrationDb, moneyType, oneOf, references, timestampType, withId, withTimestamps } from './helpers.js';

/** Categories, subcategories, products and their images (spec section 3). */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('categories'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('image_url', 'text', (col) => col.notNull()),
  ).execute();
  await db.schema.createIndex('categories_name_key').on('categories').unique().expression(sql`lower(name)`).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('subcategories'))
      .addColumn('category_id', 'integer', (col) => references('categories.id', 'cascade')(col.notNull()))
      .addColumn('name', 'text', (col) => col.notNull()),
  ).execute();
  await db.schema
    .createIndex('subcategories_category_id_name_key')
    .on('subcategories')
    .unique()
    .expression(sql`category_id, lower(name)`)
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('products'))
      .addColumn('vendor_id', 'integer', references('vendors.id', 'restrict'))
      .addColumn('category_id', 'integer', (col) => references('categories.id', 'restrict')(col.notNull()))
      .addColumn('subcategory_id', 'integer', references('subcategories.id', 'restrict'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('product_details', 'text', (col) => col.notNull())
      .addColumn('brand', 'text', (col) => col.notNull().defaultTo('Unknown'))
      .addColumn('color', 'text')
      .addColumn('sku', 'text', (col) => col.notNull())
      .addColumn('model', 'text')
      .addColumn('warranty_period', 'text', (col) => col.notNull().defaultTo('No Warranty'))
      .addColumn('sale_price_paise', moneyType, (col) => col.notNull())
      .addColumn('actual_price_paise', moneyType, (col) => col.notNull())
      .addColumn('manufacturer', 'text')
      .addColumn('stock_quantity', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
      .addColumn('approval_status', 'text', (col) => col.notNull().defaultTo('pending'))
      .addColumn('reviewed_by', 'integer', references('users.id', 'set null'))
      .addColumn('reviewed_at', timestampType(db))
      .addCheckConstraint('products_prices_check', sql`sale_price_paise > 0 and actual_price_paise > 0`)
      .addCheckConstraint('products_stock_check', sql`stock_quantity >= 0`)
      .addCheckConstraint('products_status_check', oneOf('status', ['active', 'inactive', 'pending']))
      .addCheckConstraint(
        'products_approval_status_check',
        oneOf('approval_status', ['pending', 'approved', 'rejected']),
      ),
  ).execute();
  await db.schema.createIndex('products_sku_key').on('products').unique().expression(sql`lower(sku)`).execute();
  await db.schema.createIndex('products_created_at_idx').on('products').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('products_approval_status_created_at_idx')
    .on('products')
    .columns(['approval_status', 'created_at'])
    .execute();
  await db.schema.createIndex('products_status_idx').on('products').column('status').execute();
  await db.schema.createIndex('products_stock_quantity_idx').on('products').column('stock_quantity').execute();
  await db.schema
    .createIndex('products_vendor_id_created_at_idx')
    .on('products')
    .columns(['vendor_id', 'created_at'])
    .execute();
  await db.schema.createIndex('products_category_id_idx').on('products').column('category_id').execute();
  await db.schema.createIndex('products_subcategory_id_idx').on('products').column('subcategory_id').execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('product_images'))
      .addColumn('product_id', 'integer', (col) => references('products.id', 'cascade')(col.notNull()))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('url', 'text', (col) => col.notNull()),
  ).execute();
  await db.schema
    .createIndex('product_images_product_id_position_key')
    .on('product_images')
    .unique()
    .columns(['product_id', 'position'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('product_images').execute();
  await db.schema.dropTable('products').execute();
  await db.schema.dropTable('subcategories').execute();
  await db.schema.dropTable('categories').execute();
}
