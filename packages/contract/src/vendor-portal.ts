import { z } from 'zod';
import { idParams, idString, isoDateTime, pageInfo, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';
import { exportAnswer, jobStartedResponse } from './jobs.js';
import { orderStates } from './order-process.js';
import { orderStatusSchema } from './orders.js';
import { shipment } from './shipment-shape.js';

/**
 * A vendor's own back office (issue 8; the spec leaves the vendor's screens open):
 * their dashboard and the orders containing their products, showing only their own
 * lines, read-only, with the customer details a seller needs to ship. Money in rupees,
 * times UTC.
 */

export const vendorPortalMessages = {
  dashboardHeading: 'Vendor Dashboard',
  dashboardSubtitle: 'Overview of your products, orders and sales',
  totalProducts: 'My Products',
  totalOrders: 'Orders With My Products',
  ordersToday: 'Orders Today',
  totalRevenue: 'My Revenue',
  revenueCaption: 'From my lines in delivered orders',
  ordersHeading: 'My Orders',
  ordersSubtitle: 'Orders containing your products; only your lines are shown',
  noOrders: 'No orders with your products yet',
  orderNotFound: 'Order not found',
  shipTo: 'Ship To',
} as const;

/** `GET /api/vendor/dashboard`. */
export const vendorDashboard = z.object({
  success: z.literal(true),
  /** The vendor's products in every approval state. */
  totalProducts: z.number().int().nonnegative(),
  productsByApproval: z.object({
    approved: z.number().int().nonnegative(),
    pending: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
  }),
  /** Orders containing at least one of their products. */
  totalOrders: z.number().int().nonnegative(),
  /** Of those, placed on the current UTC calendar date. */
  ordersToday: z.number().int().nonnegative(),
  /** Rupees: their own lines (quantity × price as sold) in Delivered orders. */
  totalRevenue: z.number().nonnegative(),
  /**
   * Rupees (issue 25): what they earned all time, net of commission, cancellations and
   * refunds (their ledger less payouts, plus what was paid). Optional on the wire.
   */
  netEarnings: z.number().optional(),
  /** Orders containing their products, per status in pipeline order, Cancelled last (every order is counted once). */
  statusDistribution: z.array(z.object({ status: orderStatusSchema, count: z.number().int().nonnegative() })),
  /** The 5 newest orders containing their products, with their own lines' total. */
  recentOrders: z.array(
    z.object({
      _id: idString,
      trackingNumber: z.string(),
      status: orderStatusSchema,
      /** Rupees, their own lines only. */
      total: z.number(),
      createdAt: isoDateTime,
    }),
  ),
});
export type VendorDashboard = z.infer<typeof vendorDashboard>;

/**
 * `GET /api/vendor/orders` query: optionally one status, and `search`, a part of the
 * tracking number (any case); with `limit` a page. Newest first.
 */
export const vendorOrderListQuery = pageQuery.extend({
  status: z.enum(['all', ...orderStates]).default('all'),
  search: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters')
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type VendorOrderListQuery = z.input<typeof vendorOrderListQuery>;

/** `GET /api/vendor/orders/export` query: the list's own filters, every matching order (issue 26). */
export const vendorOrderExportQuery = vendorOrderListQuery.omit({ limit: true, cursor: true });
export type VendorOrderExportQuery = z.input<typeof vendorOrderExportQuery>;

/** A row of the vendor's order list. */
export const vendorOrderSummary = z.object({
  _id: idString,
  trackingNumber: z.string(),
  /** The billing full name (who receives the parcel). */
  customerName: z.string(),
  status: orderStatusSchema,
  /** Units of their own products in the order. */
  itemCount: z.number().int().nonnegative(),
  /** Rupees, their own lines only. */
  total: z.number(),
  createdAt: isoDateTime,
});
export type VendorOrderSummary = z.infer<typeof vendorOrderSummary>;

export const vendorOrderListResponse = z.object({
  success: z.literal(true),
  orders: z.array(vendorOrderSummary),
  ...pageInfo,
});
export type VendorOrderListResponse = z.infer<typeof vendorOrderListResponse>;

/**
 * `GET /api/vendor/orders/:id`: one order as its vendor sees it: their own lines and
 * their total, the status and its history, and where to ship (name, phone, address,
 * note). No customer e-mail or account, payment method, coupon or other vendors' lines.
 */
export const vendorOrder = z.object({
  _id: idString,
  trackingNumber: z.string(),
  status: orderStatusSchema,
  statusHistory: z.array(z.object({ status: orderStatusSchema, updatedAt: isoDateTime })),
  products: z.array(
    z.object({
      _id: idString,
      product: z.object({ _id: idString.nullable(), name: z.string(), images: z.array(z.string()) }),
      quantity: z.number().int().positive(),
      /** Rupees, as sold. */
      salePrice: z.number(),
      /** Units of `quantity` cancelled, and returned after delivery (issue 24). */
      cancelledQuantity: z.number().int().nonnegative(),
      returnedQuantity: z.number().int().nonnegative(),
    }),
  ),
  /** Rupees, their own lines only, the units still sold (less cancelled and returned). */
  total: z.number(),
  /** Their requests to cancel their lines of this order, oldest first (issue 24). */
  cancelRequests: z.array(
    z.object({
      _id: idString,
      reason: z.string(),
      status: z.enum(['pending', 'accepted', 'declined']),
      decisionReason: z.string().nullable(),
      createdAt: isoDateTime,
    }),
  ),
  shipTo: z.object({
    fullName: z.string(),
    phone: z.string(),
    note: z.string().nullable(),
    address: z.object({ fullAddress: z.string(), city: z.string(), province: z.string() }),
  }),
  /** Their own shipments of the order, oldest first (issue 34). Optional on the wire. */
  shipments: z.array(shipment).optional(),
  /** The order's version (decision 0018), which `POST /api/vendor/orders/{id}/cancel` may carry (issue 34). */
  updatedAt: isoDateTime.optional(),
  createdAt: isoDateTime,
});
export type VendorOrder = z.infer<typeof vendorOrder>;

export const vendorOrderResponse = z.object({ success: z.literal(true), order: vendorOrder });
export type VendorOrderResponse = z.infer<typeof vendorOrderResponse>;

/**
 * A vendor's own back office at the spec's singular `/api/vendor` (access `vendor`: an
 * approved vendor; admins get 403 and use the store-wide calls). Money in rupees, times
 * UTC. Registration is `vendorEndpoints.register`.
 */
export const vendorPortalEndpoints = {
  /**
   * The signed-in vendor's figures: their products by approval state, orders holding
   * their products (all, today by UTC date, per status), revenue in rupees from their
   * own lines of Delivered orders, the 5 newest such orders.
   */
  dashboard: endpoint('GET', '/api/vendor/dashboard', {
    access: 'vendor',
    tags: ['vendors'],
    summary: "The signed-in vendor's dashboard",
  }).output(vendorDashboard),
  /**
   * Orders holding the vendor's products, newest first, each with the units and total
   * (rupees) of their own lines. `status`, `search` (part of the tracking number, any
   * case), optionally `limit` with `cursor` (then `total` and `nextCursor`).
   */
  orders: endpoint('GET', '/api/vendor/orders', {
    access: 'vendor',
    tags: ['vendors'],
    summary: "Orders holding the signed-in vendor's products",
  })
    .input(z.object({ query: vendorOrderListQuery }))
    .output(vendorOrderListResponse),
  /**
   * The vendor's own order lines in the orders the list's filters select, newest first,
   * as a `text/csv` download (issue 26 'Exports'): one row per line of theirs, with only
   * the shipping details they need (no e-mail, no other vendor's lines).
   */
  ordersExport: endpoint('GET', '/api/vendor/orders/export', {
    access: 'vendor',
    tags: ['vendors'],
    summary: "The signed-in vendor's order lines as CSV",
    rawAnswer: true,
    answers: { 202: jobStartedResponse },
  })
    .input(z.object({ query: vendorOrderExportQuery }))
    .output(exportAnswer),
  /**
   * One order as its vendor sees it: their lines and total (rupees), status history
   * (UTC) and the shipping name, phone, address and note; read-only. 404 'Order not
   * found', also for another vendor's order.
   */
  order: endpoint('GET', '/api/vendor/orders/{id}', {
    access: 'vendor',
    tags: ['vendors'],
    summary: "One order, narrowed to the signed-in vendor's lines",
  })
    .input(z.object({ params: idParams }))
    .output(vendorOrderResponse),
};
