import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { fileAnswer } from './jobs.js';

/**
 * The tax reports (issue 35, "Reports"; docs/decisions/0149-tax-reports.md): GSTR-8 for a
 * month, TDS under section 194-O for a quarter, and a seller's monthly statement. Read
 * from the tax register and the ledger (decision 0148). Money in rupees (two decimals)
 * on the wire; months, quarters and days by the Indian calendar (UTC+05:30, decision
 * 0157: `indian-calendar.ts`), instants UTC.
 */

export const taxReportMessages = {
  heading: 'Tax reports',
  gstr8Heading: 'GSTR-8 (TCS)',
  tdsHeading: 'TDS under section 194-O',
  monthLabel: 'Month',
  quarterLabel: 'Quarter',
  downloadCsv: 'Download CSV',
  downloadPdf: 'Download PDF',
  /** The statement's own buttons, named apart from the Earnings ledger's "Download CSV" on the same screen. */
  statementPdf: 'Statement PDF',
  statementCsv: 'Statement CSV',
  loading: 'Loading...',
  noRows: 'Nothing in this period',
  stateSummary: 'By state',
  totals: 'Totals',
  statementHeading: 'Monthly statement',
  monthInvalid: 'Month must be YYYY-MM',
  quarterInvalid: 'Quarter must be YYYY-Qn (n from 1 to 4; the financial year starting in April of YYYY)',
  panNotGiven: 'PAN not given',
  unregistered: 'Unregistered',
} as const;

/** `YYYY-MM` (months 01 to 12, years 2000 to 2999). */
export const reportMonth = z
  .string()
  .max(7, { message: taxReportMessages.monthInvalid })
  .regex(/^2\d{3}-(0[1-9]|1[0-2])$/, { message: taxReportMessages.monthInvalid })
  .describe('A month of the Indian calendar, YYYY-MM');

/** `YYYY-Qn`: quarter n of the financial year starting on 1 April YYYY (Q1 April to June ... Q4 January to March), as Form 26Q numbers them. */
export const reportQuarter = z
  .string()
  .max(7, { message: taxReportMessages.quarterInvalid })
  .regex(/^2\d{3}-Q[1-4]$/, { message: taxReportMessages.quarterInvalid })
  .describe('A quarter of the Indian financial year, YYYY-Qn (Q1 = April to June of YYYY)');

/** The figures of a GSTR-8 row or summary (rupees). */
const gstr8Figures = {
  grossSupplies: z.number(),
  suppliesReturned: z.number(),
  netAmount: z.number(),
  igst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
};

/**
 * One supplier and place of supply of GSTR-8's table 3: their GSTIN (or enrolment number;
 * null when they gave none), legal name and state, the place of supply (GST state code and name).
 */
export const gstr8Row = z.object({
  gstin: z.string().nullable(),
  legalName: z.string().nullable(),
  stateCode: z.string(),
  state: z.string(),
  placeOfSupplyCode: z.string(),
  placeOfSupply: z.string(),
  ...gstr8Figures,
});
export type Gstr8Row = z.infer<typeof gstr8Row>;

/** One state's figures: the suppliers located there (the state of the store's TCS registration that files them). */
export const gstr8State = z.object({ stateCode: z.string(), state: z.string(), ...gstr8Figures });
export type Gstr8State = z.infer<typeof gstr8State>;

export const gstr8Response = z.object({
  success: z.literal(true),
  month: z.string(),
  rows: z.array(gstr8Row),
  states: z.array(gstr8State),
  totals: z.object(gstr8Figures),
});
export type Gstr8Response = z.infer<typeof gstr8Response>;

/** One seller PAN and rate of the quarter: amounts credited (the TDS base), the rate (percent), TDS deducted, the first and last day credited. */
export const tdsRow = z.object({
  pan: z.string().nullable(),
  vendorId: z.string(),
  legalName: z.string().nullable(),
  rate: z.number(),
  amountCredited: z.number(),
  tdsDeducted: z.number(),
  firstCredited: z.string(),
  lastCredited: z.string(),
});
export type TdsRow = z.infer<typeof tdsRow>;

export const tdsResponse = z.object({
  success: z.literal(true),
  quarter: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(tdsRow),
  totals: z.object({ amountCredited: z.number(), tdsDeducted: z.number() }),
});
export type TdsResponse = z.infer<typeof tdsResponse>;

