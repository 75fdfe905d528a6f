import type { DashboardSettingsBody, DashboardSettingsResponse, DashboardWidget } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The signed-in user's Dashboard Settings (issue 10): which widgets they hide and the
 * months the monthly chart covers, kept on the server (`/api/dashboard/settings`).
 * Shared here because two features read them: the admin's dashboard and a vendor's.
 */
const endpoint = '/api/dashboard/settings';

export const dashboardSettingsKey = ['dashboard-settings'] as const;

/** `GET /api/dashboard/settings`: the settings and their version (null before the first save). */
export function useDashboardSettings() {
  return useQuery({
    queryKey: dashboardSettingsKey,
    queryFn: ({ signal }) => apiRequest<DashboardSettingsResponse>(endpoint, { signal }),
  });
}

/** `PUT /api/dashboard/settings` with the version loaded; a stale one fails with 409. */
export function useSaveDashboardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DashboardSettingsBody) =>
      apiRequest<DashboardSettingsResponse>(endpoint, { method: 'PUT', body }),
    onSuccess: (answer) => queryClient.setQueryData(dashboardSettingsKey, answer),
  });
}

/** True when the settings show `widget` (everything shows until the settings have loaded). */
export function shows(settings: DashboardSettingsResponse | undefined, widget: DashboardWidget): boolean {
  return !settings?.settings.hidden.includes(widget);
}
