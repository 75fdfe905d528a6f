import { z } from 'zod';
import { idString, isoDateTime } from './common.js';
import { dashboardSummaryQuery } from './dashboard-settings.js';
import { endpoint } from './endpoint.js';
import { orderStatusSchema } from './orders.js';

/** Spec section 2, Dashboard; section 8 messages. The screen's words, verbatim. */
export const dashboardMessages = {
  heading: 'Admin Dashboard',
  subtitle: 'Overview of your business metrics',
  loading: 'Loading dashboard...',
  errorTitle: 'Error Loading Dashboard',
  retry: 'Retry',
  totalProducts: 'Total Products',
  totalOrders: 'Total Orders',
  totalUsers: 'Total Users',
  ordersToday: 'Orders Today',
  totalRevenue: 'Total Revenue',
  revenueCaption: 'From all completed orders',
  monthlyChart: 'Monthly Orders & Revenue',
  statusChart: 'Order Status Distribution',
  recentOrders: 'Recent Orders',
  noChartData: 'No data available',
  noOrders: 'No orders to display',
  noRecentOrders: 'No recent orders found',
} as const;

/** How many orders 'Recent Orders' shows (spec section 9). */
export const RECENT_ORDERS = 5;
/** Months in the 'Monthly Orders & Revenue' chart, the current one included. */
export const DASHBOARD_MONTHS = 12;

/**
 * One month of the chart. `month` is `YYYY-MM` (UTC) and `label` `Nov 2026`: the year
 * is part of both, so two Januaries never merge (a deliberate correction of spec
 * section 9, which groups by month name only). `revenue` in rupees over the month's
 * Delivered orders, like the Total Revenue card.
 */
export const monthlyPoint = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  label: z.string(),
  orders: z.number().int().nonnegative(),
  revenue: z.number().nonnegative(),
});
export type MonthlyPoint = z.infer<typeof monthlyPoint>;

/** A row of 'Recent Orders'. `customerName`: the account's name, else the billing name, else null. */
export const recentOrder = z.object({
  _id: idString,
  trackingNumber: z.string(),
  customerName: z.string().nullable(),
  /** Rupees. */
  discountedTotal: z.number(),
  status: orderStatusSchema,
  createdAt: isoDateTime,
});
export type RecentOrder = z.infer<typeof recentOrder>;

/**
 * `GET /api/dashboard/summary`: every figure of the dashboard, computed in the
 * database in one call. Money in rupees; 'today' and months are UTC.
 */
export const dashboardSummary = z.object({
  success: z.literal(true),
  /** Every product in the catalog, whatever its status or approval. */
  totalProducts: z.number().int().nonnegative(),
  totalOrders: z.number().int().nonnegative(),
  /** Storefront customer accounts. */
  totalUsers: z.number().int().nonnegative(),
  /** Orders placed on the current UTC calendar date. */
  ordersToday: z.number().int().nonnegative(),
  /**
   * Sum of the discounted totals of Delivered orders, as the card's caption 'From all
   * completed orders' says (a deliberate correction of spec section 9, which sums all).
   */
  totalRevenue: z.number().nonnegative(),
  /**
   * The store's commission revenue (issue 25), net of commission given back on
   * cancellations and refunds: this UTC month and all time (rupees). Since issue 35 it is
   * the commission charged (`charged`) less the store-funded coupon discounts it bore
   * (`storeFunded`, decision 0131), both also answered. Optional on the wire.
   */
  commission: z
    .object({
      thisMonth: z.number(),
      allTime: z.number(),
      charged: z.object({ thisMonth: z.number(), allTime: z.number() }).optional(),
      storeFunded: z.object({ thisMonth: z.number(), allTime: z.number() }).optional(),
    })
    .optional(),
  /** The last `DASHBOARD_MONTHS` months, oldest first, months without orders as zeros. */
  monthly: z.array(monthlyPoint),
  /** Each of the four statuses, in pipeline order, with its count (zeros included). */
  statusDistribution: z.array(z.object({ status: orderStatusSchema, count: z.number().int().nonnegative() })),
  /** The `RECENT_ORDERS` newest orders, newest first. */
  recentOrders: z.array(recentOrder),
  /** When the figures were computed (UTC); 'today' and the months are judged at this instant. */
  generatedAt: isoDateTime,
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** The admin's dashboard (spec section 2, Dashboard). */
export const dashboardEndpoints = {
  /**
   * Every figure in one call, admin only: the four cards, Total Revenue (rupees,
   * Delivered orders), the last 12 UTC months (oldest first, labelled with the year),
   * the four statuses' counts and the 5 newest orders. Replaces the four calls the
   * spec's dashboard made, which stay served. `months=3|6|12` (Dashboard Settings) makes
   * the chart cover that many months instead; 400 for another `months`.
   */
  summary: endpoint('GET', '/api/dashboard/summary', {
    access: 'admin',
    permission: 'orders:read',
    summary: 'Every figure of the admin dashboard',
  })
    .input(z.object({ query: dashboardSummaryQuery }))
    .output(dashboardSummary),
};
