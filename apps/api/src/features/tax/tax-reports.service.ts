import {
  basisPointsToPercent,
  type Gstr8Response,
  type Gstr8Row,
  indianDate,
  indianMonthBounds,
  indianQuarterBounds,
  indianStateByCode,
  ledgerEntryKindLabels,
  type StatementResponse,
  statementFigureLabels,
  type TdsResponse,
  toRupees,
} from '@haat/contract';
import { type CsvColumn, csvRupees, csvText } from '../../platform/csv/csv-export.js';
import type { Db } from '../../platform/db/create-db.js';
import { formatRupees, type PdfWriter } from '../../platform/pdf/pdf-writer.js';
import { legalNames, sumGstr8, sumTds, sumVendorRegister, vendorEntriesBetween } from './tax-reports.repository.js';

/**
 * The tax reports (issue 35, "Reports"; decision 0149): GSTR-8 of a month, TDS under
 * section 194-O of a quarter, and a seller's monthly statement, from the tax register
 * and the ledger (decision 0148). Periods and dates are Indian (UTC+05:30; decision 0157:
 * `indianMonthBounds`, `indianQuarterBounds` of the contract); money in paise inside, rupees out.
 */

const stateName = (code: string) => indianStateByCode(code)?.name ?? code;

interface Figures {
  grossPaise: number;
  returnedPaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

const figuresOut = (row: Figures) => ({
  grossSupplies: toRupees(row.grossPaise),
  suppliesReturned: toRupees(row.returnedPaise),
  netAmount: toRupees(row.grossPaise - row.returnedPaise),
  igst: toRupees(row.igstPaise),
  cgst: toRupees(row.cgstPaise),
  sgst: toRupees(row.sgstPaise),
});

const addFigures = (sum: Figures, row: Figures) => {
  sum.grossPaise += row.grossPaise;
  sum.returnedPaise += row.returnedPaise;
  sum.igstPaise += row.igstPaise;
  sum.cgstPaise += row.cgstPaise;
  sum.sgstPaise += row.sgstPaise;
};
const noFigures = (): Figures => ({ grossPaise: 0, returnedPaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 });

/**
 * `GET /api/tax/admin/gstr8?month=`: per supplier (GSTIN, or enrolment number, as on the
 * sale's day) and place of supply, the month's gross taxable supplies (the taxable value
 * of sales), those returned (cancellations and returns in the month, of any month's
 * sales), the net liable for TCS and the IGST, CGST and SGST collected; per supplier's
 * state the same summed (the state whose TCS registration files them), and the totals.
 * One grouped statement on the register's time index.
 */
export async function gstr8(db: Db, month: string): Promise<Omit<Gstr8Response, 'success'>> {
  const { from, before } = indianMonthBounds(month);
  const rows = await sumGstr8(db, from, before);
  const names = await legalNames(
    db,
    rows.map((row) => row.vendorId),
  );
  const byState = new Map<string, Figures>();
  const totals = noFigures();
  for (const row of rows) {
    let state = byState.get(row.stateCode);
    if (!state) {
      state = noFigures();
      byState.set(row.stateCode, state);
    }
    addFigures(state, row);
    addFigures(totals, row);
  }
  return {
    month,
    rows: rows.map(
      (row): Gstr8Row => ({
        gstin: row.gstin,
        legalName: names.get(row.vendorId) ?? null,
        stateCode: row.stateCode,
        state: stateName(row.stateCode),
        placeOfSupplyCode: row.placeOfSupplyCode,
        placeOfSupply: stateName(row.placeOfSupplyCode),
        ...figuresOut(row),
      }),
    ),
    states: [...byState].map(([stateCode, figures]) => ({
      stateCode,
      state: stateName(stateCode),
      ...figuresOut(figures),
    })),
    totals: figuresOut(totals),
  };
}

/**
 * GSTR-8's CSV: the columns of Table 3 of Form GSTR-8 (as amended to carry the place of
 * supply) in the order the GST portal's offline tool takes them; rupees with two
 * decimals, the place of supply as `code-State`.
 */
export const gstr8CsvColumns: CsvColumn<Gstr8Row>[] = [
  { header: 'GSTIN of supplier', cell: (row) => csvText(row.gstin) },
  { header: 'Place of supply (POS)', cell: (row) => csvText(`${row.placeOfSupplyCode}-${row.placeOfSupply}`) },
  { header: 'Gross value of supplies made', cell: (row) => csvRupees(Math.round(row.grossSupplies * 100)) },
  { header: 'Value of supplies returned', cell: (row) => csvRupees(Math.round(row.suppliesReturned * 100)) },
  { header: 'Net amount liable for TCS', cell: (row) => csvRupees(Math.round(row.netAmount * 100)) },
  { header: 'Integrated tax', cell: (row) => csvRupees(Math.round(row.igst * 100)) },
  { header: 'Central tax', cell: (row) => csvRupees(Math.round(row.cgst * 100)) },
  { header: 'State/UT tax', cell: (row) => csvRupees(Math.round(row.sgst * 100)) },
];

/**
 * `GET /api/tax/admin/tds?quarter=`: per seller PAN (a seller without one on their own
 * row) and rate, the amounts credited in the quarter (TDS bases of sales less those of
 * returns), the TDS deducted, and the first and last day credited; the quarter's first and
 * last day. Quarter and days by the Indian calendar (decision 0157).
 */
export async function tdsReport(db: Db, quarter: string): Promise<Omit<TdsResponse, 'success'>> {
  const { from, before, firstDay, lastDay } = indianQuarterBounds(quarter);
  const rows = await sumTds(db, from, before);
  const names = await legalNames(
    db,
    rows.map((row) => row.vendorId),
  );
  return {
    quarter,
    from: firstDay,
    to: lastDay,
    rows: rows.map((row) => ({
      pan: row.pan,
      vendorId: String(row.vendorId),
      legalName: names.get(row.vendorId) ?? null,
      rate: basisPointsToPercent(row.rateBp),
      amountCredited: toRupees(row.basePaise),
      tdsDeducted: toRupees(row.tdsPaise),
      firstCredited: indianDate(row.firstAt),
      lastCredited: indianDate(row.lastAt),
    })),
    totals: {
      amountCredited: toRupees(rows.reduce((sum, row) => sum + row.basePaise, 0)),
      tdsDeducted: toRupees(rows.reduce((sum, row) => sum + row.tdsPaise, 0)),
    },
  };
}

/** A statement's entry as its CSV and PDF print it. */
type StatementLine = StatementResponse['lines'][number];

/**
 * `GET /api/vendor/statements/{month}`: the vendor's month (Indian calendar, decision 0157)
 * from their ledger — sales,
 * returns (cancellations and refunds), commission (net of what came back), GST on it,
 * TCS, TDS, adjustments and payouts (deductions and payouts as positive amounts), the
 * net of the month's entries other than payouts, and their taxable supplies made and
 * returned (the register, as GSTR-8 reports them) — with each entry. Two reads on the
 * vendor's indexes.
 */
export async function vendorStatement(
  db: Db,
  vendorId: number,
  month: string,
): Promise<Omit<StatementResponse, 'success'>> {
  const { from, before } = indianMonthBounds(month);
  const [entries, register] = await Promise.all([
    vendorEntriesBetween(db, vendorId, from, before),
    sumVendorRegister(db, vendorId, from, before),
  ]);
  const sum = (...kinds: string[]) =>
    entries.filter((entry) => kinds.includes(entry.kind)).reduce((total, entry) => total + entry.amountPaise, 0);
  const net = entries
    .filter((entry) => entry.kind !== 'payout' && entry.kind !== 'payout_failed')
    .reduce((total, entry) => total + entry.amountPaise, 0);
  return {
    month,
    figures: {
      sales: toRupees(sum('sale')),
      returns: toRupees(0 - sum('cancellation', 'refund')),
      commission: toRupees(0 - sum('commission', 'commission_reversal')),
      commissionGst: toRupees(0 - sum('commission_gst')),
      tcs: toRupees(0 - sum('tcs')),
      tds: toRupees(0 - sum('tds')),
      adjustments: toRupees(sum('adjustment')),
      payouts: toRupees(0 - sum('payout', 'payout_failed')),
      taxableSupplies: toRupees(register.suppliesPaise),
      suppliesReturned: toRupees(register.returnedPaise),
      net: toRupees(net),
    },
    lines: entries.map(
      (entry): StatementLine => ({
        date: entry.createdAt,
        kind: entry.kind,
        label: ledgerEntryKindLabels[entry.kind],
        orderId: entry.orderId === null ? null : String(entry.orderId),
        trackingNumber: entry.trackingNumber ?? null,
        amount: toRupees(entry.amountPaise),
      }),
    ),
  };
}

/** A row of the statement's CSV: a figure of the month, or one of its entries. */
export interface StatementCsvRow {
  section: 'Summary' | 'Entry';
  date: string;
  item: string;
  order: string;
  amount: number;
}

/** The statement as CSV rows: the summary's figures first, then each entry (its Indian date). */
export function statementCsvRows(statement: Omit<StatementResponse, 'success'>): StatementCsvRow[] {
  return [
    ...statementFigureLabels.map(([key, label]) => ({
      section: 'Summary' as const,
      date: statement.month,
      item: label,
      order: '',
      amount: statement.figures[key],
    })),
    ...statement.lines.map((line) => ({
      section: 'Entry' as const,
      date: indianDate(line.date),
      item: line.label,
      order: line.trackingNumber ?? '',
      amount: line.amount,
    })),
  ];
}

/** The statement CSV's columns. */
export const statementCsvColumns: CsvColumn<StatementCsvRow>[] = [
  { header: 'Section', cell: (row) => row.section },
  { header: 'Date', cell: (row) => row.date },
  { header: 'Item', cell: (row) => csvText(row.item) },
  { header: 'Order', cell: (row) => csvText(row.order) },
  { header: 'Amount', cell: (row) => csvRupees(Math.round(row.amount * 100)) },
];

/** Draws the statement: the vendor and month, the summary, then the entries. */
export async function renderStatement(
  pdf: PdfWriter,
  statement: Omit<StatementResponse, 'success'>,
  seller: { name: string; gstin: string | null; pan: string | null },
): Promise<void> {
  await pdf.page();
  pdf.fields([
    ['Seller', seller.name],
    ['GSTIN', seller.gstin ?? '-'],
    ['PAN', seller.pan ?? '-'],
    ['Month', statement.month],
  ]);
  pdf.space(8);
  await pdf.table(
    [
      { header: 'Summary', width: 0.7, cell: (row: (typeof statementFigureLabels)[number]) => row[1] },
      {
        header: 'Amount',
        width: 0.3,
        align: 'right',
        cell: (row) => formatRupees(Math.round(statement.figures[row[0]] * 100)),
      },
    ],
    statementFigureLabels,
  );
  pdf.space(8);
  await pdf.table(
    [
      { header: 'Date (IST)', width: 0.2, cell: (line: StatementLine) => indianDate(line.date) },
      { header: 'Entry', width: 0.35, cell: (line) => line.label },
      { header: 'Order', width: 0.25, cell: (line) => line.trackingNumber ?? '' },
      { header: 'Amount', width: 0.2, align: 'right', cell: (line) => formatRupees(Math.round(line.amount * 100)) },
    ],
    statement.lines,
  );
}
