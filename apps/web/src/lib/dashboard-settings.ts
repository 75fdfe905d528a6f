import type { DashboardSettingsBody, DashboardSettingsResponse, DashboardWidget } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from './api-client';

/**
 * The signed-in user's Dashboard Settings (issue 10; `dashboardSettingsEndpoints`):
 * which widgets they hide and the months the monthly chart covers, kept on the server.
 * Shared here because two features read them: the admin's dashboard and a vendor's.
 */

/** `GET /api/dashboard/settings`: the settings and their version (null before the first save). */
export function useDashboardSettings() {
  return useQuery(queries.dashboardSettings.get.queryOptions());
}

/** `PUT /api/dashboard/settings` with the version loaded; a stale one fails with 409. */
export function useSaveDashboardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DashboardSettingsBody) => client.dashboardSettings.save({ body }),
    onSuccess: (answer) => queryClient.setQueryData(queries.dashboardSettings.get.queryKey(), answer),
  });
}

/** True when the settings show `widget` (everything shows until the settings have loaded). */
export function shows(settings: DashboardSettingsResponse | undefined, widget: DashboardWidget): boolean {
  return !settings?.settings.hidden.includes(widget);
}
