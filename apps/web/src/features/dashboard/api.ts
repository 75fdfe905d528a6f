import { DASHBOARD_MONTHS, type DashboardPeriod } from '@haat/contract';
import { useQuery } from '@tanstack/react-query';
import { queries } from '../../lib/api-client';

/**
 * `GET /api/dashboard/summary` (spec section 2, Dashboard; `dashboardEndpoints.summary`):
 * the cards, revenue (rupees, Delivered orders), the last 12 months (or `months`, the
 * user's Dashboard Settings), the status counts and the 5 newest orders.
 * It replaces the spec's four parallel calls and their fall-backs to 0: one answer is
 * shown whole, or the error screen with Retry.
 */
export function useDashboardSummary(months: DashboardPeriod = DASHBOARD_MONTHS, enabled = true) {
  return useQuery({
    ...queries.dashboard.summary.queryOptions({
      // The spec's call unchanged for 12 months; Dashboard Settings' period otherwise (issue 10).
      input: { query: months === DASHBOARD_MONTHS ? {} : { months: `${months}` as const } },
    }),
    enabled,
  });
}
