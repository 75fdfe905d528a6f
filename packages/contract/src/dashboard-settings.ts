import { z } from 'zod';
import { isoDateTime, versionInput } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Issue 10, Dashboard Settings (`/admin/dashboard-settings`): each user chooses which
 * of their dashboard's cards and charts they see and the months its chart covers; the
 * choice is kept on the server for that user.
 */

export const dashboardSettingsMessages = {
  heading: 'Dashboard Settings',
  subtitle: 'Choose what your dashboard shows',
  cardsHeading: 'Cards and charts',
  periodHeading: 'Period',
  periodLabel: 'Monthly chart covers',
  save: 'Save Settings',
  saved: 'Dashboard settings saved',
  stale: 'These settings were changed elsewhere. Reload to see the latest.',
  loading: 'Loading settings...',
  allHidden: 'Every card and chart is hidden. Choose what to show under Dashboard Settings.',
} as const;

/** The admin dashboard's widgets (spec section 2, Dashboard), in screen order. */
export const adminDashboardWidgets = [
  'totalProducts',
  'totalOrders',
  'totalUsers',
  'ordersToday',
  'totalRevenue',
  'monthlyChart',
  'statusChart',
  'recentOrders',
] as const;
/** A vendor's dashboard widgets (issue 8), in screen order. */
export const vendorDashboardWidgets = [
  'products',
  'totalOrders',
  'ordersToday',
  'totalRevenue',
  'statusChart',
  'recentOrders',
] as const;

/** Every widget either dashboard has. */
export const dashboardWidgets = [
  'totalProducts',
  'products',
  'totalOrders',
  'totalUsers',
  'ordersToday',
  'totalRevenue',
  'monthlyChart',
  'statusChart',
  'recentOrders',
] as const;
export type DashboardWidget = (typeof dashboardWidgets)[number];

/** Each admin widget's name on the settings screen: the dashboard's own titles. */
export const adminWidgetLabels: Record<(typeof adminDashboardWidgets)[number], string> = {
  totalProducts: 'Total Products',
  totalOrders: 'Total Orders',
  totalUsers: 'Total Users',
  ordersToday: 'Orders Today',
  totalRevenue: 'Total Revenue',
  monthlyChart: 'Monthly Orders & Revenue',
  statusChart: 'Order Status Distribution',
  recentOrders: 'Recent Orders',
};

/** Each vendor widget's name on the settings screen: the vendor dashboard's own titles. */
export const vendorWidgetLabels: Record<(typeof vendorDashboardWidgets)[number], string> = {
  products: 'My Products',
  totalOrders: 'Orders With My Products',
  ordersToday: 'Orders Today',
  totalRevenue: 'My Revenue',
  statusChart: 'Orders by status',
  recentOrders: 'Recent Orders',
};

/** Months the admin's monthly chart may cover. */
export const dashboardPeriods = [3, 6, 12] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];
export const dashboardPeriodLabels: Record<DashboardPeriod, string> = {
  3: 'Last 3 months',
  6: 'Last 6 months',
  12: 'Last 12 months',
};
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 12;

const widgetSchema = z.enum(dashboardWidgets);
const periodSchema = z.union([z.literal(3), z.literal(6), z.literal(12)], { error: 'Must be 3, 6 or 12' });
const hiddenSchema = z
  .array(widgetSchema)
  .max(dashboardWidgets.length)
  .refine((list) => new Set(list).size === list.length, 'Each card at most once');

/** A user's settings: the widgets they hide (none by default) and the chart's months. */
export const dashboardSettings = z.object({
  hidden: hiddenSchema,
  months: periodSchema,
});
export type DashboardSettings = z.infer<typeof dashboardSettings>;

/** `GET /api/dashboard/settings`: the caller's settings, and the version to send back (null before the first save). */
export const dashboardSettingsResponse = z.object({
  success: z.literal(true),
  settings: dashboardSettings,
  updatedAt: isoDateTime.nullable(),
});
export type DashboardSettingsResponse = z.infer<typeof dashboardSettingsResponse>;

/**
 * `PUT /api/dashboard/settings` body: the settings and the version they were loaded
 * from (`updatedAt`, null when there was none yet); a stale one answers 409 (decision 0018).
 */
export const dashboardSettingsBody = dashboardSettings.extend({ updatedAt: versionInput.nullable() });
export type DashboardSettingsBody = z.infer<typeof dashboardSettingsBody>;

/** `GET /api/dashboard/summary?months=`: the months the monthly chart covers (default 12, the spec's). */
export const dashboardSummaryQuery = z.object({
  months: z
    .enum(['3', '6', '12'], { error: 'Must be 3, 6 or 12' })
    .transform((value) => Number(value) as DashboardPeriod)
    .optional(),
});

/** Dashboard Settings (issue 10, `/admin/dashboard-settings`): each signed-in user's own. */
export const dashboardSettingsEndpoints = {
  /**
   * `{ success, settings: { hidden, months }, updatedAt }`; before the first save the
   * defaults (nothing hidden, 12 months) and `updatedAt: null`.
   */
  get: endpoint('GET', '/api/dashboard/settings', {
    access: 'staff',
    summary: "The signed-in user's dashboard settings",
  }).output(dashboardSettingsResponse),
  /**
   * `{ hidden: widget[], months: 3|6|12, updatedAt }` saves the caller's own settings
   * and answers them with the new version. 400 for an unknown widget, a widget twice or
   * another period; 409 when `updatedAt` is not the stored version (decision 0018).
   */
  save: endpoint('PUT', '/api/dashboard/settings', {
    access: 'staff',
    summary: "Save the signed-in user's dashboard settings",
  })
    .input(z.object({ body: dashboardSettingsBody }))
    .output(dashboardSettingsResponse),
};
