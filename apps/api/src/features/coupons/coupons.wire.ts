import { type Coupon, type CouponListResponse, type CouponResponse, toRupees } from '@haat/contract';
import type { StoredCoupon } from './coupons.service.js';

/**
 * Coupons as the wire carries them (spec sections 3 and 7; decisions 0005 and 0019):
 * the one place where the coupons feature's money leaves paise for rupees and ids
 * become strings. The routes call these on what the service answered.
 */

/**
 * One coupon (spec section 3): money in rupees, `discountValue` whole percent or
 * rupees, restrictions as ids and as `{ _id, name }` for the form's chips.
 */
export function toCoupon({ row, restrictions, status, state }: StoredCoupon): Coupon {
  return {
    _id: String(row.id),
    code: row.code,
    description: row.description,
    discountType: row.discountType,
    discountValue: row.discountType === 'percentage' ? (row.percentOff ?? 0) : toRupees(row.amountOffPaise ?? 0),
    minOrderAmount: toRupees(row.minOrderPaise),
    maxDiscountAmount: row.maxDiscountPaise === null ? null : toRupees(row.maxDiscountPaise),
    startDate: row.startDate,
    endDate: row.endDate,
    isActive: row.isActive,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    fundedBy: row.fundedBy,
    applicableProducts: restrictions.products.map((product) => String(product.id)),
    applicableCategories: restrictions.categories.map((category) => String(category.id)),
    restrictions: {
      products: restrictions.products.map((product) => ({ _id: String(product.id), name: product.name })),
      categories: restrictions.categories.map((category) => ({ _id: String(category.id), name: category.name })),
    },
    status,
    state,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** `GET /api/coupons`'s answer: `{ success, coupons }`. */
export function toCouponListResponse(coupons: readonly StoredCoupon[]): CouponListResponse {
  return { success: true, coupons: coupons.map(toCoupon) };
}

/** The answer of a coupon write (`POST /api/coupons`, `PUT /api/coupons/:id`): `{ success, message, coupon }`. */
export function toCouponResponse(message: string, coupon: StoredCoupon): CouponResponse {
  return { success: true, message, coupon: toCoupon(coupon) };
}
