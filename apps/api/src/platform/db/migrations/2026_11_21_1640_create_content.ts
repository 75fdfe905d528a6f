import { sql } from 'kysely';
import { booleanType, type MigrationDb, withId, withTimestamps } from './helpers.js';

/** Blog posts, contact messages and the storefront's configuration (spec section 3). */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('blogs'))
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('author', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('image', 'text'),
  ).execute();
  await db.schema.createIndex('blogs_created_at_idx').on('blogs').column('created_at').execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('contacts'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('phone', 'text')
      .addColumn('message', 'text', (col) => col.notNull()),
  ).execute();
  await db.schema.createIndex('contacts_created_at_idx').on('contacts').column('created_at').execute();

  await withTimestamps(
    db,
    db.schema
      .createTable('website_config')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('logo_url', 'text')
      .addColumn('welcome_quote', 'text')
      .addColumn('phone_number', 'text')
      .addColumn('email', 'text')
      .addColumn('address', 'text')
      .addColumn('sales_banner_logo_url', 'text')
      .addColumn('sales_banner_background_color', 'text', (col) => col.notNull().defaultTo('#FF0000'))
      .addColumn('sales_banner_text_color', 'text', (col) => col.notNull().defaultTo('#FFFFFF'))
      .addColumn('sales_banner_discount_text', 'text', (col) => col.notNull().defaultTo('50% OFF'))
      .addColumn('sales_banner_shop_now_link', 'text')
      .addColumn('sales_banner_is_active', booleanType(db), (col) => col.notNull())
      .addCheckConstraint('website_config_single_row_check', sql`id = 1`),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('website_banners'))
      .addColumn('image_url', 'text', (col) => col.notNull())
      .addColumn('anchor_link', 'text', (col) => col.notNull())
      .addColumn('is_active', booleanType(db), (col) => col.notNull())
      .addColumn('display_order', 'integer', (col) => col.notNull()),
  ).execute();
  await db.schema
    .createIndex('website_banners_display_order_idx')
    .on('website_banners')
    .column('display_order')
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('website_social_links'))
      .addColumn('platform', 'text', (col) => col.notNull())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('display_order', 'integer', (col) => col.notNull()),
  ).execute();
  await db.schema
    .createIndex('website_social_links_platform_key')
    .on('website_social_links')
    .unique()
    .column('platform')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('website_social_links').execute();
  await db.schema.dropTable('website_banners').execute();
  await db.schema.dropTable('website_config').execute();
  await db.schema.dropTable('contacts').execute();
  await db.schema.dropTable('blogs').execute();
}
