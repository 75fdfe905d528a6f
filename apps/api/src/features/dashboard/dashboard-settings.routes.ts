import { dashboardSettingsEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { getDashboardSettings, saveDashboardSettings } from './dashboard-settings.service.js';

/** Dashboard Settings (issue 10, `/admin/dashboard-settings`; `dashboardSettingsEndpoints`): each user's own. */
export const dashboardSettingsRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, dashboardSettingsEndpoints, {
    /** `GET /api/dashboard/settings` → `{ success, settings, updatedAt }` (the defaults and null before a save). */
    get: async (request) => ({
      success: true as const,
      ...(await getDashboardSettings(app.db, actorOf(request).userId)),
    }),

    /**
     * `PUT /api/dashboard/settings` → the settings saved, with their new version.
     * Errors: 400 validation; 409 `updatedAt` not the stored version (decision 0018).
     */
    save: async (request) => ({
      success: true as const,
      ...(await saveDashboardSettings(app.db, actorOf(request).userId, request.body)),
    }),
  });
};
