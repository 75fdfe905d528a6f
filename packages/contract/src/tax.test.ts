import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  hsnCodeInput,
  percentToBasisPoints,
  postalCodeInput,
  rateOn,
  splitLineTax,
  taxSettingsBody,
} from './tax.js';

/** The slabs since 22 September 2025 and the old 12% and 28%, in basis points. */
const rates = [0, 25, 300, 500, 1200, 1800, 2800, 4000];

describe('splitLineTax', () => {
  it('takes the tax out of a GST-inclusive price: Rs. 1,180 at 18% is Rs. 1,000 + Rs. 180', () => {
    expect(splitLineTax(118_000, 1800, false)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_000,
    });
    expect(splitLineTax(118_000, 1800, true)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
      igstPaise: 0,
    });
  });

  it('gives the odd paisa to CGST: Rs. 1.05 at 5% is 100 paise + 3 + 2', () => {
    expect(splitLineTax(105, 500, true)).toEqual({ taxablePaise: 100, cgstPaise: 3, sgstPaise: 2, igstPaise: 0 });
    expect(splitLineTax(105, 500, false)).toEqual({ taxablePaise: 100, cgstPaise: 0, sgstPaise: 0, igstPaise: 5 });
  });

  it('rounds the taxable value half up to the paisa', () => {
    // 100 / 1.18 = 84.745… → 85; tax 15 = 8 + 7.
    expect(splitLineTax(100, 1800, true)).toEqual({ taxablePaise: 85, cgstPaise: 8, sgstPaise: 7, igstPaise: 0 });
    // 1 / 1.0025 = 0.9975 → 1: no tax on a paisa at 0.25%.
    expect(splitLineTax(1, 25, true)).toEqual({ taxablePaise: 1, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    // 7 / 1.4 = 5 exactly at 40%.
    expect(splitLineTax(7, 4000, false)).toEqual({ taxablePaise: 5, cgstPaise: 0, sgstPaise: 0, igstPaise: 2 });
    // 103 / 1.03 = 100 exactly at 3%.
    expect(splitLineTax(103, 300, true)).toEqual({ taxablePaise: 100, cgstPaise: 2, sgstPaise: 1, igstPaise: 0 });
  });

  it('charges nothing at 0% and on a zero line', () => {
    expect(splitLineTax(123_456, 0, true)).toEqual({ taxablePaise: 123_456, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(splitLineTax(0, 1800, true)).toEqual({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(splitLineTax(0, 4000, false)).toEqual({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });

  it('is exact for the largest amounts (no floating-point product)', () => {
    const net = Number.MAX_SAFE_INTEGER;
    const { taxablePaise, cgstPaise, sgstPaise } = splitLineTax(net, 1800, true);
    expect(taxablePaise + cgstPaise + sgstPaise).toBe(net);
    const exact = (BigInt(net) * 10_000n * 2n + 11_800n) / (2n * 11_800n);
    expect(BigInt(taxablePaise)).toBe(exact);
  });

  it('refuses a negative or fractional amount and a rate outside 0..100%', () => {
    expect(() => splitLineTax(-1, 1800, true)).toThrow(RangeError);
    expect(() => splitLineTax(1.5, 1800, true)).toThrow(RangeError);
    expect(() => splitLineTax(100, -1, true)).toThrow(RangeError);
    expect(() => splitLineTax(100, 10_001, true)).toThrow(RangeError);
  });

  it('always sums to the line, CGST and SGST at most a paisa apart, the taxable value the nearest to net ÷ (1 + rate)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.constantFrom(...rates),
        fc.boolean(),
        (net, rateBp, intra) => {
          const split = splitLineTax(net, rateBp, intra);
          expect(split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(net);
          for (const part of Object.values(split)) expect(part).toBeGreaterThanOrEqual(0);
          if (intra) {
            expect(split.igstPaise).toBe(0);
            expect(split.cgstPaise - split.sgstPaise).toBeGreaterThanOrEqual(0);
            expect(split.cgstPaise - split.sgstPaise).toBeLessThanOrEqual(1);
          } else {
            expect(split.cgstPaise + split.sgstPaise).toBe(0);
          }
          // |taxable × (10000 + rate) − net × 10000| ≤ half of (10000 + rate): the nearest paisa.
          const denominator = 10_000n + BigInt(rateBp);
          const error = BigInt(split.taxablePaise) * denominator - BigInt(net) * 10_000n;
          expect(2n * (error < 0n ? -error : error) <= denominator).toBe(true);
          if (rateBp === 0) expect(split.taxablePaise).toBe(net);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('rateOn', () => {
  const dated = [
    { kind: 'tcs' as const, rateBp: 100, from: '2018-10-01' },
    { kind: 'tcs' as const, rateBp: 50, from: '2024-07-10' },
    { kind: 'tds' as const, rateBp: 100, from: '2020-10-01' },
    { kind: 'tds' as const, rateBp: 10, from: '2024-10-01' },
  ];

  it('answers the rate with the latest date not after the day, a past rate for a past sale', () => {
    expect(rateOn(dated, 'tcs', '2024-07-09')?.rateBp).toBe(100);
    expect(rateOn(dated, 'tcs', '2024-07-10')?.rateBp).toBe(50);
    expect(rateOn(dated, 'tcs', '2030-01-01')?.rateBp).toBe(50);
    expect(rateOn(dated, 'tds', '2024-09-30')?.rateBp).toBe(100);
    expect(rateOn(dated, 'tds', '2024-10-01')?.rateBp).toBe(10);
  });

  it('answers nothing before the first rate of the kind, or for a kind without rates', () => {
    expect(rateOn(dated, 'tcs', '2018-09-30')).toBeUndefined();
    expect(rateOn(dated, 'commission_gst', '2026-01-01')).toBeUndefined();
  });
});

describe('percentages and codes', () => {
  it('reads percentages into basis points and back', () => {
    for (const percent of [0, 0.25, 3, 5, 18, 40, 0.1, 0.5])
      expect(basisPointsToPercent(percentToBasisPoints(percent))).toBe(percent);
    expect(percentToBasisPoints(0.1)).toBe(10);
    expect(percentToBasisPoints(0.25)).toBe(25);
  });

  it('takes HSN codes of 4 to 8 digits, none for an empty one', () => {
    expect(hsnCodeInput.parse('6109')).toBe('6109');
    expect(hsnCodeInput.parse('8517 1300')).toBe('85171300');
    expect(hsnCodeInput.parse('')).toBeNull();
    expect(hsnCodeInput.parse(null)).toBeNull();
    for (const bad of ['610', '123456789', '61A9', 'abcd'])
      expect(hsnCodeInput.safeParse(bad).error?.issues[0]?.message).toBe('HSN code must be 4 to 8 digits');
  });

  it('takes 6-digit PIN codes not starting with 0', () => {
    expect(postalCodeInput.parse('560 001')).toBe('560001');
    expect(postalCodeInput.parse('')).toBeNull();
    for (const bad of ['056001', '56001', '5600011', 'ABCDEF'])
      expect(postalCodeInput.safeParse(bad).success).toBe(false);
  });
});

describe('taxSettingsBody', () => {
  const body = {
    legalName: 'Haat Marketplace Private Limited',
    gstin: '',
    state: 'Karnataka',
    rates: [{ kind: 'tcs', percentage: 0.5, from: '2024-07-10' }],
    updatedAt: '2026-12-01T00:00:00.000Z',
  };

  it('reads the state by name or GST code into the code', () => {
    expect(taxSettingsBody.parse(body).state).toBe('29');
    expect(taxSettingsBody.parse({ ...body, state: '29' }).state).toBe('29');
    expect(taxSettingsBody.parse(body).gstin).toBeNull();
  });

  it("refuses a GSTIN of another state than the store's", () => {
    // 27AAPFU0939F1ZV: a published example GSTIN of Maharashtra (27).
    const result = taxSettingsBody.safeParse({ ...body, gstin: '27AAPFU0939F1ZV' });
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      "The GSTIN's state code must be the store's state",
    );
    expect(taxSettingsBody.safeParse({ ...body, gstin: '27AAPFU0939F1ZV', state: 'Maharashtra' }).success).toBe(true);
  });

  it('refuses two rates of a kind from one date, and an unknown state', () => {
    expect(
      taxSettingsBody.safeParse({ ...body, rates: [...body.rates, { kind: 'tcs', percentage: 1, from: '2024-07-10' }] })
        .success,
    ).toBe(false);
    expect(taxSettingsBody.safeParse({ ...body, state: 'Atlantis' }).success).toBe(false);
  });
});
