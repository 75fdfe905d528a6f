import { splitLineTax } from '@haat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LineTaxBasis, shippedTax, takenBackTax, takingBackTax, unitsValue } from './line-tax.js';

/**
 * Decision 0152's one rule of a line's GST by units, pure: however a line's units are
 * taken back in steps, the steps' taxable value, CGST, SGST and IGST are never negative
 * and sum to the figures frozen at checkout; what is invoiced of the units shipped and
 * what their other units take back make the line; the units' value is what the
 * corrections' amounts add up to.
 */

const line = fc
  .record({
    quantity: fc.integer({ min: 1, max: 12 }),
    netPaise: fc.integer({ min: 0, max: 5_000_000 }),
    rateBp: fc.constantFrom(0, 500, 1200, 1800, 2800),
    intraState: fc.boolean(),
  })
  .map((basis): LineTaxBasis => ({ ...basis, frozen: splitLineTax(basis.netPaise, basis.rateBp, basis.intraState) }));

const add = (a: ReturnType<typeof takenBackTax>, b: ReturnType<typeof takenBackTax>) => ({
  taxablePaise: a.taxablePaise + b.taxablePaise,
  cgstPaise: a.cgstPaise + b.cgstPaise,
  sgstPaise: a.sgstPaise + b.sgstPaise,
  igstPaise: a.igstPaise + b.igstPaise,
});
const zero = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

describe('the GST of a line by units (decision 0152)', () => {
  it('sums the steps of taking every unit back to the frozen figures, none negative', () => {
    fc.assert(
      fc.property(line, fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 12 }), (basis, steps) => {
        let before = 0;
        let total = zero;
        for (const wanted of [...steps, basis.quantity]) {
          const units = Math.min(wanted, basis.quantity - before);
          if (units <= 0) break;
          const step = takingBackTax(basis, before, units);
          for (const paise of Object.values(step)) expect(paise).toBeGreaterThanOrEqual(0);
          total = add(total, step);
          before += units;
          // Cumulative: the steps so far are the rule at their total, whatever the steps were.
          expect(total).toEqual(takenBackTax(basis, before));
        }
        expect(total).toEqual(basis.frozen);
      }),
    );
  });

  it('invoices the units shipped as the line less what its other units take back', () => {
    fc.assert(
      fc.property(line, fc.nat(12), (basis, shipped) => {
        const units = Math.min(shipped, basis.quantity);
        expect(add(shippedTax(basis, units), takenBackTax(basis, basis.quantity - units))).toEqual(basis.frozen);
        expect(shippedTax(basis, basis.quantity)).toEqual(basis.frozen);
        expect(shippedTax(basis, 0)).toEqual(zero);
      }),
    );
  });

  it("values k units as the corrections' amounts add up: price × k less floor(share × k ÷ n)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 500_000 }),
        fc.nat(100),
        fc.nat(12),
        (quantity, pricePaise, percent, k) => {
          const units = Math.min(k, quantity);
          const share = Math.floor((quantity * pricePaise * percent) / 100);
          const net = quantity * pricePaise - share;
          expect(unitsValue(net, quantity, units)).toBe(units * pricePaise - Math.floor((share * units) / quantity));
        },
      ),
    );
  });
});
