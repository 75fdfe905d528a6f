import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateLargestRemainder, takeBackValue, unitsShare } from './discount-shares.js';

describe('allocateLargestRemainder', () => {
  it('gives the paise left over to the largest remainders, the earlier line on a tie', () => {
    expect(allocateLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateLargestRemainder(10, [300, 700])).toEqual([3, 7]);
    expect(allocateLargestRemainder(5, [1, 2, 2])).toEqual([1, 2, 2]);
    expect(allocateLargestRemainder(0, [0, 0])).toEqual([0, 0]);
  });

  it('always sums to the whole, no share above its line, on random orders', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, part) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          const total = Math.floor(sum * part);
          const shares = allocateLargestRemainder(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
          shares.forEach((share, index) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(weights[index] as number);
          });
        },
      ),
    );
  });
});

describe('unitsShare and takeBackValue', () => {
  it('steps of units taken back sum to the line share, whatever the steps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 10 }),
        (share, steps) => {
          const quantity = steps.reduce((a, b) => a + b, 0);
          let taken = 0;
          let sum = 0;
          for (const step of steps) {
            sum += unitsShare(share, quantity, taken + step) - unitsShare(share, quantity, taken);
            taken += step;
          }
          expect(sum).toBe(share);
        },
      ),
    );
  });

  it('values units at their price less their share of the discount', () => {
    const lines = [
      { quantity: 2, salePricePaise: 10_000, takenBack: 0 },
      { quantity: 1, salePricePaise: 5_000, takenBack: 0 },
    ];
    // Rs. 50 off Rs. 250: the first line carries 40, the second 10.
    expect(takeBackValue(5_000, lines, [1, 0])).toEqual([
      { pricePaise: 10_000, discountPaise: 2_000, amountPaise: 8_000 },
      { pricePaise: 0, discountPaise: 0, amountPaise: 0 },
    ]);
    expect(takeBackValue(5_000, lines, [2, 1]).reduce((sum, line) => sum + line.amountPaise, 0)).toBe(20_000);
  });
});
