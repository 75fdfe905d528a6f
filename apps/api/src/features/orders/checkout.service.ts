import { createHash, randomInt } from 'node:crypto';
import {
  type CartItem,
  type CheckoutBody,
  type CouponValidateBody,
  checkoutMessages,
  couponMessages,
  DEFAULT_SHIP_BY_HOURS,
} from '@haat/contract';
import { isUniqueViolation } from '../../platform/db/constraint-errors.js';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { AppError } from '../../platform/errors.js';
import type { PlacedLineTax } from '../../platform/events/domain-events.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { ratesForLines } from '../commissions/commissions.service.js';
import { type PricedLine, redeemCoupon } from '../coupons/coupon-rules.js';
import { findRedeemableCoupon, recordCouponUse } from '../coupons/coupons.service.js';
import { makeOrderShipments } from '../shipments/shipments.service.js';
import { freezeLineTaxes, placeOfSupplyOf } from '../tax/line-tax.js';
import {
  type CheckoutProduct,
  claimCheckoutKey,
  findCheckoutKey,
  findCheckoutProducts,
  findOrCreateCustomer,
  insertPlacedOrder,
  setCheckoutKeyOrder,
  takeStock,
} from './checkout.repository.js';
import { chargeOrderLines, priceOrder } from './order-pricing.js';
import { getOrder, type OrderDetail } from './orders.service.js';

/**
 * The storefront's checkout (issue 7; docs/decisions/0040-checkout.md): the server
 * prices the cart itself with `priceOrder` from the products' sale prices and the
 * coupon's terms, and places the order in one transaction that takes the stock and
 * counts the coupon use conditionally, so racing checkouts for the last unit or the
 * last use never both succeed. Money in paise inside, rupees on the wire.
 */

/** The history note of a storefront order's first entry. */
export const PLACED_NOTE = 'Order placed from the storefront';

/** Cart lines with each product once (quantities summed), in product id order (the lock order). */
export function mergeCart(items: readonly CartItem[]): CartItem[] {
  const quantities = new Map<number, number>();
  for (const item of items) quantities.set(item.product, (quantities.get(item.product) ?? 0) + item.quantity);
  return [...quantities.entries()].sort(([a], [b]) => a - b).map(([product, quantity]) => ({ product, quantity }));
}

/**
 * The cart's products, priced from the database, or the refusal: every unknown,
 * unapproved or inactive product and (when `checkStock`) every line short of stock,
 * each with its message, keyed `items.<product id>`.
 * @throws AppError VALIDATION_FAILED (400) for unknown or unavailable products;
 *   CONFLICT (409) when only stock is short.
 */
async function priceCart(
  db: Db,
  cart: readonly CartItem[],
  checkStock: boolean,
): Promise<{ lines: PricedLine[]; products: Map<number, CheckoutProduct> }> {
  const products = new Map(
    (
      await findCheckoutProducts(
        db,
        cart.map((item) => item.product),
      )
    ).map((p) => [p.id, p]),
  );
  const invalid: Record<string, string> = {};
  const short: Record<string, string> = {};
  for (const item of cart) {
    const product = products.get(item.product);
    const key = `items.${item.product}`;
    if (!product) invalid[key] = checkoutMessages.productMissing(item.product);
    else if (product.status !== 'active' || product.approvalStatus !== 'approved')
      invalid[key] = checkoutMessages.productUnavailable(product.name);
    else if (checkStock && product.stockQuantity < item.quantity)
      short[key] = checkoutMessages.outOfStock(product.name, product.stockQuantity);
  }
  if (Object.keys(invalid).length > 0)
    throw new AppError('VALIDATION_FAILED', Object.values({ ...invalid, ...short }).join(', '), {
      ...invalid,
      ...short,
    });
  if (Object.keys(short).length > 0) throw new AppError('CONFLICT', Object.values(short).join(', '), short);
  const lines = cart.map((item) => {
    const product = products.get(item.product) as CheckoutProduct;
    return {
      productId: product.id,
      categoryId: product.categoryId,
      quantity: item.quantity,
      salePricePaise: product.salePricePaise,
    };
  });
  return { lines, products };
}

/** `HT` + the UTC date `yymmdd` + 8 random base-36 characters (the seeder's use 6, so they never meet). */
function newTrackingNumber(now: Date): string {
  const day = now.toISOString();
  let code = '';
  for (let i = 0; i < 8; i += 1) code += '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[randomInt(36)];
  return `HT${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}${code}`;
}

