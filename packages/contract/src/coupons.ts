import { z } from 'zod';
import {
  cleanText,
  editVersion,
  hasAtMostTwoDecimals,
  idString,
  isoDate,
  isoDateTime,
  MAX_ID,
  messageResponse,
  requiredId,
  rupeesField,
  WHOLE_PAISE_MESSAGE,
} from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Coupons (spec sections 2 'Coupon management', 3 Coupon, 4, 5, 7, 8, 9) and the
 * storefront's coupon check. Money travels in rupees (at most two decimals), stored
 * in paise; dates are date-only `YYYY-MM-DD`, judged in the store's time zone.
 */

/** Spec section 5 (Coupon form), section 8 (Coupons) and the server's own messages. */
export const couponMessages = {
  codeRequired: 'Coupon code is required',
  discountValueRequired: 'Valid discount value is required',
  minOrderRequired: 'Valid minimum order amount is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endBeforeStart: 'End date must be after start date',
  percentTooHigh: 'Discount percentage cannot exceed 100%',
  percentWhole: 'Discount percentage must be a whole number',
  usageLimitMin: 'Usage limit must be at least 1',
  maxDiscountInvalid: 'Maximum discount must be an amount above 0',
  fundedByInvalid: 'Funded by must be store or vendors',
  codeInvalid: 'Coupon code may use letters, digits, - and _ only (at most 40)',
  codeTaken: 'A coupon with this code already exists',
  codeNotEditable: 'The coupon code cannot be changed',
  notFound: 'Coupon not found',
  unknownCode: 'Invalid coupon code',
  productsGone: 'Some selected products no longer exist',
  categoriesGone: 'Some selected categories no longer exist',
  changedMeanwhile:
    'This coupon was changed by someone else after you opened it. Reload the page to see their changes, then save yours again.',
  versionInvalid: 'Must be the coupon’s updatedAt as loaded',
  created: 'Coupon created successfully!',
  updated: 'Coupon updated successfully!',
  deleted: 'Coupon deleted successfully!',
  loadFailed: 'Failed to load coupon data. Please try again.',
  pickersFailed: 'Failed to load product/category data. Please try again.',
  updateFailed: 'Failed to update coupon. Please try again.',
  createFailed: 'Failed to create coupon. Please try again.',
  fetchFailed: 'Failed to fetch coupons',
  deleteFailed: 'Failed to delete coupon',
  applies: 'Coupon applied',
} as const;

/**
 * Who bears a coupon's discount (issue 35; decision 0131): the vendors whose lines it
 * discounts (the default, and the rule before issue 35) or the store, whose commission
 * revenue then bears it while the vendors earn on the undiscounted price.
 */
export const couponFundings = ['vendors', 'store'] as const;
export type CouponFunding = (typeof couponFundings)[number];
export const couponFundingLabels: Record<CouponFunding, string> = {
  vendors: 'Vendors (lowers their earnings)',
  store: 'Store (from its commission)',
};

/** The two discount types; percentage is the default (spec section 9). */
export const discountTypes = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof discountTypes)[number];

/** A coupon's code: trimmed, stored and compared upper case. */
export const couponCode = z
  .string({ error: couponMessages.codeRequired })
  .trim()
  .min(1, couponMessages.codeRequired)
  .max(40, couponMessages.codeInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, couponMessages.codeInvalid)
  .transform((value) => value.toUpperCase());

const optionalNullable = <T extends z.ZodType>(schema: T) =>
  z
    .union([schema, z.null(), z.literal('')])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

/**
 * `POST /api/coupons`, `PUT /api/coupons/:id` body (spec section 7). `discountValue` is
 * whole percent 1..100 for percentage coupons and rupees for fixed ones; money in
 * rupees; `maxDiscountAmount` only for percentage coupons (ignored for fixed);
 * `usageLimit` null = unlimited; empty lists = every product / category. On PUT `code`
 * may be repeated but not changed, and `updatedAt` (optional) is the version the
 * form loaded (decision 0018): a stale one answers 409.
 */
