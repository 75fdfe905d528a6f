import { productBulkEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { queueProductBulk, runProductBulk } from './product-bulk.service.js';

/** Bulk actions on products (issue 26 'Bulk actions'; `productBulkEndpoints`). Admin only. */
export const productBulkRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, productBulkEndpoints, {
    /**
     * `POST /api/products/admin/bulk` → `{ success, message, done, refused }`: the action
     * done to each selected product that allows it, each refused one with its reason; a
     * filter selecting more than `PRODUCT_BULK_LIMIT` → 202 `{ success, message, job }`.
     * Errors: 400 bad body, an unknown category.
     */
    bulk: async (request, reply) => {
      const { token: _token, ...admin } = actorOf(request);
      const answer = await runProductBulk(app.db, app.lists, app.events, admin, request.body);
      if (answer) return { success: true as const, ...answer };
      return reply.code(202).send(await queueProductBulk(app, admin, request.body));
    },
  });
};
