import type { CouponTerms } from '../../features/coupons/coupon-rules.js';

/**
 * The demo store's eight coupons, dated relative to the seeding day so each
 * keeps its role (active, expired, future...) whenever the store is seeded.
 */

export interface DemoCoupon extends Omit<CouponTerms, 'usedCount'> {
  description: string;
  /** Days before the seeding day it was created. */
  createdDaysAgo: number;
}

/** `YYYY-MM-DD` of `today` moved by `days` (UTC). */
export function shiftDate(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * @param today the seeding day, `YYYY-MM-DD` (UTC).
 * @param restrictions the category id for the clothing coupon and the product ids for the watches coupon.
 */
export function demoCoupons(
  today: string,
  restrictions: { clothingCategoryIds: number[]; watchProductIds: number[] },
): DemoCoupon[] {
  const base = {
    amountOffPaise: null,
    percentOff: null,
    maxDiscountPaise: null,
    isActive: true,
    usageLimit: null,
    applicableProductIds: [],
    applicableCategoryIds: [],
  };
  return [
    {
      ...base,
      code: 'WELCOME10',
      description: 'Welcome offer: 10% off your order, up to Rs.300',
      discountType: 'percentage',
      percentOff: 10,
      maxDiscountPaise: 30_000,
      minOrderPaise: 49_900,
      startDate: shiftDate(today, -430),
      endDate: shiftDate(today, 180),
      createdDaysAgo: 431,
    },
    {
      ...base,
      code: 'FLAT250',
      description: 'Rs.250 off orders of Rs.1,999 or more',
      discountType: 'fixed',
      amountOffPaise: 25_000,
      minOrderPaise: 199_900,
      startDate: shiftDate(today, -300),
      endDate: shiftDate(today, 60),
      createdDaysAgo: 302,
    },
    {
      ...base,
      code: 'FESTIVE20',
      description: 'Festive season sale: 20% off, up to Rs.1,000',
      discountType: 'percentage',
      percentOff: 20,
      maxDiscountPaise: 100_000,
      minOrderPaise: 99_900,
      startDate: shiftDate(today, -420),
      endDate: shiftDate(today, -330),
      createdDaysAgo: 425,
    },
    {
      ...base,
      code: 'MONSOON15',
      description: 'Monsoon sale: 15% off (paused)',
      discountType: 'percentage',
      percentOff: 15,
      maxDiscountPaise: 50_000,
      minOrderPaise: 0,
      startDate: shiftDate(today, -20),
      endDate: shiftDate(today, 40),
      isActive: false,
      createdDaysAgo: 25,
    },
    {
      ...base,
      code: 'ETHNIC20',
      description: '20% off clothing, up to Rs.400',
      discountType: 'percentage',
      percentOff: 20,
      maxDiscountPaise: 40_000,
      minOrderPaise: 0,
      startDate: shiftDate(today, -365),
      endDate: shiftDate(today, 120),
      applicableCategoryIds: restrictions.clothingCategoryIds,
      createdDaysAgo: 366,
    },
    {
      ...base,
      code: 'WATCH500',
      description: 'Rs.500 off selected wrist watches',
      discountType: 'fixed',
      amountOffPaise: 50_000,
      minOrderPaise: 150_000,
      startDate: shiftDate(today, -250),
      endDate: shiftDate(today, 90),
      applicableProductIds: restrictions.watchProductIds,
      createdDaysAgo: 251,
    },
    {
      ...base,
      code: 'FIRST100',
      description: 'Rs.100 off for the first 30 shoppers',
      discountType: 'fixed',
      amountOffPaise: 10_000,
      minOrderPaise: 59_900,
      startDate: shiftDate(today, -120),
      endDate: shiftDate(today, 60),
      usageLimit: 30,
      createdDaysAgo: 121,
    },
    {
      ...base,
      code: 'NEWYEAR25',
      description: 'New year sale: 25% off, up to Rs.500',
      discountType: 'percentage',
      percentOff: 25,
      maxDiscountPaise: 50_000,
      minOrderPaise: 99_900,
      startDate: shiftDate(today, 20),
      endDate: shiftDate(today, 50),
      createdDaysAgo: 2,
    },
  ];
}
