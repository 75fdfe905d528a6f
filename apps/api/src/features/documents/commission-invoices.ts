import { basisPointsOf, indianDate, indianMonth, indianMonthBounds, previousMonthOf } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import type { ScheduledTask } from '../../platform/jobs/job-runner.js';
import { sellerStateCodes } from '../tax/line-tax.js';
import { taxRateOn } from '../tax/tax.service.js';
import type { DocumentLine } from './document-body.js';
import { stateOf } from './document-body.js';
import { documentIssuedFor } from './documents.repository.js';
import { issueDocument, sellerParty } from './documents.service.js';

/**
 * The monthly commission invoices (issue 35, "Documents"; decision 0145): the store's tax
 * invoice to each vendor for the commission it kept from their sales in a month (a
 * commission credit note when the month gave back more than it kept, decision 0153), with GST
 * on it at the dated `commission_gst` rate (decision 0138) in force on each day's
 * commission, CGST + SGST when the vendor's state is the store's, IGST otherwise (place
 * of supply: the vendor's state, a service to a business). Made by a scheduled task for
 * the previous month (Indian calendar months), one transaction per vendor, idempotent: a
 * vendor's month is invoiced once (`commission:<vendor>:<YYYY-MM>`), so a round cut short
 * is finished by the next. Money in paise.
 */

/** The scheduled task's name (its row in `job_schedules`). */
export const COMMISSION_INVOICES_TASK = 'commission-invoices';

/** SAC of the commission's service: 9985 (support services; marketplace commission, 998599). */
const COMMISSION_SAC = '998599';

/** The month before the Indian date of `now`, `YYYY-MM`. */
export function previousMonth(now: Date): string {
  return previousMonthOf(indianMonth(now));
}

/** One line of a commission document: `taxablePaise` of commission at `rateBp`, its GST split as `intra` says. */
function commissionLine(description: string, rateBp: number, taxablePaise: number, intra: boolean): DocumentLine {
  const tax = basisPointsOf(taxablePaise, rateBp);
  const sgstPaise = intra ? Math.floor(tax / 2) : 0;
  const cgstPaise = intra ? tax - sgstPaise : 0;
  const igstPaise = intra ? 0 : tax;
  return {
    description,
    hsnCode: COMMISSION_SAC,
    quantity: 1,
    rateBp,
    taxablePaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    totalPaise: taxablePaise + tax,
  };
}

/**
 * The commission invoices a negative month of `vendorId` gives back commission of
 * (decision 0153): those of the earlier months (Indian calendar) in which the orders
 * whose commission the month gave back were sold, oldest first; when none of those was
 * invoiced, none.
 * @param orderIds the orders of the month's `commission_reversal` entries.
 */
async function commissionInvoicesCredited(trx: Db, vendorId: number, month: string, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  const sales = await trx
    .selectFrom('vendorLedgerEntries')
    .select('createdAt')
    .distinct()
    .where('vendorId', '=', vendorId)
    .where('kind', '=', 'commission')
    .where('orderId', 'in', [...orderIds])
    .execute();
  const months = [...new Set(sales.map((row) => indianMonth(new Date(row.createdAt))))].filter((sold) => sold < month);
  if (months.length === 0) return [];
  return trx
    .selectFrom('taxDocuments')
    .select(['id', 'number', 'issuedAt'])
    .where('kind', '=', 'commission_invoice')
    .where(
      'sourceKey',
      'in',
      months.map((sold) => `commission:${vendorId}:${sold}`),
    )
    .orderBy('id')
    .execute();
}

/**
 * Issues the commission document of `month` to every vendor who has none for it yet
 * (decisions 0145, 0153): the month's commission kept (their ledger's `commission`
 * entries less `commission_reversal` ones) above zero gets a commission invoice (`COM`);
 * below zero (returns of earlier months' sales gave back more than the month earned) a
 * commission credit note (section 34 CGST Act), in the store's `CN` series, for what
 * was given back net, referring to the commission invoices of the months those sales
 * were in (none invoiced: none issued); zero gets nothing. Answers how many of each.
 * @param now the issue time, UTC.
 */
