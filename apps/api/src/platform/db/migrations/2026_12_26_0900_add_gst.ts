import { sql } from 'kysely';
import { dateType, type MigrationDb, moneyType, oneOf, references, withId, withTimestamps } from './helpers.js';

/** The GST slabs since 22 September 2025 (decision 0137), in basis points. */
const slabsBp = [0, 25, 300, 500, 1800, 4000];
/** The default rate of a product without one (decision 0137): 18%. */
const defaultRateBp = 1800;
const rateKinds = ['tcs', 'tds', 'tds_no_pan', 'commission_gst'];

/**
 * GST on every line and the store's tax settings (issue 35; decisions 0137, 0138):
 * - `products.hsn_code` (4..8 digits or null) and `products.gst_rate_bp` (basis points;
 *   existing products take the default, 18%, and no HSN code: the store fills them in);
 * - `tax_settings`: the store's one row (legal name, GSTIN, state's GST code, default
 *   GST rate), seeded with the name 'Haat', no GSTIN and Karnataka (29) until an admin sets them;
 * - `gst_slabs`: the rates a product may take;
 * - `tax_rates`: dated rates (TCS, TDS 194-O, TDS without PAN, GST on commission),
 *   seeded with the law's (decision 0138), unique per kind and date;
 * - `order_item_taxes`: each order line's GST as frozen at checkout (rate, HSN, taxable
 *   value, CGST, SGST, IGST, the seller's state and the place of supply); orders placed
 *   before this have none (GST was not charged on them: nothing is invented);
 * - `orders.billing_postal_code`: the buyer's PIN code, when given.
 */
export async function up(db: MigrationDb): Promise<void> {
  const now = new Date().toISOString();
  await db.schema.alterTable('products').addColumn('hsn_code', 'text').execute();
  await db.schema
    .alterTable('products')
    .addColumn('gst_rate_bp', 'integer', (col) => col.notNull().defaultTo(defaultRateBp))
    .execute();
  await db.schema.alterTable('orders').addColumn('billing_postal_code', 'text').execute();

  await withTimestamps(
    db,
    db.schema
      .createTable('tax_settings')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('legal_name', 'text', (col) => col.notNull())
      .addColumn('gstin', 'text')
      .addColumn('state_code', 'text', (col) => col.notNull())
      .addColumn('default_gst_rate_bp', 'integer', (col) => col.notNull())
      .addCheckConstraint('tax_settings_one_row', sql`id = 1`),
  ).execute();
  await db
    .insertInto('tax_settings')
    .values({
      id: 1,
      legal_name: 'Haat',
      gstin: null,
      state_code: '29',
      default_gst_rate_bp: defaultRateBp,
      created_at: now,
      updated_at: now,
    })
    .execute();

  await withTimestamps(
    db,
    db.schema
      .createTable('gst_slabs')
      .addColumn('rate_bp', 'integer', (col) => col.primaryKey())
      .addCheckConstraint('gst_slabs_rate_check', sql`rate_bp between 0 and 10000`),
  ).execute();
  await db
    .insertInto('gst_slabs')
    .values(slabsBp.map((rate) => ({ rate_bp: rate, created_at: now, updated_at: now })))
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('tax_rates'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('rate_bp', 'integer', (col) => col.notNull())
      .addColumn('from_date', dateType(db), (col) => col.notNull())
      .addCheckConstraint('tax_rates_kind_check', oneOf('kind', rateKinds))
      .addCheckConstraint('tax_rates_rate_check', sql`rate_bp between 0 and 10000`),
  ).execute();
  await db.schema
    .createIndex('tax_rates_kind_from_key')
    .on('tax_rates')
    .columns(['kind', 'from_date'])
    .unique()
    .execute();
  await db
    .insertInto('tax_rates')
    .values(
      [
        { kind: 'tcs', rate_bp: 50, from_date: '2024-07-10' },
        { kind: 'tds', rate_bp: 10, from_date: '2024-10-01' },
        { kind: 'tds_no_pan', rate_bp: 500, from_date: '2024-10-01' },
        { kind: 'commission_gst', rate_bp: 1800, from_date: '2017-07-01' },
      ].map((rate) => ({ ...rate, created_at: now, updated_at: now })),
    )
    .execute();

  await withTimestamps(
    db,
    db.schema
      .createTable('order_item_taxes')
      .addColumn('order_item_id', 'integer', (col) => references('order_items.id', 'cascade')(col.primaryKey()))
      .addColumn('order_id', 'integer', (col) => references('orders.id', 'cascade')(col.notNull()))
      .addColumn('hsn_code', 'text')
      .addColumn('rate_bp', 'integer', (col) => col.notNull())
      .addColumn('taxable_paise', moneyType, (col) => col.notNull())
      .addColumn('cgst_paise', moneyType, (col) => col.notNull())
      .addColumn('sgst_paise', moneyType, (col) => col.notNull())
      .addColumn('igst_paise', moneyType, (col) => col.notNull())
      .addColumn('seller_state_code', 'text', (col) => col.notNull())
      .addColumn('place_of_supply_code', 'text', (col) => col.notNull())
      .addCheckConstraint(
        'order_item_taxes_split_check',
        sql`taxable_paise >= 0 and cgst_paise >= 0 and sgst_paise >= 0 and igst_paise >= 0 and (igst_paise = 0 or (cgst_paise = 0 and sgst_paise = 0))`,
      ),
  ).execute();
  await db.schema.createIndex('order_item_taxes_order_idx').on('order_item_taxes').column('order_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('order_item_taxes').execute();
  await db.schema.dropTable('tax_rates').execute();
  await db.schema.dropTable('gst_slabs').execute();
  await db.schema.dropTable('tax_settings').execute();
  await db.schema.alterTable('orders').dropColumn('billing_postal_code').execute();
  await db.schema.alterTable('products').dropColumn('gst_rate_bp').execute();
  await db.schema.alterTable('products').dropColumn('hsn_code').execute();
}
