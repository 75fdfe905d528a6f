import type { CouponTerms } from '../features/coupons/coupon-rules.js';

/**
 * A coupon's terms for the pricing and coupon-rule tests: 10% off, active all of
 * 2026, no minimum, no cap, no usage limit, every product. Override what a test is about.
 */
export const couponTerms = (overrides: Partial<CouponTerms> = {}): CouponTerms => ({
  code: 'SAVE10',
  discountType: 'percentage',
  percentOff: 10,
  amountOffPaise: null,
  minOrderPaise: 0,
  maxDiscountPaise: null,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  isActive: true,
  usageLimit: null,
  usedCount: 0,
  applicableProductIds: [],
  applicableCategoryIds: [],
  ...overrides,
});
