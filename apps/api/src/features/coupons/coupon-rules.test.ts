import { describe, expect, it } from 'vitest';
import { couponTerms } from '../../test/coupon-fixtures.js';
import {
  couponRefusal,
  couponState,
  couponStatus,
  couponUsagePercent,
  discountOn,
  eligibleLines,
  linesSubtotalPaise,
  type PricedLine,
  redeemCoupon,
  utcDateOf,
} from './coupon-rules.js';

const coupon = couponTerms;

const line = (productId: number, categoryId: number, salePricePaise: number, quantity = 1): PricedLine => ({
  productId,
  categoryId,
  salePricePaise,
  quantity,
});

const today = '2026-06-15';

describe('linesSubtotalPaise', () => {
  it('sums quantity × unit price', () => {
    expect(linesSubtotalPaise([line(1, 1, 49_900, 2), line(2, 1, 15_050, 3)])).toBe(99_800 + 45_150);
  });

  it('is 0 for no lines', () => {
    expect(linesSubtotalPaise([])).toBe(0);
  });
});

describe('utcDateOf', () => {
  it('takes the UTC calendar date, not the local one', () => {
    expect(utcDateOf('2026-06-15T23:59:59.999Z')).toBe('2026-06-15');
    expect(utcDateOf(new Date('2026-06-15T20:00:00-05:00'))).toBe('2026-06-16');
  });
});

describe('eligibleLines', () => {
  const lines = [line(1, 10, 100), line(2, 20, 200), line(3, 30, 300), { ...line(4, 10, 400), productId: null }];

  it('takes every line when the coupon has no restriction', () => {
    expect(eligibleLines(coupon(), lines)).toEqual(lines);
  });

  it('takes the lines of the listed products', () => {
    expect(eligibleLines(coupon({ applicableProductIds: [2, 3] }), lines).map((l) => l.salePricePaise)).toEqual([
      200, 300,
    ]);
  });

  it('takes the lines of the listed categories, deleted products included', () => {
    expect(eligibleLines(coupon({ applicableCategoryIds: [10] }), lines).map((l) => l.salePricePaise)).toEqual([
      100, 400,
    ]);
  });

  it('takes a line matching either list once', () => {
    const restricted = coupon({ applicableProductIds: [1, 3], applicableCategoryIds: [10, 20] });
    expect(eligibleLines(restricted, lines).map((l) => l.salePricePaise)).toEqual([100, 200, 300, 400]);
  });

  it('never matches a deleted product by product id', () => {
    const deleted = { productId: null, categoryId: null, salePricePaise: 500, quantity: 1 };
    expect(eligibleLines(coupon({ applicableProductIds: [1] }), [deleted])).toEqual([]);
  });
});

describe('discountOn', () => {
  it('takes the percentage of the eligible subtotal', () => {
    expect(discountOn(coupon({ percentOff: 10 }), 123_400)).toBe(12_340);
  });

  it('rounds a percentage to the paisa, half up', () => {
    // 15% of Rs.0.99 = 14.85 paise → 15; 10% of Rs.0.05 = 0.5 paise → 1; 10% of Rs.0.04 = 0.4 → 0.
    expect(discountOn(coupon({ percentOff: 15 }), 99)).toBe(15);
    expect(discountOn(coupon({ percentOff: 10 }), 5)).toBe(1);
    expect(discountOn(coupon({ percentOff: 10 }), 4)).toBe(0);
    expect(discountOn(coupon({ percentOff: 33 }), 1_001)).toBe(330);
  });

  it('caps a percentage at maxDiscountPaise', () => {
    expect(discountOn(coupon({ percentOff: 50, maxDiscountPaise: 20_000 }), 100_000)).toBe(20_000);
    expect(discountOn(coupon({ percentOff: 50, maxDiscountPaise: 20_000 }), 30_000)).toBe(15_000);
    expect(discountOn(coupon({ percentOff: 50, maxDiscountPaise: 20_000 }), 40_000)).toBe(20_000);
  });

  it('takes 100% as the whole eligible subtotal', () => {
    expect(discountOn(coupon({ percentOff: 100 }), 54_321)).toBe(54_321);
  });

  it('takes a fixed amount, never more than the eligible subtotal', () => {
    const fixed = coupon({ discountType: 'fixed', percentOff: null, amountOffPaise: 20_000 });
    expect(discountOn(fixed, 150_000)).toBe(20_000);
    expect(discountOn(fixed, 20_000)).toBe(20_000);
    expect(discountOn(fixed, 12_345)).toBe(12_345);
  });

  it('gives nothing on nothing', () => {
    expect(discountOn(coupon(), 0)).toBe(0);
    expect(discountOn(coupon({ discountType: 'fixed', percentOff: null, amountOffPaise: 500 }), 0)).toBe(0);
  });
});

