import { rateOn, splitLineTax } from '@haat/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import type { TaxDeductionsTable } from '../../platform/db/schema.js';
import type { Posting } from '../payouts/ledger-postings.js';
import { financialYearStart, percentHalfUp, tcsOn, tcsTotal, tdsRateFor } from './deductions.js';
import { keptLineTaxes } from './line-tax.js';
import { findTaxRates } from './tax.repository.js';

/**
 * GST on commission, TCS and TDS in the ledger (issue 35; decision 0148). The ledger's
 * sale and correction postings (`ledger.service.ts`) call these in the transaction of
 * the order's event: each writes the tax register's rows (`tax_deductions`) and answers
 * the entries to post with the sale's or correction's own, so one `post` books them.
 * Only lines with their GST frozen at checkout (decision 0137) are taxed; a vendor's
 * line placed before GST was charged deducts nothing, now or when corrected.
 */

type RegisterRow = Omit<TaxDeductionsTable, 'id' | 'createdAt'>;

/** A vendor line of the order as the ledger reads it (paise). */
export interface DeductedLine {
  id: number;
  vendorId: number;
  netPaise: number;
  storeFundedPaise: number;
  commissionPaise: number;
}

/** KYC statuses whose PAN and GSTIN the store believes (the same as decision 0137's seller's state). */
const DECLARED = ['submitted', 'approved', 'changes_requested'] as const;

/** The UTC day of an instant: the sale's date for its rates (decision 0148). */
const dayOf = (at: string) => at.slice(0, 10);

/**
 * The deductions of an order's sale: per vendor line with its GST frozen, the GST on its
 * commission, TCS on its taxable value and TDS on its gross (decision 0148), at the rates
 * in force on the sale's date; writes their register rows and answers their entries (−,
 * held with the sale).
 * @param trx the checkout's transaction, after the line taxes were frozen.
 * @param at the order's instant (UTC ISO).
 */