/** SHA-256 of the parsed request, so a key reused for another cart is recognised. */
function requestHash(body: CheckoutBody): string {
  return createHash('sha256')
    .update(JSON.stringify({ ...body, items: mergeCart(body.items) }))
    .digest('hex');
}

export interface PlaceOrderOptions {
  /** The store's date `YYYY-MM-DD` (coupon dates are judged on it). */
  today: string;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey?: string;
  /** The order's instant (default now). */
  now?: Date;
  /**
   * The order's tracking number (default a new random one, `HT` + date + 8 characters).
   * The demo seeder passes its own, so the seeded store is the same on every machine.
   */
  trackingNumber?: string;
  /** Hours from placement to the shipments' ship-by time (`SHIP_BY_HOURS`; default `DEFAULT_SHIP_BY_HOURS`; issue 34). */
  shipByHours?: number;
}

/**
 * `POST /api/orders`: places a storefront order. In one transaction: claims the
 * `Idempotency-Key` (when given), reads and prices the cart (`priceOrder`: products'
 * sale prices, the coupon's discount on the matching lines), takes each line's stock
 * conditionally (in product id order, so concurrent checkouts lock rows in one order),
 * counts the coupon use conditionally, links the order to the account with the billing
 * e-mail (creating a customer when absent; its row locked until commit on PostgreSQL, so
 * an erasure and this checkout take turns, decision 0120), writes the order ('Order Placed', its
 * first history entry, a unique tracking number), its shipments (one per vendor and one for
 * the store's own products, issue 34) and publishes `order.placed` on
 * `events` (the vendors' ledger, the bell). Any refusal rolls everything back.
 * @returns the order as the admin detail reads it (paise, UTC; the route builds the
 *   wire shape), and `replayed` when
 *   the key had already placed it (then nothing new is written).
 * @throws AppError VALIDATION_FAILED (400) unknown or unavailable product; CONFLICT (409)
 *   short of stock; BAD_REQUEST (400) unknown coupon code or a coupon rule refusing
 *   (`CouponRefusedError`, message from the coupon rules); CONFLICT (409) a key reused
 *   for another request; VALIDATION_FAILED (400) the e-mail of an anonymised account.
 */
export async function placeOrder(
  db: Db,
  events: EventBus,
  body: CheckoutBody,
  options: PlaceOrderOptions,
): Promise<{ order: OrderDetail; replayed: boolean }> {
  const key = options.idempotencyKey;
  // Retried as a whole when it meets a deadlock (decision 0090); the key's claim is in it.
  const placed = await runTransaction(db, (trx) => placeOrderInTransaction(trx, events, body, options)).catch(
    (error: unknown) => {
      // Only two connections racing outside one database's key wait can get here (the
      // claim is ON CONFLICT DO NOTHING); answer as a reused key rather than a 500.
      if (key && isUniqueViolation(error)) throw new AppError('CONFLICT', checkoutMessages.keyReused);
      throw error;
    },
  );

  // A replayed key's order may have been corrected since: read whole. A new one's only
  // history entry is the one just written.
  const order = await getOrder(db, placed.orderId, { justPlaced: !placed.replayed, history: placed.history });
  return { order, replayed: placed.replayed };
}

/**
 * The work of `placeOrder` inside a transaction the caller opened and commits (the
 * demo seeder places its whole history in its own one): the same checks, pricing,
 * conditional stock and coupon updates and writes, in the same order. A refusal
 * throws and leaves the caller's transaction to roll back.
 * @param trx an open transaction (not the database handle: nothing here is atomic on its own).
 * @param events where `order.placed` is published (the app's bus; the demo seeder's posts to the ledger only).
 * @returns the order's id, and `replayed` when the `Idempotency-Key` had already placed it;
 *   for a new order, its `history` (the one entry written).
 * @throws AppError as `placeOrder`.
 */
