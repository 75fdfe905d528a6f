import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponTerms } from '../../test/coupon-fixtures.js';
import { commissionKept, commissionOn, type RateTerms, saleEntries } from '../commissions/commission-rules.js';

/** The commission as the checkout charges it (`commissionOn`). */
const commissionOnPlaced = (rate: Pick<RateTerms, 'percentageBp' | 'minPaise' | 'maxPaise'>, net: number) =>
  commissionOn(net, rate);

import type { CouponTerms } from '../coupons/coupon-rules.js';
import {
  type ChargeableLine,
  CouponRefusedError,
  chargeOrderLines,
  type PricedLine,
  priceOrder,
} from './order-pricing.js';

const coupon = (overrides: Partial<CouponTerms> = {}) => couponTerms({ code: 'WELCOME10', ...overrides });

const lines: PricedLine[] = [
  { productId: 1, categoryId: 10, quantity: 2, salePricePaise: 49_950 },
  { productId: 2, categoryId: 20, quantity: 1, salePricePaise: 120_000 },
];
const today = '2026-06-15';

describe('priceOrder', () => {
  it('totals the lines without a coupon', () => {
    expect(priceOrder(lines, null, today)).toEqual({
      subtotalPaise: 219_900,
      discountPaise: 0,
      discountedTotalPaise: 219_900,
      couponCode: null,
      eligible: [true, true],
      fundedBy: null,
    });
  });

  it('takes a percentage off, rounded to the paisa', () => {
    expect(priceOrder(lines, coupon({ percentOff: 15 }), today)).toEqual({
      subtotalPaise: 219_900,
      discountPaise: 32_985,
      discountedTotalPaise: 186_915,
      couponCode: 'WELCOME10',
      eligible: [true, true],
      fundedBy: 'vendors',
    });
  });

  it('caps a percentage at the coupon maximum', () => {
    expect(priceOrder(lines, coupon({ percentOff: 50, maxDiscountPaise: 50_000 }), today)).toMatchObject({
      discountPaise: 50_000,
      discountedTotalPaise: 169_900,
    });
  });

  it('takes a fixed amount off', () => {
    const fixed = coupon({ code: 'FLAT200', discountType: 'fixed', percentOff: null, amountOffPaise: 20_000 });
    expect(priceOrder(lines, fixed, today)).toEqual({
      subtotalPaise: 219_900,
      discountPaise: 20_000,
      discountedTotalPaise: 199_900,
      couponCode: 'FLAT200',
      eligible: [true, true],
      fundedBy: 'vendors',
    });
  });

  it('never takes more than a restricted coupon’s eligible lines', () => {
    const fixed = coupon({
      discountType: 'fixed',
      percentOff: null,
      amountOffPaise: 500_000,
      applicableCategoryIds: [20],
    });
    expect(priceOrder(lines, fixed, today)).toMatchObject({ discountPaise: 120_000, discountedTotalPaise: 99_900 });
  });

  it('discounts the restricted products only', () => {
    expect(priceOrder(lines, coupon({ percentOff: 10, applicableProductIds: [1] }), today)).toMatchObject({
      discountPaise: 9_990,
      discountedTotalPaise: 209_910,
    });
  });

  it('keeps discounted total = subtotal − discount, never below zero', () => {
    const all = coupon({ percentOff: 100 });
    const priced = priceOrder(lines, all, today);
    expect(priced.discountedTotalPaise).toBe(0);
    expect(priced.subtotalPaise - priced.discountPaise).toBe(priced.discountedTotalPaise);
  });

  it('allows the coupon on its first and last day', () => {
    expect(priceOrder(lines, coupon({ startDate: today }), today).discountPaise).toBe(21_990);
    expect(priceOrder(lines, coupon({ endDate: today }), today).discountPaise).toBe(21_990);
  });

  it.each([
    ['inactive', { isActive: false }, 'COUPON_INACTIVE', 'This coupon is not active'],
    ['not yet started', { startDate: '2026-06-16' }, 'COUPON_NOT_STARTED', 'This coupon is not valid yet'],
    ['expired', { endDate: '2026-06-14' }, 'COUPON_EXPIRED', 'This coupon has expired'],
    [
      'used up',
      { usageLimit: 3, usedCount: 3 },
      'COUPON_USAGE_LIMIT_REACHED',
      'This coupon has reached its usage limit',
    ],
    [
      'below its minimum',
      { minOrderPaise: 219_901 },
      'COUPON_MIN_ORDER_NOT_MET',
      'Minimum order amount for this coupon is Rs.2,199.01',
    ],
    [
      'for other products',
      { applicableProductIds: [3] },
      'COUPON_NOT_APPLICABLE',
      'This coupon does not apply to the products in this order',
    ],
  ] as const)('refuses a coupon %s with a 400 naming why', (_, overrides, code, message) => {
    let thrown: unknown;
    try {
      priceOrder(lines, coupon(overrides), today);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CouponRefusedError);
    const error = thrown as CouponRefusedError;
    expect(error.refusal.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.statusCode).toBe(400);
    expect(error.errors).toEqual({ coupon: message });
  });

  it('allows a minimum order equal to the subtotal', () => {
    expect(priceOrder(lines, coupon({ minOrderPaise: 219_900 }), today).discountPaise).toBe(21_990);
  });
});

