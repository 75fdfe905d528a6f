import { apiError, vendorListQuery, vendorListResponse } from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listVendors } from './vendors.service.js';

/**
 * Vendors (spec sections 2, 3, 7). Mounted at `/api/vendors`; `/vendors` reaches the
 * same routes through the legacy-path rewrite. For now only the read list the product
 * form needs; vendor management comes with its own issue.
 */
export const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET /api/vendors` (spec section 7): `{ success, vendors }`, newest first; `?status=`
   * keeps one status (the product form asks for `approved`), `search` matches name,
   * e-mail or business name; with `limit` a page plus `total` and `nextCursor`.
   * Admin only. Errors: 400 bad query or cursor, 401, 403.
   */
  app.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['vendors'],
        summary: 'Vendors, optionally of one status',
        querystring: vendorListQuery,
        response: { 200: vendorListResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request) => ({ success: true as const, ...(await listVendors(app.db, app.lists, request.query)) }),
  );
};
