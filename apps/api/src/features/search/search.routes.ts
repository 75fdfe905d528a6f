import { searchEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { searchEverything } from './search.service.js';

/** The top bar's global search (issue 10; `searchEndpoints`; decisions 0060 and 0061), staff. */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, searchEndpoints, {
    /**
     * `GET /api/search?q=` → `{ success, query, groups }`: what the caller may see (a
     * vendor: their own products and orders), grouped by kind. Errors: 400 bad `q`.
     */
    everything: async (request) => {
      const groups = await searchEverything(app.db, actorOf(request), request.query.q);
      return { success: true as const, query: request.query.q, groups };
    },
  });
};
