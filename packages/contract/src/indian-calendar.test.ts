import { describe, expect, it } from 'vitest';
import {
  financialYearOf,
  financialYearStart,
  indianDate,
  indianDayStart,
  indianMonth,
  indianMonthBounds,
  indianQuarterBounds,
  nextMonth,
  previousMonthOf,
  quarterOfDate,
} from './indian-calendar.js';

describe('the Indian calendar of tax dates (decision 0157)', () => {
  it('dates an instant by UTC+05:30: 18:30Z is already the next day', () => {
    expect(indianDate('2026-10-31T18:29:59.999Z')).toBe('2026-10-31');
    expect(indianDate('2026-10-31T18:30:00.000Z')).toBe('2026-11-01');
    expect(indianDate(new Date('2026-10-31T19:00:00Z'))).toBe('2026-11-01');
    expect(indianMonth('2026-12-31T20:00:00Z')).toBe('2027-01');
    // No summer time: the same offset in January and July.
    expect(indianDate('2026-07-15T18:30:00Z')).toBe('2026-07-16');
    expect(indianDate('2026-01-15T18:30:00Z')).toBe('2026-01-16');
  });

  it('starts an Indian day at 18:30 UTC the day before', () => {
    expect(indianDayStart('2024-10-01')).toBe('2024-09-30T18:30:00.000Z');
    expect(indianDayStart('2027-01-01')).toBe('2026-12-31T18:30:00.000Z');
    expect(indianDate(indianDayStart('2024-03-01'))).toBe('2024-03-01');
  });

  it('bounds a month [from, before) with its first and last days, across a year and a leap February', () => {
    expect(indianMonthBounds('2026-11')).toEqual({
      from: '2026-10-31T18:30:00.000Z',
      before: '2026-11-30T18:30:00.000Z',
      firstDay: '2026-11-01',
      lastDay: '2026-11-30',
    });
    expect(indianMonthBounds('2026-12')).toMatchObject({
      before: '2026-12-31T18:30:00.000Z',
      lastDay: '2026-12-31',
    });
    expect(indianMonthBounds('2028-02')).toMatchObject({ lastDay: '2028-02-29', before: '2028-02-29T18:30:00.000Z' });
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonthOf('2027-01')).toBe('2026-12');
    expect(previousMonthOf('2026-11')).toBe('2026-10');
  });

  it('bounds the quarters of the financial year starting in April, Q4 in the next calendar year', () => {
    expect(indianQuarterBounds('2024-Q2')).toEqual({
      from: '2024-06-30T18:30:00.000Z',
      before: '2024-09-30T18:30:00.000Z',
      firstDay: '2024-07-01',
      lastDay: '2024-09-30',
    });
    expect(indianQuarterBounds('2024-Q3')).toMatchObject({ from: '2024-09-30T18:30:00.000Z', lastDay: '2024-12-31' });
    expect(indianQuarterBounds('2026-Q4')).toEqual({
      from: '2026-12-31T18:30:00.000Z',
      before: '2027-03-31T18:30:00.000Z',
      firstDay: '2027-01-01',
      lastDay: '2027-03-31',
    });
    expect(quarterOfDate('2024-09-30')).toBe('2024-Q2');
    expect(quarterOfDate('2024-10-01')).toBe('2024-Q3');
    expect(quarterOfDate('2027-03-31')).toBe('2026-Q4');
    expect(quarterOfDate('2027-04')).toBe('2027-Q1');
  });

  it('runs the financial year from 1 April, by the Indian date', () => {
    expect(financialYearStart('2026-03-31')).toBe('2025-04-01');
    expect(financialYearStart('2026-04-01')).toBe('2026-04-01');
    expect(financialYearOf('2026-03-31T18:29:59Z')).toBe('2025-26');
    expect(financialYearOf('2026-03-31T18:30:00Z')).toBe('2026-27');
    expect(financialYearOf('2099-12-31T00:00:00Z')).toBe('2099-00');
  });
});
