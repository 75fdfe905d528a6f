import { z } from 'zod';
import { cleanText } from './common.js';
import { cartItems, couponCode } from './coupons.js';
import { order, paymentMethods } from './orders.js';

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
  paymentMethodInvalid: `Payment method must be one of: ${paymentMethods.join(', ')}`,
} as const;

/** `Idempotency-Key` header: 1..200 visible ASCII characters. */
export const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,200}$/, checkoutMessages.keyInvalid)
  .optional();

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
      province: cleanText(100, checkoutMessages.provinceRequired),
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