export const couponBody = z
  .object({
    code: couponCode,
    description: z
      .union([cleanText(500), z.null()])
      .optional()
      .transform((value) => (value ? value : null)),
    discountType: z.enum(discountTypes, { error: 'Discount type must be percentage or fixed' }).default('percentage'),
    discountValue: z
      .number({ error: couponMessages.discountValueRequired })
      .finite(couponMessages.discountValueRequired)
      .gt(0, couponMessages.discountValueRequired)
      .max(100_000_000, couponMessages.discountValueRequired)
      .refine(hasAtMostTwoDecimals, WHOLE_PAISE_MESSAGE),
    minOrderAmount: rupeesField(couponMessages.minOrderRequired),
    maxDiscountAmount: optionalNullable(
      rupeesField(couponMessages.maxDiscountInvalid).refine((value) => value > 0, couponMessages.maxDiscountInvalid),
    ),
    startDate: z
      .string({ error: couponMessages.startDateRequired })
      .min(1, couponMessages.startDateRequired)
      .max(10, couponMessages.startDateRequired)
      .pipe(isoDate),
    endDate: z
      .string({ error: couponMessages.endDateRequired })
      .min(1, couponMessages.endDateRequired)
      .max(10, couponMessages.endDateRequired)
      .pipe(isoDate),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
    usageLimit: optionalNullable(
      z
        .number({ error: couponMessages.usageLimitMin })
        .int(couponMessages.usageLimitMin)
        .min(1, couponMessages.usageLimitMin)
        .max(MAX_ID, couponMessages.usageLimitMin),
    ),
    applicableProducts: z.array(requiredId('Must be a valid product id')).max(500).default([]),
    applicableCategories: z.array(requiredId('Must be a valid category id')).max(500).default([]),
    /** Optional: a new coupon without it is vendor-funded; an edit without it keeps the coupon's. */
    fundedBy: z.enum(couponFundings, { error: couponMessages.fundedByInvalid }).optional(),
    updatedAt: editVersion(couponMessages.versionInvalid).optional(),
  })
  .superRefine((body, ctx) => {
    if (!isRealDate(body.startDate))
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: couponMessages.startDateRequired });
    if (!isRealDate(body.endDate))
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: couponMessages.endDateRequired });
    if (body.endDate <= body.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: couponMessages.endBeforeStart });
    if (body.discountType === 'percentage') {
      if (body.discountValue > 100)
        ctx.addIssue({ code: 'custom', path: ['discountValue'], message: couponMessages.percentTooHigh });
      else if (!Number.isInteger(body.discountValue))
        ctx.addIssue({ code: 'custom', path: ['discountValue'], message: couponMessages.percentWhole });
    }
  });
export type CouponBody = z.output<typeof couponBody>;
export type CouponBodyInput = z.input<typeof couponBody>;

/** True for a real calendar date `YYYY-MM-DD` (no 2026-02-30). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The status the coupon list shows (spec section 4). */
export const couponStatuses = ['active', 'inactive', 'expired'] as const;
export type CouponStatus = (typeof couponStatuses)[number];

/**
 * A coupon's one state, derived on the server in one place (issue 27): Expired after its
 * end date, Used up at its usage limit, Paused when switched off, Scheduled before its
 * start date, else Active (the first that applies, in that order).
 */
export const couponStates = ['active', 'scheduled', 'used_up', 'paused', 'expired'] as const;
export type CouponState = (typeof couponStates)[number];
export const couponStateLabels: Record<CouponState, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  used_up: 'Used up',
  paused: 'Paused',
  expired: 'Expired',
};

