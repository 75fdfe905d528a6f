import { DASHBOARD_MONTHS, type OrderStatus, orderStates, RECENT_ORDERS } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { countCustomers } from '../auth/auth.service.js';
import {
  getMonthlyOrderFigures,
  getOrderStats,
  listRecentOrders,
  type MonthlyFigures,
  type RecentOrderRow,
} from '../orders/orders.service.js';
import { type CommissionFigures, storeCommission } from '../payouts/ledger.service.js';
import { countProducts } from './dashboard.repository.js';

/** Every figure of the dashboard, as `getDashboardSummary` reads them: money in paise, times UTC. */
export interface DashboardFigures {
  totalProducts: number;
  totalOrders: number;
  totalUsers: number;
  ordersToday: number;
  /** Paise, over Delivered orders. */
  totalRevenuePaise: number;
  /** The store's commission revenue (paise), this UTC month and all time (issues 25 and 35). */
  commission: CommissionFigures;
  monthly: MonthlyFigures[];
  statusDistribution: { status: OrderStatus; count: number }[];
  recentOrders: RecentOrderRow[];
  /** UTC ISO 8601. */
  generatedAt: string;
}

/**
 * Every figure of the dashboard (spec section 2, Dashboard), computed in the
 * database: counts and sums are SQL aggregates, no order row is summed in Node.
 * The order figures come from the orders service, so the revenue rule (Delivered
 * orders' discounted totals) and 'today' (UTC calendar date) are defined once.
 *
 * The statements run side by side: on PostgreSQL each takes its own pooled
 * connection; on SQLite they queue on the one connection. They are not wrapped in
 * one snapshot, so an order placed mid-call may show in one figure and not yet in
 * another; `generatedAt` says when they were read.
 *
 * @param now the instant that decides 'today' and the last month (UTC).
 * @param months how many months the monthly figures cover, the current one included
 *   (Dashboard Settings' period, issue 10); the spec's 12 by default.
 * @returns the figures in paise, months `YYYY-MM`, oldest first; `dashboard.wire.ts`
 *   makes them the contract's `dashboardSummary`.
 */
export async function getDashboardSummary(
  db: Db,
  now: Date = new Date(),
  months: number = DASHBOARD_MONTHS,
): Promise<DashboardFigures> {
  const [totalProducts, totalUsers, stats, monthly, recentOrders, commission] = await Promise.all([
    countProducts(db),
    countCustomers(db),
    getOrderStats(db, now),
    getMonthlyOrderFigures(db, now, months),
    listRecentOrders(db, RECENT_ORDERS),
    storeCommission(db, now),
  ]);
  return {
    totalProducts,
    totalOrders: stats.totalOrders,
    totalUsers,
    ordersToday: stats.ordersToday,
    totalRevenuePaise: stats.totalRevenuePaise,
    commission,
    monthly,
    statusDistribution: orderStates.map((status) => ({ status, count: stats.byStatus[status] })),
    recentOrders,
    generatedAt: now.toISOString(),
  };
}