describe('couponRefusal', () => {
  it('allows an active coupon within its dates, under its limit, above its minimum', () => {
    expect(couponRefusal(coupon({ usageLimit: 5, usedCount: 4, minOrderPaise: 1_000 }), 1_000, today)).toBeNull();
  });

  it('refuses an inactive coupon', () => {
    expect(couponRefusal(coupon({ isActive: false }), 10_000, today)).toEqual({
      code: 'COUPON_INACTIVE',
      message: 'This coupon is not active',
    });
  });

  it('counts the start date as valid and the day before as not started', () => {
    const c = coupon({ startDate: '2026-06-15' });
    expect(couponRefusal(c, 10_000, '2026-06-15')).toBeNull();
    expect(couponRefusal(c, 10_000, '2026-06-14')).toMatchObject({
      code: 'COUPON_NOT_STARTED',
      message: 'This coupon is not valid yet',
    });
  });

  it('counts the end date as valid and the day after as expired', () => {
    const c = coupon({ endDate: '2026-06-15' });
    expect(couponRefusal(c, 10_000, '2026-06-15')).toBeNull();
    expect(couponRefusal(c, 10_000, '2026-06-16')).toMatchObject({
      code: 'COUPON_EXPIRED',
      message: 'This coupon has expired',
    });
  });

  it('compares dates across month and year ends', () => {
    const c = coupon({ startDate: '2025-12-31', endDate: '2026-01-01' });
    expect(couponRefusal(c, 1, '2025-12-30')?.code).toBe('COUPON_NOT_STARTED');
    expect(couponRefusal(c, 1, '2025-12-31')).toBeNull();
    expect(couponRefusal(c, 1, '2026-01-01')).toBeNull();
    expect(couponRefusal(c, 1, '2026-01-02')?.code).toBe('COUPON_EXPIRED');
  });

  it('refuses once usage reaches the limit', () => {
    expect(couponRefusal(coupon({ usageLimit: 5, usedCount: 5 }), 10_000, today)).toMatchObject({
      code: 'COUPON_USAGE_LIMIT_REACHED',
      message: 'This coupon has reached its usage limit',
      usageLimit: 5,
    });
    expect(couponRefusal(coupon({ usageLimit: 1, usedCount: 0 }), 10_000, today)).toBeNull();
  });

  it('never runs out without a limit', () => {
    expect(couponRefusal(coupon({ usageLimit: null, usedCount: 1_000_000 }), 10_000, today)).toBeNull();
  });

  it('allows a subtotal equal to the minimum and refuses one paisa less, naming the minimum in rupees', () => {
    const c = coupon({ minOrderPaise: 149_900 });
    expect(couponRefusal(c, 149_900, today)).toBeNull();
    expect(couponRefusal(c, 149_899, today)).toEqual({
      code: 'COUPON_MIN_ORDER_NOT_MET',
      message: 'Minimum order amount for this coupon is Rs.1,499.00',
      minOrderPaise: 149_900,
    });
  });

  it('writes large minimums with Indian grouping', () => {
    expect(couponRefusal(coupon({ minOrderPaise: 12_345_678 }), 0, today)?.message).toBe(
      'Minimum order amount for this coupon is Rs.1,23,456.78',
    );
  });

  it('gives the first reason in a fixed order: active, dates, usage, minimum', () => {
    const everythingWrong = coupon({
      isActive: false,
      endDate: '2026-01-31',
      usageLimit: 1,
      usedCount: 1,
      minOrderPaise: 100_000,
    });
    expect(couponRefusal(everythingWrong, 0, today)?.code).toBe('COUPON_INACTIVE');
    expect(couponRefusal({ ...everythingWrong, isActive: true }, 0, today)?.code).toBe('COUPON_EXPIRED');
    expect(couponRefusal({ ...everythingWrong, isActive: true, endDate: '2026-12-31' }, 0, today)?.code).toBe(
      'COUPON_USAGE_LIMIT_REACHED',
    );
  });
});

