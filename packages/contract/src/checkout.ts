import { z } from 'zod';
import { cleanText } from './common.js';
import { cartItems, couponCode, couponValidateBody, couponValidateResponse } from './coupons.js';
import { endpoint } from './endpoint.js';
import { parseIndianState } from './india.js';
import { order, paymentMethods } from './orders.js';
import { postalCodeInput } from './tax.js';

/**
 * The storefront's checkout (issue 7; the spec leaves the server to us): the cart, the
 * billing details and an optional coupon code. Prices are never read from the client.
 */

export const checkoutMessages = {
  placed: 'Order placed successfully!',
  productMissing: (id: number) => `Product ${id} does not exist`,
  productUnavailable: (name: string) => `"${name}" is not available for sale`,
  outOfStock: (name: string, left: number) =>
    left === 0 ? `"${name}" is out of stock` : `Only ${left} of "${name}" left in stock`,
  keyInvalid: 'Idempotency-Key must be 1 to 200 visible ASCII characters',
  keyReused: 'This Idempotency-Key was already used for a different order',
  tooMany: 'Too many requests from your address. Please wait a minute and try again.',
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  phoneRequired: 'Phone number is required',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  provinceRequired: 'Province is required',
  provinceNotIndian:
    'Province must be an Indian state or union territory, by name or GST state code (e.g. Maharashtra or 27)',
  paymentMethodInvalid: `Payment method must be one of: ${paymentMethods.join(', ')}`,
} as const;

/** `Idempotency-Key` header: 1..200 visible ASCII characters. */
export const idempotencyKey = z
  .string()
  .max(200, checkoutMessages.keyInvalid)
  .regex(/^[\x21-\x7e]{1,200}$/, checkoutMessages.keyInvalid)
  .optional();

/** The headers checkout reads: its optional `Idempotency-Key`. */
export const checkoutHeaders = z.object({ 'idempotency-key': idempotencyKey });

/** Billing details (spec section 3, Order.billingInfo). The e-mail is trimmed and lower-cased. */
export const billingInfoInput = z.object({
  fullName: cleanText(200, checkoutMessages.fullNameRequired),
  email: cleanText(254, checkoutMessages.emailRequired)
    .pipe(z.email(checkoutMessages.emailInvalid))
    .transform((value) => value.toLowerCase()),
  phone: cleanText(40, checkoutMessages.phoneRequired),
  note: z
    .union([cleanText(1000), z.null()])
    .optional()
    .transform((value) => (value ? value : null)),
  address: z.object(
    {
      fullAddress: cleanText(500, checkoutMessages.addressRequired),
      city: cleanText(100, checkoutMessages.cityRequired),
      /**
       * Issue 35: an Indian state or union territory, by name or GST state code (the place
       * of supply of the order's GST); stored as typed.
       */
      province: cleanText(100, checkoutMessages.provinceRequired).refine(
        (value) => value === '' || parseIndianState(value) !== undefined,
        checkoutMessages.provinceNotIndian,
      ),
      /** Issue 35: the 6-digit PIN code, optional. */
      postalCode: postalCodeInput.optional().transform((value) => value ?? null),
    },
    { error: checkoutMessages.addressRequired },
  ),
});

/**
 * `POST /api/orders`: `items` (product id and quantity, 1..50 lines; a product listed
 * twice is one line of the summed quantity), `billingInfo`, `paymentMethod`, and
 * optionally `couponCode` (any case).
 */
export const checkoutBody = z.object({
  items: cartItems,
  billingInfo: billingInfoInput,
  paymentMethod: z.enum(paymentMethods, { error: checkoutMessages.paymentMethodInvalid }),
  couponCode: z
    .union([couponCode, z.literal(''), z.null()])
    .optional()
    .transform((value) => (value ? value : null)),
});
export type CheckoutBody = z.output<typeof checkoutBody>;
export type CheckoutBodyInput = z.input<typeof checkoutBody>;

/** 201 for a new order; 200 with the same order when an `Idempotency-Key` repeats. Money in rupees. */
export const checkoutResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  order,
});
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/**
 * The storefront's calls (issue 7; the spec leaves the server to us). Public, and rate
 * limited per IP address (`CHECKOUT_RATE_LIMIT` a minute, counted in the database so
 * every API process shares it; 429 beyond).
 */
export const checkoutEndpoints = {
  /**
   * Places an order from `{ items: [{ product, quantity }], billingInfo: { fullName, email,
   * phone, note?, address: { fullAddress, city, province, postalCode? } }, paymentMethod, couponCode? }`,
   * priced on the server (client prices are never read) → 201 `{ success, message, order }`,
   * money in rupees, times UTC. With `Idempotency-Key`, a repeat answers the first order
   * (200, header `Idempotent-Replayed: true`) instead of placing another. 400 validation,
   * an unknown or unavailable product, an unknown coupon or a coupon rule; 409 short of
   * stock or a key reused for another cart.
   */
  placeOrder: endpoint('POST', '/api/orders', {
    access: 'public',
    summary: 'Place a storefront order',
    tags: ['checkout'],
    status: 201,
    otherSuccessStatuses: [200],
    errors: [409],
    rateLimited: true,
  })
    .input(z.object({ headers: checkoutHeaders, body: checkoutBody }))
    .output(checkoutResponse),
  /**
   * `{ code, items: [{ product, quantity }] }` → `{ success, valid, code, message, reason,
   * subtotal, discount, discountedTotal }` (rupees): what the code takes off this cart
   * today (store's time zone), or why not (`valid: false`, `reason` e.g.
   * `COUPON_EXPIRED`). 400 validation or unknown or unavailable products.
   */
  validateCoupon: endpoint('POST', '/api/coupons/validate', {
    access: 'public',
    summary: 'What a coupon takes off a cart',
    tags: ['checkout'],
    rateLimited: true,
  })
    .input(z.object({ body: couponValidateBody }))
    .output(couponValidateResponse),
};
