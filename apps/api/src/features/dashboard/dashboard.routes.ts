import { apiError, dashboardSummary, dashboardSummaryQuery } from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDashboardSummary } from './dashboard.service.js';
import { toDashboardSummary } from './dashboard.wire.js';

/** The dashboard's figures (spec section 2, Dashboard). Mounted at `/api/dashboard`. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET /api/dashboard/summary` (spec section 2, Dashboard), admin only: the four
   * cards, Total Revenue (rupees, Delivered orders), the last 12 UTC months (oldest
   * first, labelled with the year), the four statuses' counts and the 5 newest orders,
   * in one call. Replaces the four calls the spec's dashboard made, which stay served.
   * `?months=3|6|12` (issue 10, Dashboard Settings) makes the chart cover that many
   * months instead; without it, 12.
   * Errors: 400 another `months`; 401 without a valid token; 403 for vendors.
   */
  app.get(
    '/summary',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['dashboard'],
        summary: 'Every figure of the admin dashboard',
        querystring: dashboardSummaryQuery,
        response: { 200: dashboardSummary, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request) => toDashboardSummary(await getDashboardSummary(app.db, new Date(), request.query.months)),
  );
};
