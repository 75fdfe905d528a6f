import { AppError } from '../../platform/errors.js';
import {
  type CouponRefusal,
  type CouponTerms,
  linesSubtotalPaise,
  type PricedLine,
  redeemCoupon,
} from '../coupons/coupon-rules.js';

export type { PricedLine } from '../coupons/coupon-rules.js';

/** An order's money, in paise. `discountedTotalPaise = subtotalPaise - discountPaise` always. */
export interface OrderPricing {
  /** Sum of quantity × unit sale price over the lines. */
  subtotalPaise: number;
  discountPaise: number;
  discountedTotalPaise: number;
  /** The code as redeemed, or null without a coupon. */
  couponCode: string | null;
}

/** Thrown by `priceOrder` when the coupon may not be used on the order; `refusal` says why. */
export class CouponRefusedError extends AppError {
  override name = 'CouponRefusedError';

  constructor(readonly refusal: CouponRefusal) {
    super('BAD_REQUEST', refusal.message, { coupon: refusal.message });
  }
}

/**
 * Prices an order (spec section 3, Order: totalPrice, coupon, discountedTotal):
 * the subtotal of its lines, then the coupon's discount under the coupon rules
 * (`features/coupons/coupon-rules.ts`). Totals are never typed in anywhere else.
 * @param lines at least one line; quantities positive, prices in paise.
 * @param coupon the coupon to redeem, with `usedCount` as it stands before this order; null for none.
 * @param today the order's UTC date, `YYYY-MM-DD`.
 * @throws CouponRefusedError (400) when the coupon may not be redeemed on this order.
 */
export function priceOrder(lines: readonly PricedLine[], coupon: CouponTerms | null, today: string): OrderPricing {
  const subtotalPaise = linesSubtotalPaise(lines);
  if (!coupon) return { subtotalPaise, discountPaise: 0, discountedTotalPaise: subtotalPaise, couponCode: null };
  const redemption = redeemCoupon(coupon, lines, today);
  if (!redemption.ok) throw new CouponRefusedError(redemption.refusal);
  return {
    subtotalPaise,
    discountPaise: redemption.discountPaise,
    discountedTotalPaise: subtotalPaise - redemption.discountPaise,
    couponCode: coupon.code,
  };
}
