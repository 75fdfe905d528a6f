import { financialYearStart, indianDate, indianDayStart, rateOn, splitLineTax } from '@haat/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db.js';
import type { TaxDeductionsTable } from '../../platform/db/schema.js';
import type { PlacedLineTax } from '../../platform/events/domain-events.js';
import type { Posting } from '../payouts/ledger-postings.js';
import { percentHalfUp, TDS_INDIVIDUAL_LIMIT_PAISE, tcsOn, tcsTotal, tdsRateFor } from './deductions.js';
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

/** A vendor line of the order as the sale's event carries it (paise), with its GST as frozen. */
export interface DeductedLine {
  id: number;
  vendorId: number;
  netPaise: number;
  storeFundedPaise: number;
  commissionPaise: number;
  tax: PlacedLineTax;
}

/**
 * The deductions of an order's sale: per vendor line, from its GST as frozen, the GST on its
 * commission, TCS on its taxable value and TDS on its gross (decision 0148), at the rates
 * in force on the sale's Indian date, the Rs. 5 lakh counted over its Indian financial
 * year (decision 0157); writes their register rows and answers their entries (−,
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
  const vendorIds = [...new Set(lines.map((line) => line.vendorId))];
  // Each seller's PAN as declared at the sale (every line of a seller carries the same).
  const pans = new Map(lines.map((line) => [line.vendorId, line.tax.sellerPan]));
  const day = indianDate(at);
  const yearFrom = indianDayStart(financialYearStart(day));
  const rates = await findTaxRates(trx);
  const rate = (kind: 'tcs' | 'tds' | 'tds_no_pan' | 'commission_gst') => rateOn(rates, kind, day)?.rateBp ?? 0;
  const [tcsBp, tdsBp, noPanBp, gstBp] = [rate('tcs'), rate('tds'), rate('tds_no_pan'), rate('commission_gst')];
  // The financial year's gross so far, for the individual's Rs. 5 lakh (only those with a P or H PAN).
  const fyGross = new Map<number, number>();
  const individuals = vendorIds.filter((id) => 'PH'.includes(pans.get(id)?.charAt(3).toUpperCase() ?? '-'));
  if (individuals.length > 0) {
    const rows = await trx
      .selectFrom('taxDeductions')
      .select(['vendorId', sql<number>`coalesce(sum(tds_base_paise), 0)`.as('gross')])
      .where('vendorId', 'in', individuals)
      .where('event', '=', 'sale')
      .where('createdAt', '>=', yearFrom)
      .groupBy('vendorId')
      .execute();
    for (const row of rows) fyGross.set(row.vendorId, Number(row.gross));
  }
  const register: RegisterRow[] = [];
  const postings: Posting[] = [];
  const catchUps: { vendorId: number; rateBp: number }[] = [];
  for (const line of lines) {
    const { tax } = line;
    const pan = tax.sellerPan;
    const intra = tax.sellerStateCode === tax.placeOfSupplyCode;
    const supplies = tax.taxablePaise;
    const tdsBase = splitLineTax(line.netPaise + line.storeFundedPaise, tax.rateBp, intra).taxablePaise;
    const grossBefore = fyGross.get(line.vendorId) ?? 0;
    const lineTdsBp = tdsRateFor({
      pan,
      fyGrossPaise: grossBefore,
      basePaise: tdsBase,
      rateBp: tdsBp,
      noPanBp,
    });
    fyGross.set(line.vendorId, grossBefore + tdsBase);
    // The sale that takes an individual's year past Rs. 5 lakh: the year's earlier sales deduct too.
    if (crossesIndividualLimit(pan, grossBefore, tdsBase) && lineTdsBp > 0) {
      for (const earlier of register)
        if (earlier.vendorId === line.vendorId && earlier.tdsBp === 0 && earlier.tdsBasePaise > 0) {
          earlier.tdsBp = lineTdsBp;
          earlier.tdsPaise = percentHalfUp(earlier.tdsBasePaise, lineTdsBp);
          postings.push({
            vendorId: line.vendorId,
            orderId,
            orderItemId: earlier.orderItemId,
            held: true,
            kind: 'tds',
            amountPaise: 0 - earlier.tdsPaise,
          });
        }
      catchUps.push({ vendorId: line.vendorId, rateBp: lineTdsBp });
    }
    const tcs = tcsOn(supplies, tcsBp, intra);
    const row: RegisterRow = {
      orderId,
      orderItemId: line.id,
      vendorId: line.vendorId,
      event: 'sale',
      sellerGstin: tax.sellerGstin,
      sellerPan: pan,
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
  for (const { vendorId, rateBp } of catchUps)
    postings.push(...(await tdsCatchUp(trx, vendorId, orderId, rateBp, yearFrom, at)));
  return postings;
}

/**
 * Whether a sale of `basePaise` takes a resident individual's or HUF's gross of the
 * financial year (`grossBeforePaise`, this sale excluded) past the section 194-O(4) limit.
 */
