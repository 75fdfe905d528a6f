import { productBulkEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { runProductBulk } from './product-bulk.service.js';

/** Bulk actions on products (issue 26 'Bulk actions'; `productBulkEndpoints`). Admin only. */
export const productBulkRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, productBulkEndpoints, {
    /**
     * `POST /api/products/admin/bulk` → `{ success, message, done, refused }`: the action
     * done to each selected product that allows it, each refused one with its reason.
     * Errors: 400 bad body, a selection past `PRODUCT_BULK_LIMIT`, an unknown category.
     */
    bulk: async (request) => ({
      success: true as const,
      ...(await runProductBulk(app.db, app.lists, actorOf(request), request.body)),
    }),
  });
};