describe('redeemCoupon', () => {
  const lines = [line(1, 10, 100_000), line(2, 20, 50_000, 2)];

  it('discounts the whole order without restrictions', () => {
    expect(redeemCoupon(coupon({ percentOff: 10 }), lines, today)).toEqual({
      ok: true,
      discountPaise: 20_000,
      eligibleSubtotalPaise: 200_000,
      eligible: [true, true],
    });
  });

  it('discounts only the eligible lines of a restricted coupon', () => {
    expect(redeemCoupon(coupon({ percentOff: 10, applicableCategoryIds: [20] }), lines, today)).toEqual({
      ok: true,
      discountPaise: 10_000,
      eligibleSubtotalPaise: 100_000,
      eligible: [false, true],
    });
    expect(redeemCoupon(coupon({ percentOff: 10, applicableProductIds: [1] }), lines, today)).toMatchObject({
      discountPaise: 10_000,
    });
  });

  it('judges the minimum on the whole subtotal, not the eligible part', () => {
    const c = coupon({ percentOff: 10, applicableProductIds: [1], minOrderPaise: 150_000 });
    expect(redeemCoupon(c, lines, today)).toMatchObject({ ok: true, discountPaise: 10_000 });
  });

  it('caps a fixed coupon at the eligible subtotal, not the order', () => {
    const c = coupon({
      discountType: 'fixed',
      percentOff: null,
      amountOffPaise: 150_000,
      applicableProductIds: [1],
    });
    expect(redeemCoupon(c, lines, today)).toMatchObject({ ok: true, discountPaise: 100_000 });
  });

  it('refuses a restricted coupon that matches no line', () => {
    expect(redeemCoupon(coupon({ applicableProductIds: [99], applicableCategoryIds: [99] }), lines, today)).toEqual({
      ok: false,
      refusal: { code: 'COUPON_NOT_APPLICABLE', message: 'This coupon does not apply to the products in this order' },
    });
  });

  it('passes on the refusal of its terms', () => {
    expect(redeemCoupon(coupon({ isActive: false }), lines, today)).toMatchObject({
      ok: false,
      refusal: { code: 'COUPON_INACTIVE' },
    });
  });
});

describe('couponStatus and couponState', () => {
  const today = '2026-06-15';

  it('reads the spec status: inactive when switched off, expired once the end date is past, else active', () => {
    expect(couponStatus(coupon({ isActive: false, endDate: '2020-01-01' }), today)).toBe('inactive');
    expect(couponStatus(coupon({ endDate: '2026-06-14' }), today)).toBe('expired');
    expect(couponStatus(coupon({ endDate: '2026-06-15' }), today)).toBe('active');
  });

  it('reads one state: expired, used up, paused, scheduled, else active, the first that applies', () => {
    expect(couponState(coupon({ endDate: '2026-06-14', isActive: false, usageLimit: 1, usedCount: 1 }), today)).toBe(
      'expired',
    );
    expect(couponState(coupon({ endDate: '2026-06-15', usageLimit: 30, usedCount: 30, isActive: false }), today)).toBe(
      'used_up',
    );
    expect(couponState(coupon({ endDate: '2026-06-30', isActive: false }), today)).toBe('paused');
    expect(couponState(coupon({ startDate: '2026-07-01', endDate: '2026-07-31' }), today)).toBe('scheduled');
    expect(couponState(coupon({ endDate: '2026-06-15', usageLimit: 30, usedCount: 29 }), today)).toBe('active');
  });
});

describe('couponUsagePercent', () => {
  it('rounds used / limit to a whole percent', () => {
    expect(couponUsagePercent(coupon({ usageLimit: 3, usedCount: 1 }))).toBe(33);
    expect(couponUsagePercent(coupon({ usageLimit: 3, usedCount: 2 }))).toBe(67);
    expect(couponUsagePercent(coupon({ usageLimit: 10, usedCount: 10 }))).toBe(100);
  });

  it('is null without a limit', () => {
    expect(couponUsagePercent(coupon({ usageLimit: null, usedCount: 7 }))).toBeNull();
  });
});
