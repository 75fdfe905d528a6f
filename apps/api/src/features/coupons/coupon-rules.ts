/**
 * The coupon rules (spec sections 3, 4 and 9), in one place: when a coupon may be
 * redeemed on an order, which lines it discounts, how much it takes off, and the
 * status the coupon list shows. Pure functions over integer paise and UTC dates;
 * no I/O. The order pricing (`features/orders/order-pricing.ts`), the coupons
 * feature and the seeders all call these.
 */

import { type CouponState, percentOf, toRupees } from '@haat/contract';

/** The coupon fields the rules read (the `coupons` row plus its restrictions). */
export interface CouponTerms {
  code: string;
  discountType: 'percentage' | 'fixed';
  /** Percentage coupons: whole percent 1..100. */
  percentOff: number | null;
  /** Fixed coupons: the amount off, in paise. */
  amountOffPaise: number | null;
  /** The order subtotal (paise) the coupon needs; 0 for none. */
  minOrderPaise: number;
  /** Percentage coupons: the most it takes off (paise), or null for no cap. */
  maxDiscountPaise: number | null;
  /** First day it may be redeemed, `YYYY-MM-DD` (UTC), inclusive. */
  startDate: string;
  /** Last day it may be redeemed, `YYYY-MM-DD` (UTC), inclusive. */
  endDate: string;
  isActive: boolean;
  /** How many orders may use it; null for unlimited. */
  usageLimit: number | null;
  /** How many orders have used it. */
  usedCount: number;
  /** Products it is restricted to; with `applicableCategoryIds` both empty it applies to every product. */
  applicableProductIds: readonly number[];
  /** Categories it is restricted to. */
  applicableCategoryIds: readonly number[];
  /** Who bears the discount (issue 35; absent: the vendors, the rule before it). */
  fundedBy?: 'store' | 'vendors';
}

/** An order line as the rules see it. Money in paise. */
export interface PricedLine {
  /** null once the product is deleted: such a line is never eligible for a restricted coupon. */
  productId: number | null;
  categoryId: number | null;
  quantity: number;
  /** The unit price as sold. */
  salePricePaise: number;
}

/** Why a coupon cannot be redeemed on an order. */
export type CouponRefusal =
  | { code: 'COUPON_INACTIVE'; message: string }
  | { code: 'COUPON_NOT_STARTED'; message: string; startDate: string }
  | { code: 'COUPON_EXPIRED'; message: string; endDate: string }
  | { code: 'COUPON_USAGE_LIMIT_REACHED'; message: string; usageLimit: number }
  | { code: 'COUPON_MIN_ORDER_NOT_MET'; message: string; minOrderPaise: number }
  | { code: 'COUPON_NOT_APPLICABLE'; message: string };

export type CouponRefusalCode = CouponRefusal['code'];

/** The answer of `redeemCoupon`: the discount, or why there is none. */
export type CouponRedemption =
  | {
      ok: true;
      discountPaise: number;
      eligibleSubtotalPaise: number;
      /** Per line given, in their order: whether the coupon discounts it (the lines its discount is shared over). */
      eligible: boolean[];
    }
  | { ok: false; refusal: CouponRefusal };

/** What the coupon list shows (spec section 4, coupon display status). */
export type CouponDisplayStatus = 'active' | 'inactive' | 'expired';

const rupeeFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `Rs.1,499.00` from paise, as the screens write money. */
function formatRupees(paise: number): string {
  return `Rs.${rupeeFormat.format(toRupees(paise))}`;
}

/** The UTC calendar date `YYYY-MM-DD` of an instant. */
export function utcDateOf(instant: Date | string): string {
  return (typeof instant === 'string' ? new Date(instant) : instant).toISOString().slice(0, 10);
}

/** Sum of quantity × unit price over the lines, in paise. */
export function linesSubtotalPaise(lines: readonly PricedLine[]): number {
  let total = 0;
  for (const line of lines) total += line.quantity * line.salePricePaise;
  return total;
}

/** True when the coupon is restricted to some products or categories. */
export function isRestricted(coupon: Pick<CouponTerms, 'applicableProductIds' | 'applicableCategoryIds'>): boolean {
  return coupon.applicableProductIds.length > 0 || coupon.applicableCategoryIds.length > 0;
}

/**
 * The lines the coupon discounts: those whose product is among its products or
 * whose category is among its categories; every line when it has no restriction.
 */
export function eligibleLines<Line extends PricedLine>(
  coupon: Pick<CouponTerms, 'applicableProductIds' | 'applicableCategoryIds'>,
  lines: readonly Line[],
): Line[] {
  const flags = eligibleFlags(coupon, lines);
  return lines.filter((_, index) => flags[index]);
}

/**
 * Per line, in their order, whether the coupon discounts it (`eligibleLines`): the lines
 * a restricted coupon's discount is shared over (issue 35), every line otherwise.
 */
export function eligibleFlags(
  coupon: Pick<CouponTerms, 'applicableProductIds' | 'applicableCategoryIds'>,
  lines: readonly PricedLine[],
): boolean[] {
  if (!isRestricted(coupon)) return lines.map(() => true);
  const products = new Set(coupon.applicableProductIds);
  const categories = new Set(coupon.applicableCategoryIds);
  return lines.map(
    (line) =>
      (line.productId !== null && products.has(line.productId)) ||
      (line.categoryId !== null && categories.has(line.categoryId)),
  );
}

