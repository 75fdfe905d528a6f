import { financialYearStart } from '@haat/contract';
import { describe, expect, it } from 'vitest';
import { percentHalfUp, TDS_INDIVIDUAL_LIMIT_PAISE, tcsOn, tdsRateFor } from './deductions.js';

/** The TCS and TDS arithmetic at its edges (issue 35; decision 0148): half up to the paisa. */
describe('percentHalfUp', () => {
  it('rounds half a paisa up and less than half down', () => {
    expect(percentHalfUp(100, 50)).toBe(1); // 0.5% of Rs 1.00 = 0.5 paisa → 1
    expect(percentHalfUp(99, 50)).toBe(0); // 0.495 → 0
    expect(percentHalfUp(101, 50)).toBe(1); // 0.505 → 1
    expect(percentHalfUp(300, 50)).toBe(2); // 1.5 → 2
    expect(percentHalfUp(299, 50)).toBe(1); // 1.495 → 1
    expect(percentHalfUp(500, 10)).toBe(1); // 0.1% of Rs 5.00 = 0.5 → 1
    expect(percentHalfUp(499, 10)).toBe(0);
    expect(percentHalfUp(0, 1800)).toBe(0);
    expect(percentHalfUp(1, 1800)).toBe(0); // 0.18
    expect(percentHalfUp(3, 1800)).toBe(1); // 0.54
    expect(percentHalfUp(25, 1800)).toBe(5); // 4.5 → 5
  });

  it('is exact on amounts beyond the doubles’ integer products', () => {
    // 9e15 × 1800 overflows 2^53 as a double product; BigInt keeps it exact.
    expect(percentHalfUp(9_000_000_000_000_001, 1800)).toBe(1_620_000_000_000_000);
  });

  it('refuses negative or fractional bases and rates', () => {
    expect(() => percentHalfUp(-1, 50)).toThrow(RangeError);
    expect(() => percentHalfUp(1.5, 50)).toThrow(RangeError);
    expect(() => percentHalfUp(100, -1)).toThrow(RangeError);
  });
});

describe('tcsOn', () => {
  it('within a state: half CGST, half SGST, the odd paisa to CGST', () => {
    expect(tcsOn(100_000, 50, true)).toEqual({ cgstPaise: 250, sgstPaise: 250, igstPaise: 0 });
    expect(tcsOn(100_100, 50, true)).toEqual({ cgstPaise: 251, sgstPaise: 250, igstPaise: 0 }); // 500.5 → 501
    expect(tcsOn(99, 50, true)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(tcsOn(100, 50, true)).toEqual({ cgstPaise: 1, sgstPaise: 0, igstPaise: 0 });
  });

  it('across states: all IGST', () => {
    expect(tcsOn(100_100, 50, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 501 });
    expect(tcsOn(100_099, 50, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 500 }); // 500.495
  });
});

describe('tdsRateFor', () => {
  const rates = { rateBp: 10, noPanBp: 500 };
  it('takes 5% without a PAN', () => {
    expect(tdsRateFor({ pan: null, fyGrossPaise: 0, basePaise: 100, ...rates })).toBe(500);
  });

  it('spares an individual or HUF within Rs. 5 lakh for the year, this sale included', () => {
    for (const pan of ['ABCPE1234F', 'ABCHE1234F']) {
      expect(tdsRateFor({ pan, fyGrossPaise: TDS_INDIVIDUAL_LIMIT_PAISE - 100, basePaise: 100, ...rates })).toBe(0);
      expect(tdsRateFor({ pan, fyGrossPaise: TDS_INDIVIDUAL_LIMIT_PAISE - 100, basePaise: 101, ...rates })).toBe(10);
    }
  });

  it('deducts from any other holder from the first rupee', () => {
    for (const pan of ['ABCCE1234F', 'ABCFE1234F', 'ABCTE1234F'])
      expect(tdsRateFor({ pan, fyGrossPaise: 0, basePaise: 100, ...rates })).toBe(10);
  });
});

describe('financialYearStart', () => {
  it('runs from April to March', () => {
    expect(financialYearStart('2026-03-31')).toBe('2025-04-01');
    expect(financialYearStart('2026-04-01')).toBe('2026-04-01');
    expect(financialYearStart('2026-12-31')).toBe('2026-04-01');
  });
});
