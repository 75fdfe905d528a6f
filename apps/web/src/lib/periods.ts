import { indianMonth, quarterOfDate } from '@haat/contract';

/**
 * The periods the tax reports and the statement offer (issue 35; decisions 0149, 0157):
 * months `YYYY-MM` and financial-year quarters `YYYY-Qn` (Q1 = April to June of YYYY) of
 * the Indian calendar, the one the server reads them by, newest first.
 */

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The `count` months up to the Indian one holding `now`, newest first, with their names ("Nov 2026"). */
export function recentMonths(now: Date, count = 24): { value: string; label: string }[] {
  const [year, month] = indianMonth(now).split('-').map(Number) as [number, number];
  const months: { value: string; label: string }[] = [];
  for (let back = 0; back < count; back++) {
    const index = year * 12 + (month - 1) - back;
    const y = Math.floor(index / 12);
    const m = index % 12;
    months.push({ value: `${y}-${String(m + 1).padStart(2, '0')}`, label: `${MONTH_NAMES[m]} ${y}` });
  }
  return months;
}

/** The financial-year quarter holding `now`'s Indian date, as `YYYY-Qn`. */
export function quarterOf(now: Date): string {
  return quarterOfDate(indianMonth(now));
}

const QUARTER_MONTHS = ['Apr–Jun', 'Jul–Sep', 'Oct–Dec', 'Jan–Mar'];

/** The `count` quarters up to the one holding `now`, newest first ("Q3 2026-27 (Oct–Dec)"). */
export function recentQuarters(now: Date, count = 8): { value: string; label: string }[] {
  const [year, n] = quarterOf(now).split('-Q').map(Number) as [number, number];
  const quarters: { value: string; label: string }[] = [];
  for (let back = 0; back < count; back++) {
    const index = (year * 4 + (n - 1) - back) | 0;
    const y = Math.floor(index / 4);
    const q = (index % 4) + 1;
    quarters.push({
      value: `${y}-Q${q}`,
      label: `Q${q} ${y}-${String((y + 1) % 100).padStart(2, '0')} (${QUARTER_MONTHS[q - 1]})`,
    });
  }
  return quarters;
}
