import { describe, expect, it } from 'vitest';
import { quarterOf, recentMonths, recentQuarters } from '../periods';

describe('the report periods offered (Indian calendar, decision 0157)', () => {
  it('offers the Indian month of now first: 2026-10-31T19:00Z is November in India', () => {
    expect(recentMonths(new Date('2026-10-31T19:00:00Z'), 3)).toEqual([
      { value: '2026-11', label: 'Nov 2026' },
      { value: '2026-10', label: 'Oct 2026' },
      { value: '2026-09', label: 'Sep 2026' },
    ]);
    expect(recentMonths(new Date('2026-10-31T18:29:59Z'), 1)).toEqual([{ value: '2026-10', label: 'Oct 2026' }]);
    expect(recentMonths(new Date('2027-01-15T00:00:00Z'), 2).map((month) => month.value)).toEqual([
      '2027-01',
      '2026-12',
    ]);
  });

  it("takes the financial-year quarter of now's Indian date", () => {
    expect(quarterOf(new Date('2024-09-30T18:29:59Z'))).toBe('2024-Q2');
    expect(quarterOf(new Date('2024-09-30T18:45:00Z'))).toBe('2024-Q3');
    expect(quarterOf(new Date('2026-03-31T18:45:00Z'))).toBe('2026-Q1');
    expect(quarterOf(new Date('2026-03-31T18:00:00Z'))).toBe('2025-Q4');
    expect(recentQuarters(new Date('2026-04-10T00:00:00Z'), 2)).toEqual([
      { value: '2026-Q1', label: 'Q1 2026-27 (Apr–Jun)' },
      { value: '2025-Q4', label: 'Q4 2025-26 (Jan–Mar)' },
    ]);
  });
});
