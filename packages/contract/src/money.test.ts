import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisPointsOf, divideHalfUp, fractionOf, percentOf, toPaise, toRupees } from './money.js';

/** The exact half-up rounding of `paise × numerator / denominator`, by the definition on rationals. */
function halfUpByDefinition(paise: bigint, numerator: bigint, denominator: bigint): bigint {
  const exact = paise * numerator;
  const floor = exact >= 0n ? exact / denominator : -((-exact + denominator - 1n) / denominator);
  const remainder = exact - floor * denominator; // 0 ≤ remainder < denominator
  if (2n * remainder > denominator) return floor + 1n;
  if (2n * remainder < denominator) return floor;
  return exact >= 0n ? floor + 1n : floor; // a half goes away from zero
}

const paise = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 });

describe('divideHalfUp', () => {
  it.each([
    [5n, 10n, 1n],
    [4n, 10n, 0n],
    [15n, 10n, 2n],
    [14n, 10n, 1n],
    [-5n, 10n, -1n],
    [-4n, 10n, 0n],
    [-15n, 10n, -2n],
    [0n, 7n, 0n],
    [7n, 1n, 7n],
  ])('%s / %s is %s', (numerator, denominator, quotient) => {
    expect(divideHalfUp(numerator, denominator)).toBe(quotient);
  });

  it('refuses a denominator that is not positive', () => {
    expect(() => divideHalfUp(1n, 0n)).toThrow(RangeError);
    expect(() => divideHalfUp(1n, -2n)).toThrow(RangeError);
  });

  it('is the nearest integer, a half away from zero, for any integers', () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.bigInt({ min: 1n, max: 10n ** 30n }), (numerator, denominator) => {
        expect(divideHalfUp(numerator, denominator)).toBe(halfUpByDefinition(numerator, 1n, denominator));
      }),
    );
  });
});

describe('percentOf and basisPointsOf', () => {
  it.each([
    [123_400, 10, 12_340],
    [99, 15, 15],
    [5, 10, 1],
    [4, 10, 0],
    [1_001, 33, 330],
    [1_050, 1, 11],
    [0, 50, 0],
    [100_000, 100, 100_000],
    [100_000, 0, 0],
  ])('%s paise × %s%% is %s', (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected);
  });

  it.each([
    [1_005, 1000, 101],
    [1_004, 1000, 100],
    [15, 1000, 2],
    [14, 1000, 1],
    [99_999, 1, 10],
    [99_999, 10_000, 99_999],
    [1, 5_000, 1],
  ])('%s paise × %s bp is %s', (amount, basisPoints, expected) => {
    expect(basisPointsOf(amount, basisPoints)).toBe(expected);
  });

  it('refuses what is not a whole number instead of rounding it', () => {
    expect(() => percentOf(10.5, 10)).toThrow(RangeError);
    expect(() => percentOf(100, 12.5)).toThrow(RangeError);
    expect(() => basisPointsOf(Number.NaN, 10)).toThrow(RangeError);
    expect(() => fractionOf(100, 1, 0)).toThrow(RangeError);
  });

  it('is the exact rational rounded half up, also past 2^53 where a float product is not exact', () => {
    fc.assert(
      fc.property(paise, fc.integer({ min: 0, max: 10_000 }), (amount, basisPoints) => {
        expect(basisPointsOf(amount, basisPoints)).toBe(
          Number(halfUpByDefinition(BigInt(amount), BigInt(basisPoints), 10_000n)),
        );
      }),
    );
    // 99% of 2^52 + 1 paise: the float product rounds to the wrong paisa.
    expect(Math.round(((2 ** 52 + 1) * 99) / 100)).toBe(4_458_563_631_096_793);
    expect(percentOf(2 ** 52 + 1, 99)).toBe(4_458_563_631_096_792);
  });

  it('agrees with the float rounding coupons used before, over every amount the contract can carry', () => {
    // Rs. 10 crore is the largest amount on the wire; a subtotal of many lines stays far
    // below 2^53 / 100 paise, where Math.round(x × p / 100) is still exact.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000_000 }), fc.integer({ min: 0, max: 100 }), (amount, p) => {
        expect(percentOf(amount, p)).toBe(Math.round((amount * p) / 100));
      }),
    );
  });

  it('never gives more than the whole, and is monotone in the amount', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000_000), fc.nat(10_000_000_000), fc.integer({ min: 0, max: 100 }), (a, b, p) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(percentOf(high, p)).toBeLessThanOrEqual(high);
        expect(percentOf(low, p)).toBeLessThanOrEqual(percentOf(high, p));
      }),
    );
  });
});

describe('toPaise and toRupees', () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.1, 10],
    [19.99, 1_999],
    [1_234.56, 123_456],
    [99_999_999.99, 9_999_999_999],
    [100_000_000, 10_000_000_000],
    [-75.5, -7_550],
    [0.1 + 0.2, 30],
    [1.005 - 0.005, 100],
    [1.005, 101],
    [2.675, 268],
    [-1.005, -101],
    [0.004, 0],
    [0.005, 1],
    [1e-7, 0],
    [1e21, 1e23],
  ])('%s rupees are %s paise', (rupees, expected) => {
    expect(toPaise(rupees)).toBe(expected);
  });

  it('refuses what is not an amount', () => {
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
    expect(() => toPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('reads back every whole number of paise it wrote, across the wire range', () => {
    fc.assert(
      fc.property(paise, (amount) => {
        expect(toPaise(toRupees(amount))).toBe(amount);
        expect(toRupees(amount)).toBe(Number(`${amount < 0 ? '-' : ''}${Math.abs(amount) / 100}`));
      }),
    );
  });

  it('takes a two-decimal amount exactly as the float conversion did', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (amount) => {
        const rupees = amount / 100;
        expect(toPaise(rupees)).toBe(Math.round(rupees * 100));
      }),
    );
  });
});
