import type { DashboardSummary } from '@haat/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The one call the dashboard makes: every figure, computed by the server. */
const endpoints = {
  summary: '/api/dashboard/summary',
} as const;

/** Query keys of this feature. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
};

/**
 * `GET /api/dashboard/summary` (spec section 2, Dashboard): the cards, revenue (rupees,
 * Delivered orders), the last 12 months, the status counts and the 5 newest orders.
 * It replaces the spec's four parallel calls and their fall-backs to 0: one answer is
 * shown whole, or the error screen with Retry.
 */
export function useDashboardSummary() {
  return useQuery({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => apiRequest<DashboardSummary>(endpoints.summary, { signal }),
  });
}