export async function saleDeductions(
  trx: Db,
  orderId: number,
  lines: readonly DeductedLine[],
  at: string,
): Promise<Posting[]> {
  if (lines.length === 0) return [];
  const taxes = new Map(
    (await trx.selectFrom('orderItemTaxes').selectAll().where('orderId', '=', orderId).execute()).map((row) => [
      row.orderItemId,
      row,
    ]),
  );
  const taxed = lines.filter((line) => taxes.has(line.id));
  if (taxed.length === 0) return [];
  const vendorIds = [...new Set(taxed.map((line) => line.vendorId))];
  const kyc = new Map(
    (
      await trx
        .selectFrom('vendorKyc')
        .select(['vendorId', 'pan', 'gstin', 'enrolmentNumber'])
        .where('vendorId', 'in', vendorIds)
        .where('status', 'in', DECLARED)
        .execute()
    ).map((row) => [row.vendorId, row]),
  );
  const day = dayOf(at);
  const rates = await findTaxRates(trx);
  const rate = (kind: 'tcs' | 'tds' | 'tds_no_pan' | 'commission_gst') => rateOn(rates, kind, day)?.rateBp ?? 0;
  const [tcsBp, tdsBp, noPanBp, gstBp] = [rate('tcs'), rate('tds'), rate('tds_no_pan'), rate('commission_gst')];
  // The financial year's gross so far, for the individual's Rs. 5 lakh (only those with a P or H PAN).
  const fyGross = new Map<number, number>();
  const individuals = vendorIds.filter((id) => 'PH'.includes(kyc.get(id)?.pan.charAt(3).toUpperCase() ?? '-'));
  if (individuals.length > 0) {
    const rows = await trx
      .selectFrom('taxDeductions')
      .select(['vendorId', sql<number>`coalesce(sum(tds_base_paise), 0)`.as('gross')])
      .where('vendorId', 'in', individuals)
      .where('event', '=', 'sale')
      .where('createdAt', '>=', `${financialYearStart(day)}T00:00:00.000Z`)
      .groupBy('vendorId')
      .execute();
    for (const row of rows) fyGross.set(row.vendorId, Number(row.gross));
  }
  const register: RegisterRow[] = [];
  const postings: Posting[] = [];
  for (const line of taxed) {
    const tax = taxes.get(line.id);
    if (!tax) continue;
    const seller = kyc.get(line.vendorId);
    const intra = tax.sellerStateCode === tax.placeOfSupplyCode;
    const supplies = Number(tax.taxablePaise);
    const tdsBase = splitLineTax(line.netPaise + line.storeFundedPaise, Number(tax.rateBp), intra).taxablePaise;
    const lineTdsBp = tdsRateFor({
      pan: seller?.pan ?? null,
      fyGrossPaise: fyGross.get(line.vendorId) ?? 0,
      basePaise: tdsBase,
      rateBp: tdsBp,
      noPanBp,
    });
    fyGross.set(line.vendorId, (fyGross.get(line.vendorId) ?? 0) + tdsBase);
    const tcs = tcsOn(supplies, tcsBp, intra);
    const row: RegisterRow = {
      orderId,
      orderItemId: line.id,
      vendorId: line.vendorId,
      event: 'sale',
      sellerGstin: seller?.gstin ?? seller?.enrolmentNumber ?? null,
      sellerPan: seller?.pan ?? null,
      sellerStateCode: tax.sellerStateCode,
      placeOfSupplyCode: tax.placeOfSupplyCode,
      netPaise: line.netPaise,
      suppliesPaise: supplies,
      tdsBasePaise: tdsBase,
      commissionPaise: line.commissionPaise,
      commissionGstBp: gstBp,
      tcsBp,
      tdsBp: lineTdsBp,
      commissionGstPaise: percentHalfUp(line.commissionPaise, gstBp),
      tcsCgstPaise: tcs.cgstPaise,
      tcsSgstPaise: tcs.sgstPaise,
      tcsIgstPaise: tcs.igstPaise,
      tdsPaise: percentHalfUp(tdsBase, lineTdsBp),
    };
    register.push(row);
    postings.push(...entriesOf(row, { vendorId: line.vendorId, orderId, orderItemId: line.id, held: true }));
  }
  await insertRegister(trx, register, at);
  return postings;
}

/** A vendor line taken back in part or whole, as the ledger's correction figured it (paise). */
export interface CorrectedLine {
  orderItemId: number;
  vendorId: number;
  /** The vendor's earning base still kept: net plus store-funded share, less all taken back. */
  keptBasePaise: number;
  /** The commission the store keeps on the line after this correction. */
  commissionKeptPaise: number;
  /** Whether the line's entries still wait for the hold. */
  held: boolean;
}

/**
 * What a cancellation or a return gives back of the sale's deductions (decision 0148):
 * per line, each deduction recomputed on what is kept, at the rates frozen with the sale
 * (GST on the commission kept; TCS on the taxable value kept, the one the credit note
 * reads, `keptLineTaxes`; TDS on the taxable part of the earning kept), less what is
 * deducted so far: a new register row and the entries (+) of the difference. A line
 * taken back whole gives back exactly what it deducted.
 * @param trx the correction's transaction, after its units and amounts were recorded.
 * @param createdBy the admin who made it (null for the seeder's).
 */