/**
 * The discount a coupon gives on an eligible subtotal, in paise, without checking
 * whether it may be redeemed: a percentage of it rounded half up to the paisa, exactly
 * (`percentOf`), and capped by `maxDiscountPaise`; or the fixed amount, never more than the
 * eligible subtotal.
 */
export function discountOn(
  coupon: Pick<CouponTerms, 'discountType' | 'percentOff' | 'amountOffPaise' | 'maxDiscountPaise'>,
  eligibleSubtotalPaise: number,
): number {
  if (eligibleSubtotalPaise <= 0) return 0;
  if (coupon.discountType === 'percentage') {
    const percent = Math.min(Math.max(coupon.percentOff ?? 0, 0), 100);
    const discount = percentOf(eligibleSubtotalPaise, percent);
    return coupon.maxDiscountPaise === null ? discount : Math.min(discount, coupon.maxDiscountPaise);
  }
  return Math.min(Math.max(coupon.amountOffPaise ?? 0, 0), eligibleSubtotalPaise);
}

/**
 * Why the coupon may not be redeemed on `today` for an order of `subtotalPaise`,
 * or null when its own terms allow it (active, within its dates inclusive, usage
 * below the limit, subtotal at least the minimum). Lines are not looked at: see
 * `redeemCoupon` for the restriction to products and categories.
 * @param today the UTC date `YYYY-MM-DD` of the order.
 */
export function couponRefusal(
  coupon: Pick<CouponTerms, 'isActive' | 'startDate' | 'endDate' | 'usageLimit' | 'usedCount' | 'minOrderPaise'>,
  subtotalPaise: number,
  today: string,
): CouponRefusal | null {
  if (!coupon.isActive) return { code: 'COUPON_INACTIVE', message: 'This coupon is not active' };
  if (today < coupon.startDate)
    return { code: 'COUPON_NOT_STARTED', message: 'This coupon is not valid yet', startDate: coupon.startDate };
  if (today > coupon.endDate)
    return { code: 'COUPON_EXPIRED', message: 'This coupon has expired', endDate: coupon.endDate };
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit)
    return {
      code: 'COUPON_USAGE_LIMIT_REACHED',
      message: 'This coupon has reached its usage limit',
      usageLimit: coupon.usageLimit,
    };
  if (subtotalPaise < coupon.minOrderPaise)
    return {
      code: 'COUPON_MIN_ORDER_NOT_MET',
      message: `Minimum order amount for this coupon is ${formatRupees(coupon.minOrderPaise)}`,
      minOrderPaise: coupon.minOrderPaise,
    };
  return null;
}

/**
 * Redeems a coupon on an order's lines, on `today` (UTC date `YYYY-MM-DD`): the
 * discount in paise, or the reason it cannot be used. A restricted coupon that
 * matches no line is refused rather than giving nothing.
 */
export function redeemCoupon(coupon: CouponTerms, lines: readonly PricedLine[], today: string): CouponRedemption {
  const refusal = couponRefusal(coupon, linesSubtotalPaise(lines), today);
  if (refusal) return { ok: false, refusal };
  const eligible = eligibleFlags(coupon, lines);
  const eligibleSubtotalPaise = linesSubtotalPaise(lines.filter((_, index) => eligible[index]));
  if (eligibleSubtotalPaise === 0)
    return {
      ok: false,
      refusal: { code: 'COUPON_NOT_APPLICABLE', message: 'This coupon does not apply to the products in this order' },
    };
  return { ok: true, discountPaise: discountOn(coupon, eligibleSubtotalPaise), eligibleSubtotalPaise, eligible };
}

/**
 * The status the coupon list shows (spec section 4) on `today` (the store's date,
 * `YYYY-MM-DD`): inactive when switched off, expired once the end date is past, else
 * active. Kept on the wire for the spec; the screens show `couponState`.
 */
export function couponStatus(coupon: Pick<CouponTerms, 'isActive' | 'endDate'>, today: string): CouponDisplayStatus {
  if (!coupon.isActive) return 'inactive';
  return coupon.endDate < today ? 'expired' : 'active';
}

/**
 * A coupon's one state (issue 27) on `today` (the store's date): Expired after the end
 * date, Used up at the usage limit, Paused when switched off, Scheduled before the
 * start date, else Active: the first that applies, in that order.
 */
export function couponState(
  coupon: Pick<CouponTerms, 'isActive' | 'startDate' | 'endDate' | 'usageLimit' | 'usedCount'>,
  today: string,
): CouponState {
  if (coupon.endDate < today) return 'expired';
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return 'used_up';
  if (!coupon.isActive) return 'paused';
  if (coupon.startDate > today) return 'scheduled';
  return 'active';
}

/** Usage as the list's progress bar shows it: usedCount / usageLimit in whole percent, or null when unlimited. */
export function couponUsagePercent(coupon: Pick<CouponTerms, 'usageLimit' | 'usedCount'>): number | null {
  if (coupon.usageLimit === null) return null;
  return Math.round((coupon.usedCount / coupon.usageLimit) * 100);
}