function crossesIndividualLimit(pan: string | null, grossBeforePaise: number, basePaise: number): boolean {
  if (!pan || !'PH'.includes(pan.charAt(3).toUpperCase())) return false;
  return grossBeforePaise <= TDS_INDIVIDUAL_LIMIT_PAISE && grossBeforePaise + basePaise > TDS_INDIVIDUAL_LIMIT_PAISE;
}

/**
 * The TDS catch-up at the Rs. 5 lakh crossing (decision 0148): section 194-O(4) spares a
 * resident individual or HUF only while their gross for the financial year does not
 * exceed Rs. 5 lakh; once a sale takes it past, no line of the year is spared. For each
 * earlier line of the vendor's year (other orders than `orderId`, whose own lines the
 * sale's loop caught up) that deducted no TDS and has no catch-up yet, a register row
 * `tds_catch_up` (no base: the amounts were credited, and reported, with their sale) with
 * `rateBp` on the taxable part of its earning still kept, and its `tds` entry (−) on
 * that line, held while its order's part is (an order released, or paid out, takes it
 * from what is available). Its later corrections give back at `rateBp` (`correctionDeductions`).
 * The rows read are the vendor's year, at most Rs. 5 lakh of sales: few.
 * @param yearFrom the instant the financial year began (00:00 IST on 1 April, as UTC ISO).
 * @param at the crossing sale's instant (UTC ISO).
 */
async function tdsCatchUp(
  trx: Db,
  vendorId: number,
  orderId: number,
  rateBp: number,
  yearFrom: string,
  at: string,
): Promise<Posting[]> {
  const rows = await trx
    .selectFrom('taxDeductions')
    .selectAll()
    .where('vendorId', '=', vendorId)
    .where('createdAt', '>=', yearFrom)
    .where('orderId', '!=', orderId)
    .orderBy('id')
    .execute();
  const byLine = new Map<number, typeof rows>();
  for (const row of rows) byLine.set(row.orderItemId, [...(byLine.get(row.orderItemId) ?? []), row]);
  const register: RegisterRow[] = [];
  for (const own of byLine.values()) {
    const sale = own.find((row) => row.event === 'sale');
    if (sale?.tdsBp !== 0 || own.some((row) => row.event === 'tds_catch_up')) continue;
    const keptBase = own.reduce((sum, row) => sum + Number(row.tdsBasePaise), 0);
    const tdsPaise = percentHalfUp(Math.max(0, keptBase), rateBp);
    if (tdsPaise === 0) continue;
    register.push({
      orderId: sale.orderId,
      orderItemId: sale.orderItemId,
      vendorId,
      event: 'tds_catch_up',
      sellerGstin: sale.sellerGstin,
      sellerPan: sale.sellerPan,
      sellerStateCode: sale.sellerStateCode,
      placeOfSupplyCode: sale.placeOfSupplyCode,
      netPaise: 0,
      suppliesPaise: 0,
      tdsBasePaise: 0,
      commissionPaise: 0,
      commissionGstBp: sale.commissionGstBp,
      tcsBp: sale.tcsBp,
      tdsBp: rateBp,
      commissionGstPaise: 0,
      tcsCgstPaise: 0,
      tcsSgstPaise: 0,
      tcsIgstPaise: 0,
      tdsPaise,
    });
  }
  if (register.length === 0) return [];
  const orderIds = [...new Set(register.map((row) => row.orderId))];
  const released = new Set(
    (
      await trx
        .selectFrom('orderPayoutHolds')
        .select('orderId')
        .where('vendorId', '=', vendorId)
        .where('orderId', 'in', orderIds)
        .where('releasedAt', 'is not', null)
        .execute()
    ).map((row) => row.orderId),
  );
  await insertRegister(trx, register, at);
  return register.flatMap((row) =>
    entriesOf(row, {
      vendorId,
      orderId: row.orderId,
      orderItemId: row.orderItemId,
      held: !released.has(row.orderId),
    }),
  );
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
    // The TDS rate of the line: its sale's, or its catch-up's once the year crossed Rs. 5 lakh.
    const tdsBp = own.find((row) => row.event === 'tds_catch_up')?.tdsBp ?? sale.tdsBp;
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
      tdsBp,
      commissionGstPaise:
        percentHalfUp(line.commissionKeptPaise, sale.commissionGstBp) - sum((r) => r.commissionGstPaise),
      tcsCgstPaise: tcsKept.cgstPaise - sum((r) => r.tcsCgstPaise),
      tcsSgstPaise: tcsKept.sgstPaise - sum((r) => r.tcsSgstPaise),
      tcsIgstPaise: tcsKept.igstPaise - sum((r) => r.tcsIgstPaise),
      tdsPaise: percentHalfUp(tdsBaseKept, tdsBp) - sum((r) => r.tdsPaise),
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
