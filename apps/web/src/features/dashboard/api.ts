import { DASHBOARD_MONTHS, type DashboardSummary } from '@haat/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { createQueryKeys } from '../../lib/query-keys';

/** The one call the dashboard makes: every figure, computed by the server. */
const endpoints = {
  summary: '/api/dashboard/summary',
} as const;

/** Query keys of this feature: the summary is the dashboard's one record, `detail('summary')`. */
export const dashboardKeys = createQueryKeys('dashboard');

/**
 * `GET /api/dashboard/summary` (spec section 2, Dashboard): the cards, revenue (rupees,
 * Delivered orders), the last 12 months (or `months`, the user's Dashboard Settings),
 * the status counts and the 5 newest orders.
 * It replaces the spec's four parallel calls and their fall-backs to 0: one answer is
 * shown whole, or the error screen with Retry.
 */
export function useDashboardSummary(months: number = DASHBOARD_MONTHS, enabled = true) {
  return useQuery({
    queryKey: [...dashboardKeys.detail('summary'), months],
    // The spec's call unchanged for 12 months; Dashboard Settings' period otherwise (issue 10).
    queryFn: ({ signal }) =>
      apiRequest<DashboardSummary>(endpoints.summary, {
        signal,
        query: months === DASHBOARD_MONTHS ? undefined : { months },
      }),
    enabled,
  });
}