export async function placeOrderInTransaction(
  trx: Db,
  events: EventBus,
  body: CheckoutBody,
  options: PlaceOrderOptions,
): Promise<{ orderId: number; replayed: boolean; history?: OrderDetail['history'] }> {
  const now = options.now ?? new Date();
  const nowIso = now.toISOString();
  const cart = mergeCart(body.items);
  const key = options.idempotencyKey;
  const hash = key ? requestHash(body) : '';

  if (key && !(await claimCheckoutKey(trx, key, hash, nowIso))) {
    const existing = await findCheckoutKey(trx, key);
    if (!existing || existing.requestHash !== hash || existing.orderId === null)
      throw new AppError('CONFLICT', checkoutMessages.keyReused);
    return { orderId: existing.orderId, replayed: true };
  }

  const { lines, products } = await priceCart(trx, cart, true);
  let coupon: Awaited<ReturnType<typeof findRedeemableCoupon>> = null;
  if (body.couponCode) {
    coupon = await findRedeemableCoupon(trx, body.couponCode);
    if (!coupon) throw new AppError('BAD_REQUEST', couponMessages.unknownCode, { coupon: couponMessages.unknownCode });
  }
  const pricing = priceOrder(lines, coupon?.terms ?? null, options.today);

  const stockAfter = new Map<number, number>();
  for (const item of cart) {
    const left = await takeStock(trx, item.product, item.quantity, nowIso);
    if (left === null) {
      const product = products.get(item.product) as CheckoutProduct;
      // Another checkout took it between our read and our write: report what is left now.
      const [latest] = await findCheckoutProducts(trx, [item.product]);
      const message = checkoutMessages.outOfStock(product.name, Math.max(0, latest?.stockQuantity ?? 0));
      throw new AppError('CONFLICT', message, { [`items.${item.product}`]: message });
    }
    stockAfter.set(item.product, left);
  }
  if (coupon && !(await recordCouponUse(trx, coupon.id))) {
    // The last use went to a concurrent checkout (or the coupon was switched off meanwhile).
    const latest = await findRedeemableCoupon(trx, coupon.terms.code);
    const message =
      latest?.terms.isActive === false ? 'This coupon is not active' : 'This coupon has reached its usage limit';
    throw new AppError('BAD_REQUEST', message, { coupon: message });
  }

  // Each line's net, rate and commission (`chargeOrderLines`), frozen now.
  const cartProducts = cart.map((item) => products.get(item.product) as CheckoutProduct);
  const chargeable = cart.map((item, index) => {
    const product = cartProducts[index] as CheckoutProduct;
    const { vendorId, categoryId, salePricePaise } = product;
    return { vendorId, categoryId, quantity: item.quantity, salePricePaise };
  });
  const charges = chargeOrderLines(pricing.discountPaise, chargeable, await ratesForLines(trx, chargeable), {
    eligible: pricing.eligible,
    fundedBy: pricing.fundedBy,
  });
  // Each line's money as frozen: written on the line and carried by `order.placed`.
  const frozen = cart.map((_, index) => {
    const charge = charges[index];
    return {
      netPaise: charge?.netPaise ?? 0,
      commissionPaise: charge?.commissionPaise ?? 0,
      storeFundedPaise: charge?.storeFundedPaise ?? 0,
      commissionRateBp: charge?.rateBp ?? null,
      commissionMinPaise: charge?.commissionMinPaise ?? null,
      commissionMaxPaise: charge?.commissionMaxPaise ?? null,
    };
  });
  const moneyOf = (index: number) => frozen[index] as (typeof frozen)[number];

  const billing = body.billingInfo;
  const userId = await findOrCreateCustomer(
    trx,
    { email: billing.email, name: billing.fullName, phone: billing.phone },
    nowIso,
  );
  // The address of an anonymised account (`….invalid`) names no one an order can be for.
  if (userId === null)
    throw new AppError('VALIDATION_FAILED', checkoutMessages.emailInvalid, {
      'billingInfo.email': checkoutMessages.emailInvalid,
    });
  const trackingNumber = options.trackingNumber ?? newTrackingNumber(now);
  const { orderId, lineIds, firstEntry } = await insertPlacedOrder(
    trx,
    {
      trackingNumber,
      userId,
      billingFullName: billing.fullName,
      billingEmail: billing.email,
      billingPhone: billing.phone,
      billingNote: billing.note,
      billingAddress: billing.address.fullAddress,
      billingCity: billing.address.city,
      billingProvince: billing.address.province,
      billingPostalCode: billing.address.postalCode,
      paymentMethod: body.paymentMethod,
      subtotalPaise: pricing.subtotalPaise,
      couponId: coupon?.id ?? null,
      couponCode: pricing.couponCode,
      discountPaise: pricing.discountPaise,
      couponDiscountPaise: pricing.discountPaise,
      couponFundedBy: pricing.fundedBy,
      discountedTotalPaise: pricing.discountedTotalPaise,
      status: 'Order Placed',
      createdAt: nowIso,
      updatedAt: nowIso,
    },
    cart.map((item, index) => {
      const product = cartProducts[index] as CheckoutProduct;
      return {
        productId: product.id,
        productName: product.name,
        productImage: product.image,
        quantity: item.quantity,
        salePricePaise: product.salePricePaise,
        vendorId: product.vendorId,
        ...moneyOf(index),
      };
    }),
    PLACED_NOTE,
  );
  const placedLines = cart.map((item, index) => {
    const { vendorId, gstRateBp, hsnCode } = cartProducts[index] as CheckoutProduct;
    const id = lineIds.get(item.product);
    if (id === undefined) throw new Error(`Order ${orderId} has no line of product ${item.product}`);
    return { id, vendorId, quantity: item.quantity, gstRateBp, hsnCode, netPaise: moneyOf(index).netPaise };
  });
  // One shipment per vendor and one for the store's own products (issue 34).
  await makeOrderShipments(
    trx,
    { id: orderId, trackingNumber, billingFullName: billing.fullName, lines: placedLines },
    nowIso,
    options.shipByHours ?? DEFAULT_SHIP_BY_HOURS,
  );
  // Each line's GST, frozen now (issue 35; features/tax/line-tax.ts).
  const taxes = await freezeLineTaxes(
    trx,
    orderId,
    placeOfSupplyOf(billing.address.province),
    placedLines.map(({ id, vendorId, netPaise, gstRateBp, hsnCode }) => ({
      orderItemId: id,
      vendorId,
      netPaise,
      gstRateBp,
      hsnCode,
    })),
    nowIso,
  );
  if (key) await setCheckoutKeyOrder(trx, key, orderId);
  await events.publish(trx, {
    type: 'order.placed',
    orderId,
    trackingNumber,
    discountedTotalPaise: pricing.discountedTotalPaise,
    lines: cart.map((item, index) => {
      const { name, vendorId } = cartProducts[index] as CheckoutProduct;
      return {
        productId: item.product,
        productName: name,
        vendorId,
        quantity: item.quantity,
        stockAfter: stockAfter.get(item.product) ?? 0,
        orderItemId: (placedLines[index] as (typeof placedLines)[number]).id,
        ...moneyOf(index),
        tax: taxes[index] as PlacedLineTax,
      };
    }),
    at: nowIso,
  });
  return { orderId, replayed: false, history: [firstEntry] };
}

