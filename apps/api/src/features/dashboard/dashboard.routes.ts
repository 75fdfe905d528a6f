import { dashboardEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { getDashboardSummary } from './dashboard.service.js';
import { toDashboardSummary } from './dashboard.wire.js';

/** The admin dashboard's figures (spec section 2, Dashboard; `dashboardEndpoints`), admin only. */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, dashboardEndpoints, {
    /**
     * `GET /api/dashboard/summary?months=` → every figure (`dashboardSummary`), the chart
     * over `months` (default 12) UTC months up to now. Errors: 400 another `months`.
     */
    summary: async (request) => toDashboardSummary(await getDashboardSummary(app.db, new Date(), request.query.months)),
  });
};
