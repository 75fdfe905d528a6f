import { type DashboardSummary, toRupees } from '@haat/contract';
import type { DashboardFigures } from './dashboard.service.js';

/**
 * The dashboard's figures as the wire carries them (`dashboardSummary`, spec section
 * 2): the one place where the dashboard's money leaves paise for rupees.
 */
export function toDashboardSummary(figures: DashboardFigures): DashboardSummary {
  return {
    success: true,
    totalProducts: figures.totalProducts,
    totalOrders: figures.totalOrders,
    totalUsers: figures.totalUsers,
    ordersToday: figures.ordersToday,
    totalRevenue: toRupees(figures.totalRevenuePaise),
    commission: {
      thisMonth: toRupees(figures.commission.thisMonthPaise),
      allTime: toRupees(figures.commission.allTimePaise),
      charged: {
        thisMonth: toRupees(figures.commission.chargedThisMonthPaise),
        allTime: toRupees(figures.commission.chargedAllTimePaise),
      },
      storeFunded: {
        thisMonth: toRupees(figures.commission.storeFundedThisMonthPaise),
        allTime: toRupees(figures.commission.storeFundedAllTimePaise),
      },
    },
    monthly: figures.monthly.map((point) => ({
      month: point.month,
      label: point.label,
      orders: point.orders,
      revenue: toRupees(point.revenuePaise),
    })),
    statusDistribution: figures.statusDistribution,
    recentOrders: figures.recentOrders.map((row) => ({
      _id: String(row.id),
      trackingNumber: row.trackingNumber,
      customerName: row.customerName ?? null,
      discountedTotal: toRupees(row.discountedTotalPaise),
      status: row.status,
      createdAt: row.createdAt,
    })),
    generatedAt: figures.generatedAt,
  };
}