/**
 * What a coupon takes off a cart (paise): `valid` with the discount, or why not
 * (`reason` a stable code such as `COUPON_EXPIRED`, `message` for the shopper).
 */
export interface CouponCheck {
  valid: boolean;
  /** The code as checked (upper case). */
  code: string;
  message: string;
  reason: string | null;
  subtotalPaise: number;
  discountPaise: number;
}

/**
 * `POST /api/coupons/validate`: what the coupon `code` takes off this cart, priced by the
 * server from the products' sale prices on the store's `today`; or why it does not
 * apply (`valid: false`, `reason` a stable code, `message` for the shopper). Stock is
 * not checked; nothing is written. Money in paise (`orders.wire.ts` makes the answer).
 * @throws AppError VALIDATION_FAILED (400) for unknown or unavailable products.
 */
export async function validateCoupon(db: Db, body: CouponValidateBody, today: string): Promise<CouponCheck> {
  const { lines } = await priceCart(db, mergeCart(body.items), false);
  const subtotalPaise = lines.reduce((sum, line) => sum + line.quantity * line.salePricePaise, 0);
  const refused = (reason: string, message: string): CouponCheck => ({
    valid: false,
    code: body.code,
    message,
    reason,
    subtotalPaise,
    discountPaise: 0,
  });
  const coupon = await findRedeemableCoupon(db, body.code);
  if (!coupon) return refused('COUPON_NOT_FOUND', couponMessages.unknownCode);
  const redemption = redeemCoupon(coupon.terms, lines, today);
  if (!redemption.ok) return refused(redemption.refusal.code, redemption.refusal.message);
  return {
    valid: true,
    code: body.code,
    message: couponMessages.applies,
    reason: null,
    subtotalPaise,
    discountPaise: redemption.discountPaise,
  };
}
