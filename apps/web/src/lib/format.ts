/**
 * How the back office writes money, numbers and dates (spec section 9):
 * 'Rs.' with Indian grouping and two decimals; dates as abbreviated month, day, year.
 */

const rupeeFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const numberFormat = new Intl.NumberFormat('en-IN');

/** `Rs.1,23,456.00` from an amount in rupees. */
export function formatRupees(amount: number): string {
  return `Rs.${rupeeFormat.format(amount)}`;
}

/** Signed rupees (a ledger's amounts): `-Rs.900.00` for money taken back, `Rs.1,800.00` otherwise. */
export function formatSignedRupees(amount: number): string {
  return amount < 0 ? `-${formatRupees(-amount)}` : formatRupees(amount);
}

/** `1,23,456` */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/**
 * A list's total as the screens show it: `1,23,456`, or `10,000+` when the server stopped
 * counting (`totalRelation: 'gte'`, decision 0027).
 */
export function formatListTotal(total: number, lowerBound: boolean): string {
  return lowerBound ? `${numberFormat.format(total)}+` : numberFormat.format(total);
}

/** Shortens text to `max` characters with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * Every date on every screen is written one way, the store's locale's (issue 27: en-IN,
 * the day before the month): `21 Nov 2026`, the month abbreviated as spec section 9 asks.
 */
const dayFormat = { day: 'numeric', month: 'short', year: 'numeric' } as const;

/** `21 Nov 2026`, or 'N/A' for a missing or invalid date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString('en-IN', dayFormat);
}

/** A calendar day `YYYY-MM-DD` (a coupon's dates) as `1 Jan 2026`, read on the calendar (no time zone shift). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString('en-IN', { ...dayFormat, timeZone: 'UTC' });
}

/** `21 Nov 2026, 09:30 am` (with hour and minute where shown), or 'N/A'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? 'N/A'
    : date.toLocaleString('en-IN', { ...dayFormat, hour: '2-digit', minute: '2-digit' });
}
