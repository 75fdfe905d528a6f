import { type MigrationDb, moneyType, oneOf, timestampType, widenCheckConstraint, withId } from './helpers.js';

/** The ledger's kinds before this migration. */
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
 * TCS, TDS and GST on commission in the ledger (issue 35; decision 0148).
 * - `vendor_ledger_entries.kind` gains `commission_gst`, `tcs` and `tds`: what the store
 *   deducts from a vendor's earnings (−) and gives back on cancellations and returns (+).
 * - `tax_deductions`: the store's tax register, append-only, one row per vendor line and
 *   event (`sale`, `cancellation`, `refund`), in the transaction of the ledger entries it
 *   explains: the bases (`net_paise`, the line's taxable value `supplies_paise`, the TDS
 *   base `tds_base_paise`, the commission `commission_paise`) and the deductions
 *   (`commission_gst_paise`, `tcs_cgst_paise` + `tcs_sgst_paise` + `tcs_igst_paise`,
 *   `tds_paise`), signed (a sale +, a reversal −), with the rates frozen from the sale
 *   (`*_bp`) and the seller's identity on the sale's day (GSTIN or enrolment number, PAN,
 *   state) and the place of supply. GSTR-8, the TDS report and the statements read it
 *   by `(created_at)` and `(vendor_id, created_at)`. No foreign keys: filed figures stay
 *   when a vendor goes. Orders placed before carry no GST (decision 0137): nothing to
 *   migrate, their lines have no row and post no deduction.
 */
export async function up(db: MigrationDb): Promise<void> {
  await widenCheckConstraint(db, 'vendor_ledger_entries', 'vendor_ledger_entries_kind_check', 'kind', [
    ...entryKinds,
    'commission_gst',
    'tcs',
    'tds',
  ]);
  const time = timestampType(db);
  await withId(db, db.schema.createTable('tax_deductions'))
    .addColumn('order_id', 'integer', (col) => col.notNull())
    .addColumn('order_item_id', 'integer', (col) => col.notNull())
    .addColumn('vendor_id', 'integer', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull().check(oneOf('event', ['sale', 'cancellation', 'refund'])))
    .addColumn('seller_gstin', 'text')
    .addColumn('seller_pan', 'text')
    .addColumn('seller_state_code', 'text', (col) => col.notNull())
    .addColumn('place_of_supply_code', 'text', (col) => col.notNull())
    .addColumn('net_paise', moneyType, (col) => col.notNull())
    .addColumn('supplies_paise', moneyType, (col) => col.notNull())
    .addColumn('tds_base_paise', moneyType, (col) => col.notNull())
    .addColumn('commission_paise', moneyType, (col) => col.notNull())
    .addColumn('commission_gst_bp', 'integer', (col) => col.notNull())
    .addColumn('tcs_bp', 'integer', (col) => col.notNull())
    .addColumn('tds_bp', 'integer', (col) => col.notNull())
    .addColumn('commission_gst_paise', moneyType, (col) => col.notNull())
    .addColumn('tcs_cgst_paise', moneyType, (col) => col.notNull())
    .addColumn('tcs_sgst_paise', moneyType, (col) => col.notNull())
    .addColumn('tcs_igst_paise', moneyType, (col) => col.notNull())
    .addColumn('tds_paise', moneyType, (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('tax_deductions_created_idx').on('tax_deductions').columns(['created_at']).execute();
  await db.schema
    .createIndex('tax_deductions_vendor_created_idx')
    .on('tax_deductions')
    .columns(['vendor_id', 'created_at'])
    .execute();
  await db.schema.createIndex('tax_deductions_order_idx').on('tax_deductions').columns(['order_id']).execute();
}
