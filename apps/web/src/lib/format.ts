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

/** `21/11/2026` (en-IN), or 'N/A' for a missing or invalid date. */
export function formatDateIN(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString('en-IN');
}

/** Shortens text to `max` characters with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** `Nov 21, 2026` (spec section 9: abbreviated month, day, year), or 'N/A'. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? 'N/A'
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** `Nov 21, 2026, 09:30 AM` (with hour and minute where shown), or 'N/A'. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? 'N/A'
    : date.toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
}
