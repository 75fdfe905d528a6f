/**
 * The Indian calendar of every tax date and period (issue 35; decision 0157): GST and
 * income-tax law date a supply, a rate, a return's month, a TDS quarter and a financial
 * year by Indian Standard Time, UTC+05:30 all year (India keeps no summer time). One
 * module for the API's tax and documents features and the web's period pickers, so there
 * is one rule: a sale at 2026-10-31T19:00Z is on 1 November 2026 in India, in November's
 * GSTR-8, statement and commission invoice; a rate "from 2024-10-01" applies from
 * 2024-09-30T18:30Z. Instants are UTC ISO 8601; dates `YYYY-MM-DD`, months `YYYY-MM`,
 * quarters `YYYY-Qn` (quarter n of the financial year starting on 1 April YYYY, as Form
 * 26Q numbers them), financial years `YYYY-YY`.
 */

/** India's offset from UTC in minutes (UTC+05:30, no summer time). */
export const INDIAN_OFFSET_MINUTES = 330;

const OFFSET_MS = INDIAN_OFFSET_MINUTES * 60_000;

/** The Indian date (`YYYY-MM-DD`) of an instant: `2026-10-31T19:00:00Z` → `2026-11-01`. */
export function indianDate(instant: string | Date): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/** The Indian month (`YYYY-MM`) of an instant. */
export function indianMonth(instant: string | Date): string {
  return indianDate(instant).slice(0, 7);
}

/** The UTC instant (ISO 8601) at which the Indian date `date` (`YYYY-MM-DD`) begins: `2024-10-01` → `2024-09-30T18:30:00.000Z`. */
export function indianDayStart(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - OFFSET_MS).toISOString();
}

/** The month after `month` (`YYYY-MM`). */
export function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** The month before `month` (`YYYY-MM`). */
export function previousMonthOf(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

/** An Indian period as UTC instants `[from, before)` (ISO 8601) and its first and last Indian dates. */
export interface IndianPeriod {
  from: string;
  before: string;
  firstDay: string;
  lastDay: string;
}

/** The period from the Indian date `firstDay` up to (not including) the Indian date `nextDay`. */
function period(firstDay: string, nextDay: string): IndianPeriod {
  const before = indianDayStart(nextDay);
  return {
    from: indianDayStart(firstDay),
    before,
    firstDay,
    lastDay: new Date(Date.parse(`${nextDay}T00:00:00.000Z`) - 86_400_000).toISOString().slice(0, 10),
  };
}

/** The Indian month `YYYY-MM`: `2026-11` is `[2026-10-31T18:30Z, 2026-11-30T18:30Z)`. */
export function indianMonthBounds(month: string): IndianPeriod {
  return period(`${month}-01`, `${nextMonth(month)}-01`);
}

/**
 * The quarter `YYYY-Qn` of the Indian financial year starting on 1 April YYYY (Q1 April
 * to June, Q2 July to September, Q3 October to December, Q4 January to March of YYYY + 1).
 */
export function indianQuarterBounds(quarter: string): IndianPeriod {
  const year = Number(quarter.slice(0, 4));
  const n = Number(quarter.slice(6));
  const month = (index: number) => `${year + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  const start = 3 + (n - 1) * 3; // 0-based from January of YYYY: April = 3
  return period(`${month(start)}-01`, `${month(start + 3)}-01`);
}

/** The financial-year quarter (`YYYY-Qn`) holding the Indian date `date` (`YYYY-MM-DD` or `YYYY-MM`). */
export function quarterOfDate(date: string): string {
  const year = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return m >= 4 ? `${year}-Q${Math.floor((m - 4) / 3) + 1}` : `${year - 1}-Q4`;
}

/** The first day (`YYYY-MM-DD`) of the Indian financial year (April to March) holding the Indian date `date`. */
export function financialYearStart(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return `${month >= 4 ? year : year - 1}-04-01`;
}

/** The financial year (April to March) of an instant's Indian date: `2026-27`. */
export function financialYearOf(instant: string | Date): string {
  const start = Number(financialYearStart(indianDate(instant)).slice(0, 4));
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
