import { z } from 'zod';
import { idParams, idString, isoDateTime, pageInfo, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';

/** Spec sections 2 and 8, Orders; the server's own messages. */
export const orderMessages = {
  notFound: 'Order not found',
  loadFailed: 'Failed to load order details',
  notFoundTitle: 'Order Not Found',
  notFoundDetail: "The order you're looking for doesn't exist or you don't have permission to view it.",
  invalidStatus: 'Status must be one of: all, Order Placed, Packaging, On The Road, Delivered',
} as const;

/** The four order statuses, in pipeline order (spec sections 4 and 9). */
export const orderStatuses = ['Order Placed', 'Packaging', 'On The Road', 'Delivered'] as const;
export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

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
});
export type OrderItem = z.infer<typeof orderItem>;

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
    address: z.object({ fullAddress: z.string(), city: z.string(), province: z.string() }),
  }),
  paymentMethod: z.string(),
  products: z.array(orderItem),
  /** Subtotal before the coupon. */
  totalPrice: z.number(),
  coupon: z.object({ code: z.string(), discountAmount: z.number() }).nullable(),
  discountedTotal: z.number(),
  status: orderStatusSchema,
  statusHistory: z.array(orderStatusEntry),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Order = z.infer<typeof order>;

/** A row of the order list: the order without its items and history. */
export const orderSummary = order.omit({ products: true, statusHistory: true }).extend({
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
  status: z.enum(['all', ...orderStatuses], { error: orderMessages.invalidStatus }).default('all'),
});
export type OrderListQuery = z.input<typeof orderListQuery>;
export type OrderListFilters = z.output<typeof orderListQuery>;

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
  list: endpoint('GET', '/api/orders/admin/orders', { access: 'admin', summary: 'List orders, newest first' })
    .input(z.object({ query: orderListQuery }))
    .output(orderListResponse),
  /** The order with its items and status history, oldest first (Order detail); 404 'Order not found'. */
  get: endpoint('GET', '/api/orders/admin/orders/{id}', {
    access: 'admin',
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
    summary: 'Order totals: all, today, revenue and per status',
  }).output(orderStatsResponse),
};