describe('chargeOrderLines', () => {
  const rate = (overrides: Partial<RateTerms> = {}): RateTerms => ({
    id: 1,
    percentageBp: 1000,
    categoryId: null,
    vendorId: null,
    minPaise: null,
    maxPaise: null,
    ...overrides,
  });
  const rates = [
    rate(),
    rate({ id: 2, vendorId: 7, percentageBp: 500 }),
    rate({ id: 3, categoryId: 20, minPaise: 3_000 }),
  ];

  it('shares the discount by largest remainder, charges the most specific rate, and posts net and commission', () => {
    const charged = chargeOrderLines(
      1_001,
      [
        { vendorId: 7, categoryId: 10, quantity: 2, salePricePaise: 5_000 },
        { vendorId: 8, categoryId: 20, quantity: 1, salePricePaise: 10_000 },
        { vendorId: null, categoryId: 10, quantity: 1, salePricePaise: 10_000 },
      ],
      rates,
    );
    // 1,001 paise over three lines of 10,000: 333 each, and the two left to the first two (equal remainders).
    expect(charged).toEqual([
      {
        vendorId: 7,
        rateBp: 500,
        netPaise: 9_666,
        commissionPaise: 483,
        storeFundedPaise: 0,
        commissionMinPaise: null,
        commissionMaxPaise: null,
        entries: [
          { kind: 'sale', amountPaise: 9_666 },
          { kind: 'commission', amountPaise: -483 },
        ],
      },
      {
        vendorId: 8,
        rateBp: 1000,
        netPaise: 9_666,
        commissionPaise: 3_000,
        storeFundedPaise: 0,
        commissionMinPaise: 3_000,
        commissionMaxPaise: null,
        entries: [
          { kind: 'sale', amountPaise: 9_666 },
          { kind: 'commission', amountPaise: -3_000 },
        ],
      },
      {
        vendorId: null,
        rateBp: null,
        netPaise: 9_667,
        commissionPaise: 0,
        storeFundedPaise: 0,
        commissionMinPaise: null,
        commissionMaxPaise: null,
        entries: [],
      },
    ]);
  });

  it('charges nothing, at rate 0, when no rate matches, and posts no commission entry', () => {
    const [line] = chargeOrderLines(0, [{ vendorId: 9, categoryId: 10, quantity: 1, salePricePaise: 999 }], []);
    expect(line).toEqual({
      vendorId: 9,
      rateBp: 0,
      netPaise: 999,
      commissionPaise: 0,
      storeFundedPaise: 0,
      commissionMinPaise: null,
      commissionMaxPaise: null,
      entries: [{ kind: 'sale', amountPaise: 999 }],
    });
    expect(saleEntries({ netPaise: 0, commissionPaise: 0 })).toEqual([{ kind: 'sale', amountPaise: 0 }]);
  });

  it('keeps every paisa: nets sum to the subtotal less the discount, and each line posts its net less commission', () => {
    const line = fc.record({
      vendorId: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
      categoryId: fc.option(fc.integer({ min: 10, max: 30 }), { nil: null }),
      quantity: fc.integer({ min: 1, max: 50 }),
      salePricePaise: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines: ChargeableLine[], part) => {
          const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.salePricePaise, 0);
          const discount = Math.floor(subtotal * part);
          const charged = chargeOrderLines(discount, lines, rates);
          expect(charged.reduce((sum, c) => sum + c.netPaise, 0)).toBe(subtotal - discount);
          for (const c of charged) {
            expect(c.commissionPaise).toBeGreaterThanOrEqual(0);
            expect(c.commissionPaise).toBeLessThanOrEqual(Math.max(c.netPaise, 0));
            const posted = c.entries.reduce((sum, e) => sum + e.amountPaise, 0);
            expect(posted).toBe(c.vendorId === null ? 0 : c.netPaise - c.commissionPaise);
          }
        },
      ),
    );
  });

  it('shares a category-limited coupon only over the lines it applies to (issue 35)', () => {
    const order = [
      { vendorId: 7, categoryId: 10, quantity: 1, salePricePaise: 10_000 },
      { vendorId: 8, categoryId: 20, quantity: 3, salePricePaise: 3_333 },
      { vendorId: null, categoryId: 20, quantity: 1, salePricePaise: 1 },
    ];
    const priced = priceOrder(
      order.map((line, index) => ({ productId: index + 1, ...line })),
      coupon({ percentOff: 10, applicableCategoryIds: [20] }),
      today,
    );
    // 10% of the eligible 10,000 (9,999 + 1), rounded half up.
    expect(priced.discountPaise).toBe(1_000);
    expect(priced.eligible).toEqual([false, true, true]);
    const charged = chargeOrderLines(priced.discountPaise, order, [rate()], { eligible: priced.eligible });
    // The other seller's line bears nothing; 1,000 over 9,999 and 1 by largest remainder: 999.9 → 1,000 and 0.1 → 0.
    expect(charged.map((line) => line.netPaise)).toEqual([10_000, 8_999, 1]);
    expect(charged.map((line) => line.commissionPaise)).toEqual([1_000, 900, 0]);
  });

  it('leaves a store-funded discount out of the vendor’s earning and the commission base (issue 35)', () => {
    const order = [
      { vendorId: 7, categoryId: 10, quantity: 1, salePricePaise: 10_000 },
      { vendorId: null, categoryId: 10, quantity: 1, salePricePaise: 10_000 },
    ];
    const [vendorLine, storeLine] = chargeOrderLines(2_001, order, [rate()], { fundedBy: 'store' });
    expect(vendorLine).toMatchObject({
      netPaise: 8_999,
      storeFundedPaise: 1_001,
      commissionPaise: 1_000,
      entries: [
        { kind: 'sale', amountPaise: 10_000 },
        { kind: 'commission', amountPaise: -1_000 },
      ],
    });
    // The store's own line bears its share itself: nothing store-funded to book for it.
    expect(storeLine).toMatchObject({ netPaise: 9_000, storeFundedPaise: 0, entries: [] });
    const vendorFunded = chargeOrderLines(2_001, order, [rate()], { fundedBy: 'vendors' });
    expect(vendorFunded[0]).toMatchObject({ netPaise: 8_999, storeFundedPaise: 0, commissionPaise: 900 });
  });

  it('reconciles any funding and limit: vendors’ earnings + commission − store-funded + store lines = net total', () => {
    const line = fc.record({
      vendorId: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
      categoryId: fc.option(fc.integer({ min: 10, max: 30 }), { nil: null }),
      quantity: fc.integer({ min: 1, max: 50 }),
      salePricePaise: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.record({ line, eligible: fc.boolean() }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('store' as const, 'vendors' as const),
        (rows, part, fundedBy) => {
          const order = rows.map((row) => row.line);
          const eligible = rows.map((row) => row.eligible);
          const eligibleValue = order.reduce((sum, l, i) => sum + (eligible[i] ? l.quantity * l.salePricePaise : 0), 0);
          const subtotal = order.reduce((sum, l) => sum + l.quantity * l.salePricePaise, 0);
          const discount = Math.floor(eligibleValue * part);
          const charged = chargeOrderLines(discount, order, rates, { eligible, fundedBy });
          let vendors = 0;
          let commission = 0;
          let storeFunded = 0;
          let storeLines = 0;
          charged.forEach((c, i) => {
            const l = order[i] as ChargeableLine;
            if (!eligible[i]) expect(c.netPaise).toBe(l.quantity * l.salePricePaise);
            if (c.vendorId === null) storeLines += c.netPaise;
            else vendors += c.entries.reduce((sum, e) => sum + e.amountPaise, 0);
            commission += c.commissionPaise;
            storeFunded += c.storeFundedPaise;
            if (fundedBy === 'vendors') expect(c.storeFundedPaise).toBe(0);
          });
          expect(vendors + commission - storeFunded + storeLines).toBe(subtotal - discount);
        },
      ),
    );
  });
});