/** A seller's month in figures (rupees; deductions as positive amounts the store kept). */
export const statementFigures = z.object({
  sales: z.number(),
  returns: z.number(),
  commission: z.number(),
  commissionGst: z.number(),
  tcs: z.number(),
  tds: z.number(),
  adjustments: z.number(),
  payouts: z.number(),
  taxableSupplies: z.number(),
  suppliesReturned: z.number(),
  net: z.number(),
});
export type StatementFigures = z.infer<typeof statementFigures>;

/** The statement's figures with their names, in the order the screen, the CSV and the PDF show them. */
export const statementFigureLabels: readonly (readonly [keyof StatementFigures, string])[] = [
  ['sales', 'Sales'],
  ['returns', 'Returns and cancellations'],
  ['commission', 'Commission'],
  ['commissionGst', 'GST on commission'],
  ['tcs', 'TCS (GST)'],
  ['tds', 'TDS (194-O)'],
  ['adjustments', 'Adjustments'],
  ['net', 'Net earnings'],
  ['payouts', 'Payouts'],
  ['taxableSupplies', 'Taxable supplies made'],
  ['suppliesReturned', 'Taxable supplies returned'],
];

/** One line of a statement: an entry of the month (signed rupees, as the ledger). */
export const statementLine = z.object({
  date: z.string(),
  kind: z.string(),
  label: z.string(),
  orderId: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  amount: z.number(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementResponse = z.object({
  success: z.literal(true),
  month: z.string(),
  figures: statementFigures,
  lines: z.array(statementLine),
});
export type StatementResponse = z.infer<typeof statementResponse>;

const monthParams = z.object({ month: reportMonth });

/** The PDF and CSV statements come before the JSON one, so a path ending `.pdf` or `.csv` is theirs to any matcher that takes the first. */
export const taxReportEndpoints = {
  /** GSTR-8 of `month`: per supplier, gross taxable supplies, returned, net liable, IGST/CGST/SGST collected; a summary per state. */
  gstr8: endpoint('GET', '/api/tax/admin/gstr8', {
    access: 'admin',
    permission: 'money:read',
    summary: 'GSTR-8 (TCS) for a month',
    tags: ['tax'],
  })
    .input(z.object({ query: z.object({ month: reportMonth }) }))
    .output(gstr8Response),
  /** The same as CSV, in the column order of the GST portal's GSTR-8 offline tool. */
  gstr8Export: endpoint('GET', '/api/tax/admin/gstr8/export', {
    access: 'admin',
    permission: 'money:read',
    summary: 'GSTR-8 (TCS) for a month as CSV',
    tags: ['tax'],
    rawAnswer: true,
  })
    .input(z.object({ query: z.object({ month: reportMonth }) }))
    .output(fileAnswer),
  /** TDS under section 194-O of `quarter`: per seller PAN and rate, amounts credited, TDS deducted and dates. */
  tds: endpoint('GET', '/api/tax/admin/tds', {
    access: 'admin',
    permission: 'money:read',
    summary: 'TDS under section 194-O for a quarter',
    tags: ['tax'],
  })
    .input(z.object({ query: z.object({ quarter: reportQuarter }) }))
    .output(tdsResponse),
  /** The same statement as PDF. */
  statementPdf: endpoint('GET', '/api/vendor/statements/{month}.pdf', {
    access: 'vendor',
    tags: ['vendors'],
    summary: 'My monthly statement (PDF)',
    rawAnswer: true,
  })
    .input(z.object({ params: monthParams }))
    .output(fileAnswer),
  /** The same statement as CSV. */
  statementCsv: endpoint('GET', '/api/vendor/statements/{month}.csv', {
    access: 'vendor',
    tags: ['vendors'],
    summary: 'My monthly statement (CSV)',
    rawAnswer: true,
  })
    .input(z.object({ params: monthParams }))
    .output(fileAnswer),
  /** The signed-in vendor's statement of `month`: sales, returns, commission, its GST, TCS, TDS, payouts. */
  statement: endpoint('GET', '/api/vendor/statements/{month}', {
    access: 'vendor',
    tags: ['vendors'],
    summary: 'My monthly statement',
  })
    .input(z.object({ params: monthParams }))
    .output(statementResponse),
};
