import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';

/**
 * The tax reports' reads (issue 35; decision 0149): sums over the tax register
 * (`tax_deductions`, decision 0148) within `[from, before)` (UTC instants), each one
 * grouped statement on its `created_at` index (`tax_deductions_created_idx`) or, for
 * one vendor, `(vendor_id, created_at)`. Money in paise.
 */

/** GSTR-8's sums per supplier identity, state and place of supply. */
export async function sumGstr8(db: Db, from: string, before: string) {
  const rows = await db
    .selectFrom('taxDeductions')
    .select([
      'sellerGstin',
      'sellerStateCode',
      'placeOfSupplyCode',
      sql<number>`min(vendor_id)`.as('vendorId'),
      sql<number>`sum(case when event = 'sale' then supplies_paise else 0 end)`.as('grossPaise'),
      sql<number>`sum(case when event = 'sale' then 0 else 0 - supplies_paise end)`.as('returnedPaise'),
      sql<number>`sum(tcs_igst_paise)`.as('igstPaise'),
      sql<number>`sum(tcs_cgst_paise)`.as('cgstPaise'),
      sql<number>`sum(tcs_sgst_paise)`.as('sgstPaise'),
    ])
    .where('createdAt', '>=', from)
    .where('createdAt', '<', before)
    .groupBy(['sellerGstin', 'sellerStateCode', 'placeOfSupplyCode'])
    .orderBy('sellerStateCode')
    .orderBy('sellerGstin')
    .orderBy('placeOfSupplyCode')
    .execute();
  return rows.map((row) => ({
    gstin: row.sellerGstin,
    stateCode: row.sellerStateCode,
    placeOfSupplyCode: row.placeOfSupplyCode,
    vendorId: Number(row.vendorId),
    grossPaise: Number(row.grossPaise ?? 0),
    returnedPaise: Number(row.returnedPaise ?? 0),
    igstPaise: Number(row.igstPaise ?? 0),
    cgstPaise: Number(row.cgstPaise ?? 0),
    sgstPaise: Number(row.sgstPaise ?? 0),
  }));
}

/** TDS sums per seller (PAN, or the vendor when none) and rate. */
export async function sumTds(db: Db, from: string, before: string) {
  const rows = await db
    .selectFrom('taxDeductions')
    .select([
      'sellerPan',
      'tdsBp',
      sql<number>`min(vendor_id)`.as('vendorId'),
      sql<number>`sum(tds_base_paise)`.as('basePaise'),
      sql<number>`sum(tds_paise)`.as('tdsPaise'),
      sql<string>`min(created_at)`.as('firstAt'),
      sql<string>`max(created_at)`.as('lastAt'),
    ])
    .where('createdAt', '>=', from)
    .where('createdAt', '<', before)
    .groupBy(['sellerPan', 'tdsBp', sql`case when seller_pan is null then vendor_id else 0 end`])
    .orderBy('sellerPan')
    .orderBy('tdsBp')
    .execute();
  return rows.map((row) => ({
    pan: row.sellerPan,
    rateBp: Number(row.tdsBp),
    vendorId: Number(row.vendorId),
    basePaise: Number(row.basePaise ?? 0),
    tdsPaise: Number(row.tdsPaise ?? 0),
    firstAt: new Date(row.firstAt).toISOString(),
    lastAt: new Date(row.lastAt).toISOString(),
  }));
}

/** One vendor's register sums within the period: supplies (made and returned), and the deductions. */
export async function sumVendorRegister(db: Db, vendorId: number, from: string, before: string) {
  const row = await db
    .selectFrom('taxDeductions')
    .select([
      sql<number>`coalesce(sum(case when event = 'sale' then supplies_paise else 0 end), 0)`.as('suppliesPaise'),
      sql<number>`coalesce(sum(case when event = 'sale' then 0 else 0 - supplies_paise end), 0)`.as('returnedPaise'),
    ])
    .where('vendorId', '=', vendorId)
    .where('createdAt', '>=', from)
    .where('createdAt', '<', before)
    .executeTakeFirst();
  return { suppliesPaise: Number(row?.suppliesPaise ?? 0), returnedPaise: Number(row?.returnedPaise ?? 0) };
}

/** One vendor's ledger entries within the period, oldest first, with their orders' tracking numbers. */
export async function vendorEntriesBetween(db: Db, vendorId: number, from: string, before: string) {
  const rows = await db
    .selectFrom('vendorLedgerEntries as e')
    .leftJoin('orders as o', 'o.id', 'e.orderId')
    .select(['e.id', 'e.kind', 'e.amountPaise', 'e.orderId', 'e.createdAt', 'o.trackingNumber'])
    .where('e.vendorId', '=', vendorId)
    .where('e.createdAt', '>=', from)
    .where('e.createdAt', '<', before)
    .orderBy('e.createdAt')
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    amountPaise: Number(row.amountPaise),
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

/** The legal names vendors declared in their KYC, by vendor. */
export async function legalNames(db: Db, vendorIds: readonly number[]): Promise<Map<number, string>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('vendorKyc')
    .select(['vendorId', 'legalName'])
    .where('vendorId', 'in', [...new Set(vendorIds)])
    .execute();
  return new Map(rows.map((row) => [row.vendorId, row.legalName]));
}
