import { apiError, searchQuery, searchResponse } from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../platform/auth/access.js';
import { searchEverything } from './search.service.js';

/** The top bar's global search (issue 10). Mounted at `/api/search`. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET /api/search?q=` (issue 10, global search), staff: up to 5 records of each kind
   * the caller may see, grouped by kind (products, orders, customers, vendors,
   * categories), exact SKU, tracking number or e-mail first, each with its label, a
   * second line and the back office address that opens it. An admin searches the
   * whole store; a vendor their own products and the orders holding them only
   * (docs/decisions/0061). `q`: 2 to 100 characters once trimmed, no NUL.
   * Errors: 400 bad `q`; 401 without a valid token.
   */
  app.get(
    '/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['search'],
        summary: 'Search products, orders, customers, vendors and categories',
        querystring: searchQuery,
        response: { 200: searchResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request) => {
      const groups = await searchEverything(app.db, request.actor as Actor, request.query.q);
      return { success: true as const, query: request.query.q, groups };
    },
  );
};
