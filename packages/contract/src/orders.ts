import { z } from 'zod';
import { idParams, idString, isoDateTime, pageInfo, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';
import { exportAnswer, jobStartedResponse } from './jobs.js';
import { type OrderStatus, orderStates } from './order-process.js';
import { shipment } from './shipment-shape.js';
import { lineTax } from './tax.js';

/** Spec sections 2 and 8, Orders; the server's own messages. */
export const orderMessages = {
  notFound: 'Order not found',
  loadFailed: 'Failed to load order details',
  notFoundTitle: 'Order Not Found',
  notFoundDetail: "The order you're looking for doesn't exist or you don't have permission to view it.",
  invalidStatus: 'Status must be one of: all, Order Placed, Packaging, On The Road, Delivered, Cancelled',
} as const;

/** An order's status on the wire: one of the process's (`order-process.ts`). */
export const orderStatusSchema = z.enum(orderStates) satisfies z.ZodType<OrderStatus>;

/** The payment methods the storefront offers. */
export const paymentMethods = ['Cash on Delivery', 'UPI', 'Card', 'Net Banking'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** One entry of an order's status history (spec section 3). */
export const orderStatusEntry = z.object({
  _id: idString,
  status: orderStatusSchema,
  notes: z.string().nullable(),
  /** UTC. */
  updatedAt: isoDateTime,
  timestamp: isoDateTime,
});
export type OrderStatusEntry = z.infer<typeof orderStatusEntry>;

/** One line of an order; product name, image and price are as sold (rupees). */
export const orderItem = z.object({
  _id: idString,
  product: z.object({
    _id: idString.nullable(),
    name: z.string(),
    images: z.array(z.string()),
  }),
  quantity: z.number().int().positive(),
  salePrice: z.number(),
  /** Units of `quantity` cancelled before the order went on the road (issue 24). */
  cancelledQuantity: z.number().int().nonnegative(),
  /** Units of `quantity` returned after delivery (issue 24). */
  returnedQuantity: z.number().int().nonnegative(),
  /**
   * The seller of the line as placed (issue 25's frozen vendor; null for the store's own
   * product). `businessName` is 'Former vendor' once the vendor is deleted. Optional on the wire.
   */
  vendor: z.object({ _id: idString, businessName: z.string() }).nullable().optional(),
  /**
   * Issue 35: the line's GST as frozen at checkout (rupees; `rate` percent): taxable value
   * and CGST + SGST (seller's state = place of supply) or IGST. null for a line placed
   * before GST was charged. Optional on the wire.
   */
  tax: lineTax.nullable().optional(),
});
export type OrderItem = z.infer<typeof orderItem>;

/** A line of a cancellation or a return: the order line, its units and their value after the discount (rupees). */
export const orderCorrectionItem = z.object({
  itemId: idString,
  productName: z.string(),
  quantity: z.number().int().positive(),
  amount: z.number(),
});

/** A cancellation of an order or of some of its units (issue 24). Money in rupees, time UTC. */
export const orderCancellation = z.object({
  _id: idString,
  reason: z.string(),
  /** True when it cancelled everything that was left of the order. */
  wholeOrder: z.boolean(),
  /** What it took off the order's total: the units' price less their share of the discount. */
  amount: z.number(),
  items: z.array(orderCorrectionItem),
  /** The admin's name, null once the account is gone. */
  by: z.string().nullable(),
  createdAt: isoDateTime,
});
export type OrderCancellation = z.infer<typeof orderCancellation>;

/** A return after delivery and its refund (issue 24). Money in rupees, time UTC. */
export const orderReturn = z.object({
  _id: idString,
  reason: z.string(),
  note: z.string().nullable(),
  /** Whether the returned units went back to stock. */
  restock: z.boolean(),
  refundAmount: z.number(),
  /**
   * What the store kept of what the customer paid for the returned units: their value
   * after the discount less the refund (0 when all of it was refunded; issue 33).
   */
  restockingFee: z.number(),
  refundMethod: z.string(),
  items: z.array(orderCorrectionItem),
  by: z.string().nullable(),
  createdAt: isoDateTime,
});
export type OrderReturn = z.infer<typeof orderReturn>;

/** A vendor's request to cancel their lines of the order, and its outcome (issue 24). Times UTC. */
export const orderCancelRequest = z.object({
  _id: idString,
  /** The vendor's business name. */
  vendor: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'accepted', 'declined']),
  /** The admin's reason for declining; null otherwise. */
  decisionReason: z.string().nullable(),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
});
export type OrderCancelRequest = z.infer<typeof orderCancelRequest>;

