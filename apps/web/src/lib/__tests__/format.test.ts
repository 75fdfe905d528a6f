import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatNumber, formatRupees, truncate } from '../format';

describe('format', () => {
  it('writes rupees with Rs., Indian grouping and two decimals', () => {
    expect(formatRupees(1234567.5)).toBe('Rs.12,34,567.50');
    expect(formatRupees(0)).toBe('Rs.0.00');
    expect(formatRupees(99.999)).toBe('Rs.100.00');
  });

  it('groups numbers the Indian way', () => {
    expect(formatNumber(1500000)).toBe('15,00,000');
  });

  it('writes dates one way, day before month (en-IN), or N/A when missing or invalid', () => {
    expect(formatDate('2026-11-21T09:30:00.000Z')).toBe('21 Nov 2026');
    expect(formatDateTime('2026-11-21T09:30:00.000Z')).toMatch(/^21 Nov 2026, \d{2}:\d{2} [ap]m$/i);
    expect(formatDay('2026-01-01')).toBe('1 Jan 2026');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it('truncates with an ellipsis', () => {
    expect(truncate('12 MG Road, Indiranagar, Bengaluru 560038', 30)).toBe('12 MG Road, Indiranagar, Benga...');
    expect(truncate('short', 30)).toBe('short');
  });
});