export async function correctionDeductions(
  trx: Db,
  orderId: number,
  event: 'cancellation' | 'refund',
  lines: readonly CorrectedLine[],
  at: string,
  createdBy: number | null,
): Promise<Posting[]> {
  if (lines.length === 0) return [];
  const rows = await trx.selectFrom('taxDeductions').selectAll().where('orderId', '=', orderId).orderBy('id').execute();
  if (rows.length === 0) return [];
  const kept = new Map((await keptLineTaxes(trx, orderId)).map((line) => [line.orderItemId, line]));
  const register: RegisterRow[] = [];
  const postings: Posting[] = [];
  for (const line of lines) {
    const own = rows.filter((row) => row.orderItemId === line.orderItemId);
    const sale = own.find((row) => row.event === 'sale');
    const tax = kept.get(line.orderItemId);
    if (!sale || !tax) continue;
    const sum = (pick: (row: (typeof own)[number]) => number | string) =>
      own.reduce((total, row) => total + Number(pick(row)), 0);
    const intra = sale.sellerStateCode === sale.placeOfSupplyCode;
    const suppliesKept = tax.taxablePaise;
    const tdsBaseKept = splitLineTax(Math.max(0, line.keptBasePaise), tax.rateBp, intra).taxablePaise;
    const tcsKept = tcsOn(suppliesKept, sale.tcsBp, intra);
    const row: RegisterRow = {
      orderId,
      orderItemId: line.orderItemId,
      vendorId: line.vendorId,
      event,
      sellerGstin: sale.sellerGstin,
      sellerPan: sale.sellerPan,
      sellerStateCode: sale.sellerStateCode,
      placeOfSupplyCode: sale.placeOfSupplyCode,
      netPaise: tax.keptNetPaise - sum((r) => r.netPaise),
      suppliesPaise: suppliesKept - sum((r) => r.suppliesPaise),
      tdsBasePaise: tdsBaseKept - sum((r) => r.tdsBasePaise),
      commissionPaise: line.commissionKeptPaise - sum((r) => r.commissionPaise),
      commissionGstBp: sale.commissionGstBp,
      tcsBp: sale.tcsBp,
      tdsBp: sale.tdsBp,
      commissionGstPaise:
        percentHalfUp(line.commissionKeptPaise, sale.commissionGstBp) - sum((r) => r.commissionGstPaise),
      tcsCgstPaise: tcsKept.cgstPaise - sum((r) => r.tcsCgstPaise),
      tcsSgstPaise: tcsKept.sgstPaise - sum((r) => r.tcsSgstPaise),
      tcsIgstPaise: tcsKept.igstPaise - sum((r) => r.tcsIgstPaise),
      tdsPaise: percentHalfUp(tdsBaseKept, sale.tdsBp) - sum((r) => r.tdsPaise),
    };
    const moved = [
      row.netPaise,
      row.suppliesPaise,
      row.tdsBasePaise,
      row.commissionPaise,
      row.commissionGstPaise,
      row.tcsCgstPaise,
      row.tcsSgstPaise,
      row.tcsIgstPaise,
      row.tdsPaise,
    ].some((value) => value !== 0);
    if (!moved) continue;
    register.push(row);
    postings.push(
      ...entriesOf(row, {
        vendorId: line.vendorId,
        orderId,
        orderItemId: line.orderItemId,
        held: line.held,
        createdBy,
      }),
    );
  }
  await insertRegister(trx, register, at);
  return postings;
}

/** The ledger entries of a register row: each deduction it makes (−) or gives back (+), none for 0. */
function entriesOf(row: RegisterRow, base: Omit<Posting, 'kind' | 'amountPaise'>): Posting[] {
  const tcs = tcsTotal({ cgstPaise: row.tcsCgstPaise, sgstPaise: row.tcsSgstPaise, igstPaise: row.tcsIgstPaise });
  const entries: Posting[] = [];
  if (row.commissionGstPaise !== 0)
    entries.push({ ...base, kind: 'commission_gst', amountPaise: 0 - row.commissionGstPaise });
  if (tcs !== 0) entries.push({ ...base, kind: 'tcs', amountPaise: 0 - tcs });
  if (row.tdsPaise !== 0) entries.push({ ...base, kind: 'tds', amountPaise: 0 - row.tdsPaise });
  return entries;
}

/** Appends register rows (one multi-row insert). */
async function insertRegister(trx: Db, rows: readonly RegisterRow[], at: string): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('taxDeductions')
    .values(rows.map((row) => ({ ...row, createdAt: at })))
    .execute();
}
