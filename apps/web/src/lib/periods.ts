/**
 * The periods the tax reports and the statement offer (issue 35; decision 0149): UTC
 * months `YYYY-MM` and financial-year quarters `YYYY-Qn` (Q1 = April to June of YYYY),
 * newest first.
 */

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The `count` months up to the one holding `now`, newest first, with their names ("Nov 2026"). */
export function recentMonths(now: Date, count = 24): { value: string; label: string }[] {
  const months: { value: string; label: string }[] = [];
  for (let back = 0; back < count; back++) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const m = day.getUTCMonth();
    months.push({
      value: `${day.getUTCFullYear()}-${String(m + 1).padStart(2, '0')}`,
      label: `${MONTH_NAMES[m]} ${day.getUTCFullYear()}`,
    });
  }
  return months;
}

/** The financial-year quarter holding `now`, as `YYYY-Qn`. */
export function quarterOf(now: Date): string {
  const m = now.getUTCMonth() + 1;
  const year = m >= 4 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return `${year}-Q${m >= 4 ? Math.floor((m - 4) / 3) + 1 : 4}`;
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
