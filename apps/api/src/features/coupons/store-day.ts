/**
 * The store's calendar: coupon dates are date-only and inclusive, judged on the
 * calendar of the store's time zone (`STORE_TIME_ZONE`, default UTC), not the
 * server's or the shopper's.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date `YYYY-MM-DD` of `instant` in the IANA time zone `timeZone`
 * (e.g. 2026-11-22T20:00Z is 2026-11-23 in Asia/Kolkata, 2026-11-22 in UTC).
 * @throws RangeError for an unknown time zone (the config refuses those at start-up).
 */
export function storeDay(timeZone: string, instant: Date = new Date()): string {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(instant);
}