/** An order as the API answers it (spec section 3). Money in rupees. */
export const order = z.object({
  _id: idString,
  trackingNumber: z.string(),
  user: z.object({ _id: idString, name: z.string(), email: z.string() }).nullable(),
  billingInfo: z.object({
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    note: z.string().nullable(),
    address: z.object({
      fullAddress: z.string(),
      city: z.string(),
      province: z.string(),
      /** Issue 35: the 6-digit PIN code when given. Optional on the wire. */
      postalCode: z.string().nullable().optional(),
    }),
  }),
  paymentMethod: z.string(),
  products: z.array(orderItem),
  /** Subtotal before the coupon. */
  totalPrice: z.number(),
  /**
   * `discountAmount`: what is left of the discount after cancellations (spec section 3).
   * Issue 35 adds `discountAtPlacement`, the discount as the order was placed, and
   * `fundedBy`, who bears it (decision 0131).
   */
  coupon: z
    .object({
      code: z.string(),
      discountAmount: z.number(),
      discountAtPlacement: z.number().optional(),
      fundedBy: z.enum(['store', 'vendors']).optional(),
    })
    .nullable(),
  /** What the customer is charged: the subtotal less the discount, after cancellations. */
  discountedTotal: z.number(),
  /** What cancellations took off the order (issue 24). */
  cancelledTotal: z.number(),
  /** What returns refunded (issue 24). */
  refundedTotal: z.number(),
  /** `discountedTotal - refundedTotal`: what the sale is worth to the store. */
  netTotal: z.number(),
  status: orderStatusSchema,
  statusHistory: z.array(orderStatusEntry),
  cancellations: z.array(orderCancellation),
  returns: z.array(orderReturn),
  /** Vendors' requests to cancel their lines, oldest first. */
  cancelRequests: z.array(orderCancelRequest),
  /** How many of `cancelRequests` await an admin's answer. */
  pendingCancelRequests: z.number().int().nonnegative(),
  /**
   * The order's shipments (issue 34): one per vendor and one for the store's own
   * products, more after a partial dispatch; `status` above is the least advanced of
   * those not cancelled. Oldest first. Optional on the wire (answers before issue 34).
   */
  shipments: z.array(shipment).optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Order = z.infer<typeof order>;

/** A row of the order list: the order without its items, history, cancellations and returns. */
export const orderSummary = order
  .omit({
    products: true,
    statusHistory: true,
    cancellations: true,
    returns: true,
    cancelRequests: true,
    shipments: true,
  })
  .extend({
    itemCount: z.number().int().nonnegative(),
  });
export type OrderSummary = z.infer<typeof orderSummary>;

/**
 * `GET /orders/admin/orders` query. `search` matches part of the tracking number or
 * of the customer's e-mail (the account's or the billing one), in any case; `status`
 * filters. Without `limit` the answer is the spec's unpaged list; with it, a keyset
 * page whose `nextCursor` is passed back as `cursor`.
 */
export const orderListQuery = pageQuery.extend({
  search: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters')
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  status: z.enum(['all', ...orderStates], { error: orderMessages.invalidStatus }).default('all'),
  /** `true`: only orders with a cancellation or a refund (issue 24). */
  corrected: z
    .enum(['true', 'false'], { error: 'corrected must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
  /**
   * `true`: only orders with a late shipment, one not yet on the road past its ship-by
   * time (issue 34, the orders list's "Late shipments" filter).
   */
  lateShipments: z
    .enum(['true', 'false'], { error: 'lateShipments must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type OrderListQuery = z.input<typeof orderListQuery>;
export type OrderListFilters = z.output<typeof orderListQuery>;

/** `GET /api/orders/admin/orders/export` query: the list's own filters, every matching order (issue 26). */
export const orderExportQuery = orderListQuery.omit({ limit: true, cursor: true });
export type OrderExportQuery = z.input<typeof orderExportQuery>;

/** Newest first; `total` and `nextCursor` only when `limit` was given. */
export const orderListResponse = z.object({
  success: z.literal(true),
  orders: z.array(orderSummary),
  ...pageInfo,
});
export type OrderListResponse = z.infer<typeof orderListResponse>;

/** `GET /orders/admin/orders/:id` (spec section 7): the order with its items and status history. */
export const orderResponse = z.object({
  success: z.literal(true),
  order,
});
export type OrderResponse = z.infer<typeof orderResponse>;

/**
 * `GET /api/orders/admin/stats` (spec section 7; the dashboard reads `totalOrders`).
 * `ordersToday` counts the UTC calendar date; `totalRevenue` is in rupees over Delivered orders.
 */
export const orderStatsResponse = z.object({
  success: z.literal(true),
  totalOrders: z.number().int().nonnegative(),
  ordersToday: z.number().int().nonnegative(),
  /** Rupees, over Delivered orders. */
  totalRevenue: z.number(),
  byStatus: z.record(orderStatusSchema, z.number().int().nonnegative()),
});
export type OrderStatsResponse = z.infer<typeof orderStatsResponse>;

/**
 * Reading orders (spec sections 2, 3, 7), admin only. Money in rupees, times UTC. The
 * spec's un-prefixed `/orders/...` spellings reach the same routes through the
 * legacy-path rewrite. The status change is `orderStatusEndpoints`, placing an order
 * `checkoutEndpoints`.
 */
export const orderEndpoints = {
  /**
   * Orders newest first (Orders screen). `search` (part of the tracking number or
   * customer e-mail, any case), `status` (`all` or one of the four). Without `limit`
   * `{ success, orders }` with every matching order, as the spec reads it; with `limit`
   * (1..200) one page plus `total` (exact up to `LIST_COUNT_BOUND`, then the bound with
   * `totalRelation: 'gte'`: decision 0027) and `nextCursor`. 400 also for an unpaged
   * list past `UNPAGED_LIST_LIMIT`.
   */
  list: endpoint('GET', '/api/orders/admin/orders', {
    access: 'admin',
    permission: 'orders:read',
    summary: 'List orders, newest first',
  })
    .input(z.object({ query: orderListQuery }))
    .output(orderListResponse),
  /**
   * Every order the list's filters select, newest first, one CSV row per order line
   * with the order's fields repeated (issue 26 'Exports'): UTF-8 with a BOM, amounts in
   * rupees with two decimals, times in the store's time zone, text cells neutralised
   * against formula injection, streamed from the database.
   */
  export: endpoint('GET', '/api/orders/admin/orders/export', {
    access: 'admin',
    permission: 'orders:read',
    summary: 'Order lines as CSV',
    rawAnswer: true,
    answers: { 202: jobStartedResponse },
  })
    .input(z.object({ query: orderExportQuery }))
    .output(exportAnswer),
  /** The order with its items and status history, oldest first (Order detail); 404 'Order not found'. */
  get: endpoint('GET', '/api/orders/admin/orders/{id}', {
    access: 'admin',
    permission: 'orders:read',
    summary: 'One order with its items and status history',
  })
    .input(z.object({ params: idParams }))
    .output(orderResponse),
  /**
   * The dashboard's Total Orders: `{ totalOrders, ordersToday (UTC calendar date),
   * totalRevenue (rupees, Delivered orders), byStatus }`.
   */
  stats: endpoint('GET', '/api/orders/admin/stats', {
    access: 'admin',
    permission: 'orders:read',
    summary: 'Order totals: all, today, revenue and per status',
  }).output(orderStatsResponse),
};
