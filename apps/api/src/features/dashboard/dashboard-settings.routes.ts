import { apiError, dashboardSettingsBody, dashboardSettingsResponse } from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../platform/auth/access.js';
import { getDashboardSettings, saveDashboardSettings } from './dashboard-settings.service.js';

/** Dashboard Settings (issue 10, `/admin/dashboard-settings`). Mounted at `/api/dashboard`. */
export const dashboardSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET /api/dashboard/settings`, staff (admins and vendors, each their own):
   * `{ success, settings: { hidden, months }, updatedAt }`; before the first save the
   * defaults (nothing hidden, 12 months) and `updatedAt: null`. Errors: 401.
   */
  app.get(
    '/settings',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['dashboard'],
        summary: "The signed-in user's dashboard settings",
        response: { 200: dashboardSettingsResponse, 401: apiError, 403: apiError },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await getDashboardSettings(app.db, (request.actor as Actor).userId)),
    }),
  );

  /**
   * `PUT /api/dashboard/settings`, staff: `{ hidden: widget[], months: 3|6|12, updatedAt }`
   * saves the caller's own settings and answers them with the new version.
   * Errors: 400 validation (unknown widget, a widget twice, another period); 401;
   * 409 when `updatedAt` is not the stored version (decision 0018).
   */
  app.put(
    '/settings',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['dashboard'],
        summary: "Save the signed-in user's dashboard settings",
        body: dashboardSettingsBody,
        response: { 200: dashboardSettingsResponse, 400: apiError, 401: apiError, 403: apiError, 409: apiError },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await saveDashboardSettings(app.db, (request.actor as Actor).userId, request.body)),
    }),
  );
};