/** A coupon as the API answers it (spec section 3). Money in rupees. */
export const coupon = z.object({
  _id: idString,
  code: z.string(),
  description: z.string().nullable(),
  discountType: z.enum(discountTypes),
  /** Whole percent, or rupees for fixed coupons. */
  discountValue: z.number(),
  minOrderAmount: z.number(),
  maxDiscountAmount: z.number().nullable(),
  /** `YYYY-MM-DD`, inclusive, in the store's time zone. */
  startDate: z.string(),
  endDate: z.string(),
  isActive: z.boolean(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int().nonnegative(),
  /** Who bears the discount (issue 35). */
  fundedBy: z.enum(couponFundings),
  /** Ids (spec section 3). */
  applicableProducts: z.array(idString),
  applicableCategories: z.array(idString),
  /** The same restrictions with their names, for the form's chips. */
  restrictions: z.object({
    products: z.array(z.object({ _id: idString, name: z.string() })),
    categories: z.array(z.object({ _id: idString, name: z.string() })),
  }),
  /** Display status (spec section 4) on the store's today. */
  status: z.enum(couponStatuses),
  /** The one state the screens show (issue 27), on the store's today. */
  state: z.enum(couponStates),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Coupon = z.infer<typeof coupon>;

/** `GET /api/coupons`: every coupon, newest first (spec section 7). */
export const couponListResponse = z.object({ success: z.literal(true), coupons: z.array(coupon) });
export type CouponListResponse = z.infer<typeof couponListResponse>;

/** `POST /api/coupons`, `PUT /api/coupons/:id`. */
export const couponResponse = z.object({ success: z.literal(true), message: z.string(), coupon });
export type CouponResponse = z.infer<typeof couponResponse>;

/** `{ id }` path parameter of the coupon routes (32-bit). */
export const couponIdParams = z.object({ id: requiredId('Must be a valid coupon id') });

/** A cart line as a storefront sends it. */
export const cartItem = z.object({
  product: requiredId('Must be a valid product id'),
  quantity: z
    .number({ error: 'Quantity must be a whole number of at least 1' })
    .int('Quantity must be a whole number of at least 1')
    .min(1, 'Quantity must be a whole number of at least 1')
    .max(1000, 'Quantity must be at most 1000'),
});
export type CartItem = z.output<typeof cartItem>;

/** A cart: 1..50 lines. */
export const cartItems = z
  .array(cartItem, { error: 'Add at least one product' })
  .min(1, 'Add at least one product')
  .max(50, 'At most 50 lines per order');

/** `POST /api/coupons/validate`: what `code` takes off this cart. */
export const couponValidateBody = z.object({
  code: couponCode,
  items: cartItems,
});
export type CouponValidateBody = z.output<typeof couponValidateBody>;

/**
 * The answer of `POST /api/coupons/validate`: `valid` with the discount (rupees) on the
 * cart priced by the server, or `valid: false` with the reason (`reason` a stable code
 * such as `COUPON_EXPIRED`, `message` for the shopper).
 */
export const couponValidateResponse = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  code: z.string(),
  message: z.string(),
  reason: z.string().nullable(),
  subtotal: z.number(),
  discount: z.number(),
  discountedTotal: z.number(),
});
export type CouponValidateResponse = z.infer<typeof couponValidateResponse>;

/**
 * Coupon management (spec section 7), admin only. Money in rupees; dates `YYYY-MM-DD`
 * in the store's time zone (`STORE_TIME_ZONE`). The storefront's coupon check is
 * `checkoutEndpoints.validateCoupon`.
 */
export const couponEndpoints = {
  /** Every coupon, newest first, with its usage, restrictions (ids and names) and display status. */
  list: endpoint('GET', '/api/coupons', {
    access: 'admin',
    permission: 'catalog:read',
    summary: 'Every coupon, newest first',
  }).output(couponListResponse),
  /** Creates a coupon; 400 with the messages of spec section 5, 409 when the code is in use. */
  create: endpoint('POST', '/api/coupons', {
    access: 'admin',
    permission: 'catalog:write',
    summary: 'Create a coupon',
    status: 201,
    errors: [409],
  })
    .input(z.object({ body: couponBody }))
    .output(couponResponse),
  /** Replaces a coupon's terms (its code cannot change); `updatedAt` is the version loaded (409 when stale). */
  update: endpoint('PUT', '/api/coupons/{id}', {
    access: 'admin',
    permission: 'catalog:write',
    summary: 'Edit a coupon',
  })
    .input(z.object({ params: couponIdParams, body: couponBody }))
    .output(couponResponse),
  /** Deletes a coupon; orders that used it keep its code and discount. */
  remove: endpoint('DELETE', '/api/coupons/{id}', {
    access: 'admin',
    permission: 'catalog:write',
    summary: 'Delete a coupon',
  })
    .input(z.object({ params: couponIdParams }))
    .output(messageResponse),
};