describe('commissionKept (issue 35: the rate on the net kept)', () => {
  const line = (overrides: Partial<Parameters<typeof commissionKept>[0]> = {}) => ({
    rateBp: 1000,
    minPaise: null,
    maxPaise: null,
    commissionPaise: 1_000,
    ...overrides,
  });

  it('applies the rate to what is kept, rounded half up', () => {
    expect(commissionKept(line(), 10_000)).toBe(1_000);
    expect(commissionKept(line(), 4_995)).toBe(500);
    expect(commissionKept(line(), 4_994)).toBe(499);
  });

  it('keeps the floor while the net kept is above it, then no more than the net', () => {
    const floored = line({ minPaise: 3_000, commissionPaise: 3_000 });
    expect(commissionKept(floored, 10_000)).toBe(3_000);
    expect(commissionKept(floored, 5_000)).toBe(3_000);
    expect(commissionKept(floored, 2_000)).toBe(2_000);
  });

  it('keeps the cap until the rate falls under it', () => {
    const capped = line({ maxPaise: 500, commissionPaise: 500 });
    expect(commissionKept(capped, 10_000)).toBe(500);
    expect(commissionKept(capped, 5_000)).toBe(500);
    expect(commissionKept(capped, 4_000)).toBe(400);
  });

  it('keeps nothing of nothing, and never more than was charged', () => {
    expect(commissionKept(line(), 0)).toBe(0);
    expect(commissionKept(line(), -5)).toBe(0);
    expect(commissionKept(line({ commissionPaise: 0 }), 10_000)).toBe(0);
    expect(commissionKept(line({ commissionPaise: 700 }), 10_000)).toBe(700);
  });

  it('never rises as more is taken back, so a correction never charges commission again', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (rateBp, minPaise, maxPaise, net, less) => {
          const terms = { percentageBp: rateBp, minPaise, maxPaise };
          const placed = line({ rateBp, minPaise, maxPaise, commissionPaise: commissionOnPlaced(terms, net) });
          const kept = Math.max(0, net - less);
          expect(commissionKept(placed, kept)).toBeLessThanOrEqual(commissionKept(placed, net));
          expect(commissionKept(placed, net)).toBe(placed.commissionPaise);
        },
      ),
    );
  });
});
