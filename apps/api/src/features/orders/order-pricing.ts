import { AppError } from '../../platform/errors.js';
import {
  chooseRate,
  commissionOn,
  type RateTerms,
  type SaleEntry,
  saleEntries,
} from '../commissions/commission-rules.js';
import {
  type CouponRefusal,
  type CouponTerms,
  linesSubtotalPaise,
  type PricedLine,
  redeemCoupon,
} from '../coupons/coupon-rules.js';
import { allocateLargestRemainder } from './discount-shares.js';

export type { PricedLine } from '../coupons/coupon-rules.js';

/** An order's money, in paise. `discountedTotalPaise = subtotalPaise - discountPaise` always. */
export interface OrderPricing {
  /** Sum of quantity × unit sale price over the lines. */
  subtotalPaise: number;
  discountPaise: number;
  discountedTotalPaise: number;
  /** The code as redeemed, or null without a coupon. */
  couponCode: string | null;
  /** Per line, in their order: whether the coupon's discount is shared over it (all true without a coupon). */
  eligible: boolean[];
  /** Who bears the discount; null without a coupon (issue 35). */
  fundedBy: 'store' | 'vendors' | null;
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
  if (!coupon)
    return {
      subtotalPaise,
      discountPaise: 0,
      discountedTotalPaise: subtotalPaise,
      couponCode: null,
      eligible: lines.map(() => true),
      fundedBy: null,
    };
  const redemption = redeemCoupon(coupon, lines, today);
  if (!redemption.ok) throw new CouponRefusedError(redemption.refusal);
  return {
    subtotalPaise,
    discountPaise: redemption.discountPaise,
    discountedTotalPaise: subtotalPaise - redemption.discountPaise,
    couponCode: coupon.code,
    eligible: redemption.eligible,
    fundedBy: coupon.fundedBy ?? 'vendors',
  };
}

/** A line to charge: its vendor (null: the store's own product), category, units and unit price (paise). */
export interface ChargeableLine {
  vendorId: number | null;
  categoryId: number | null;
  quantity: number;
  salePricePaise: number;
}

/** A line as the order freezes it, and what it posts to its vendor's ledger. */
export interface ChargedLine {
  vendorId: number | null;
  /** The rate applied (basis points); null for the store's own line, 0 when no rate matched. */
  rateBp: number | null;
  /** The line's price less its share of the coupon's discount (paise). */
  netPaise: number;
  /** What the store keeps of the net (paise). */
  commissionPaise: number;
  /** The part of the line's discount share the store bears (paise; 0 unless the coupon is store-funded). */
  storeFundedPaise: number;
  /** The floor and cap of the rate applied (paise), frozen for the commission on what is kept (decision 0132). */
  commissionMinPaise: number | null;
  commissionMaxPaise: number | null;
  /** The sale and commission entries (`saleEntries`); none for the store's own line. */
  entries: SaleEntry[];
}

/** How an order's discount is shared (issue 35): over which lines, and who bears it. */
export interface ChargeOptions {
  /** Per line, whether the coupon discounts it (`priceOrder`'s `eligible`); absent: every line. */
  eligible?: readonly boolean[];
  /** Who bears the discount (absent or null: the vendors). */
  fundedBy?: 'store' | 'vendors' | null;
}

/**
 * Prices an order's lines as the order freezes them (issues 24, 25, 32 and 35; decisions
 * 0100, 0106, 0115, 0131 and 0132): each line's net is its price less its share of the
 * order's discount, shared by largest remainder over the values of the lines the coupon
 * applies to only (a category- or product-limited coupon leaves the other lines whole);
 * a vendor's line pays the commission of the most specific rate that matches it
 * (`chooseRate`, `commissionOn`) on its commission base and posts `saleEntries`. The
 * base is the net when the vendors fund the coupon, and the undiscounted price when the
 * store does (`storeFundedPaise` is then the line's share, borne by the store's
 * commission revenue). The checkout and the large-store generator both price through
 * here. Pure: the caller reads the rates.
 * @param discountPaise the order's coupon discount (paise, at most the eligible lines' value).
 * @param lines the order's lines, in the order's order (the allocation's tie rule).
 * @param rates the commission rates that may apply (the store's default among them).
 * @param options which lines the discount is shared over and who funds it (default: every line, the vendors).
 */
export function chargeOrderLines(
  discountPaise: number,
  lines: readonly ChargeableLine[],
  rates: readonly RateTerms[],
  options: ChargeOptions = {},
): ChargedLine[] {
  const values = lines.map((line) => line.quantity * line.salePricePaise);
  const shares = allocateLargestRemainder(
    discountPaise,
    values.map((value, index) => (options.eligible === undefined || options.eligible[index] ? value : 0)),
  );
  const storeFunded = options.fundedBy === 'store';
  return lines.map((line, index) => {
    const share = shares[index] ?? 0;
    const netPaise = (values[index] ?? 0) - share;
    const { vendorId } = line;
    if (vendorId === null)
      return {
        vendorId,
        rateBp: null,
        netPaise,
        commissionPaise: 0,
        storeFundedPaise: 0,
        commissionMinPaise: null,
        commissionMaxPaise: null,
        entries: [],
      };
    const storeFundedPaise = storeFunded ? share : 0;
    const rate = chooseRate(rates, vendorId, line.categoryId);
    const commissionPaise = rate ? commissionOn(netPaise + storeFundedPaise, rate) : 0;
    return {
      vendorId,
      rateBp: rate ? rate.percentageBp : 0,
      netPaise,
      commissionPaise,
      storeFundedPaise,
      commissionMinPaise: rate ? rate.minPaise : null,
      commissionMaxPaise: rate ? rate.maxPaise : null,
      entries: saleEntries({ netPaise, commissionPaise, storeFundedPaise }),
    };
  });
}