export async function issueCommissionInvoices(
  db: Db,
  month: string,
  now: Date,
): Promise<{ issued: number; credited: number }> {
  const { from, before: to } = indianMonthBounds(month);
  const entries = await db
    .selectFrom('vendorLedgerEntries')
    .select(['vendorId', 'kind', 'orderId', 'amountPaise', 'createdAt'])
    .where('kind', 'in', ['commission', 'commission_reversal'])
    .where('createdAt', '>=', from)
    .where('createdAt', '<', to)
    .orderBy('vendorId')
    .execute();
  // Per vendor, per day (Indian date): the commission kept (the entries are the vendor's side: negated).
  const byVendor = new Map<number, Map<string, number>>();
  const reversedOrders = new Map<number, Set<number>>();
  for (const entry of entries) {
    const days = byVendor.get(entry.vendorId) ?? new Map<string, number>();
    const day = indianDate(new Date(entry.createdAt));
    days.set(day, (days.get(day) ?? 0) - Number(entry.amountPaise));
    byVendor.set(entry.vendorId, days);
    if (entry.kind === 'commission_reversal' && entry.orderId !== null) {
      const orders = reversedOrders.get(entry.vendorId) ?? new Set<number>();
      orders.add(entry.orderId);
      reversedOrders.set(entry.vendorId, orders);
    }
  }
  const rateOfDay = new Map<string, number>();
  const rateOn = async (day: string) => {
    const known = rateOfDay.get(day);
    if (known !== undefined) return known;
    const rateBp = (await taxRateOn(db, 'commission_gst', day)) ?? 0;
    rateOfDay.set(day, rateBp);
    return rateBp;
  };
  let issued = 0;
  let credited = 0;
  for (const [vendorId, days] of byVendor) {
    const sourceKey = `commission:${vendorId}:${month}`;
    const net = [...days.values()].reduce((sum, paise) => sum + paise, 0);
    if (net === 0 || (await documentIssuedFor(db, sourceKey))) continue;
    // The commission by the rate in force on its day.
    const byRate = new Map<number, number>();
    for (const [day, paise] of days) {
      const rateBp = await rateOn(day);
      byRate.set(rateBp, (byRate.get(rateBp) ?? 0) + paise);
    }
    // An invoice of what was earned, or a credit note of what was given back: the rates on that side.
    const sign = net > 0 ? 1 : -1;
    await runTransaction(db, async (trx) => {
      if (await documentIssuedFor(trx, sourceKey)) return;
      const states = await sellerStateCodes(trx, [null, vendorId]);
      const storeState = states.get(null) as string;
      const vendorState = states.get(vendorId) as string;
      const intra = storeState === vendorState;
      const description = sign > 0 ? `Marketplace commission, ${month}` : `Marketplace commission given back, ${month}`;
      const lines: DocumentLine[] = [...byRate]
        .filter(([, paise]) => paise * sign > 0)
        .sort(([a], [b]) => b - a)
        .map(([rateBp, paise]) => commissionLine(description, rateBp, paise * sign, intra));
      if (lines.length === 0) return;
      const invoices =
        sign > 0
          ? []
          : await commissionInvoicesCredited(trx, vendorId, month, [...(reversedOrders.get(vendorId) ?? [])]);
      const latest = invoices[invoices.length - 1];
      if (sign < 0 && !latest) return;
      const [supplier, recipient] = await Promise.all([
        sellerParty(trx, null, storeState),
        sellerParty(trx, vendorId, vendorState),
      ]);
      await issueDocument(trx, {
        kind: sign > 0 ? 'commission_invoice' : 'credit_note',
        title: sign > 0 ? undefined : 'Credit note (commission)',
        issuedAt: now.toISOString(),
        supplier,
        recipient: { ...recipient, ...stateOf(vendorState) },
        placeOfSupplyCode: vendorState,
        vendorId,
        orderId: null,
        shipmentId: null,
        trackingNumber: null,
        refersTo: latest
          ? { id: latest.id, number: latest.number, issuedAt: new Date(latest.issuedAt).toISOString() }
          : null,
        reason: latest
          ? `Commission given back on returns and cancellations of sales invoiced in ${invoices
              .map((invoice) => invoice.number)
              .join(', ')}`
          : null,
        period: month,
        sourceKey,
        lines,
        itemLines: [],
        issuerVendorId: null,
      });
      if (sign > 0) issued += 1;
      else credited += 1;
    });
  }
  return { issued, credited };
}

/**
 * The commission invoices as a scheduled task of the job runner (decision 0116): once a
 * day (by one process of those sharing the database) it invoices the previous month's
 * commission of every vendor not yet invoiced for it; on the first day of a month that is
 * the month just ended, on the others nothing is left to do.
 */
export function commissionInvoicesTask(db: Db): ScheduledTask {
  return {
    name: COMMISSION_INVOICES_TASK,
    everyMs: 24 * 60 * 60_000,
    run: (now) => issueCommissionInvoices(db, previousMonth(now), now),
  };
}
