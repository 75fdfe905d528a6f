import {
  apiError,
  vendorCountsResponse,
  vendorDeleteResponse,
  vendorIdParams,
  vendorResponse,
  vendorStatusBody,
  vendorUpdateBody,
  vendorWriteResponse,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import {
  changeVendorStatus,
  deleteVendor,
  getVendor,
  updateVendor,
  vendorCounts,
} from './vendor-management.service.js';

/**
 * Vendor management (spec section 2 'Vendor management', section 7), admin only.
 * Mounted at `/api/vendors` beside the list (`vendors.routes.ts`); `/vendors/...`
 * reaches the same routes through the legacy-path rewrite. Every route answers 401
 * without a valid token and 403 to a vendor.
 */
export const vendorManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  /** `GET /api/vendors/counts`: `{ total, approved, pending, rejected }` over every vendor (the list's footer). */
  app.get(
    '/counts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['vendors'],
        summary: 'How many vendors have each status',
        response: { 200: vendorCountsResponse, 401: apiError, 403: apiError },
      },
    },
    async () => ({ success: true as const, ...(await vendorCounts(app.db)) }),
  );

  /** `GET /api/vendors/:id`: one vendor, never its password. Errors: 400 bad id; 401; 403; 404 'Vendor not found'. */
  app.get(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['vendors'],
        summary: 'One vendor',
        params: vendorIdParams,
        response: { 200: vendorResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => ({ success: true as const, vendor: await getVendor(app.db, request.params.id) }),
  );

  /**
   * `PUT /api/vendors/:id` (spec section 7): `{ name, email, password?, businessName,
   * phoneNumber, address, status?, updatedAt? }` → `{ success, message, vendor }`. An empty
   * password keeps the current one. Errors: 400 validation (the form's messages joined
   * by commas); 401; 403; 404; 409 e-mail taken or vendor changed since `updatedAt`.
   */
  app.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['vendors'],
        summary: 'Edit a vendor',
        params: vendorIdParams,
        body: vendorUpdateBody,
        response: {
          200: vendorWriteResponse,
          400: apiError,
          401: apiError,
          403: apiError,
          404: apiError,
          409: apiError,
        },
      },
    },
    (request) => updateVendor(app.db, actorOf(request), request.params.id, request.body).then(withSuccess),
  );

  /**
   * `PUT /api/vendors/:id/status` (spec section 7): `{ status: 'approved' | 'rejected',
   * updatedAt? }` → `{ success, message, vendor }`. Rejecting ends the vendor's sessions.
   * Errors: 400; 401; 403; 404; 409 stale version.
   */
  app.put(
    '/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['vendors'],
        summary: 'Approve or reject a vendor',
        params: vendorIdParams,
        body: vendorStatusBody,
        response: {
          200: vendorWriteResponse,
          400: apiError,
          401: apiError,
          403: apiError,
          404: apiError,
          409: apiError,
        },
      },
    },
    (request) => changeVendorStatus(app.db, actorOf(request), request.params.id, request.body).then(withSuccess),
  );

  /**
   * `DELETE /api/vendors/:id` (spec section 7) → `{ success, message, productsHandedOver }`.
   * Their products stay, owned by the store and inactive; orders keep their lines.
   * Errors: 400 bad id; 401; 403; 404.
   */
  app.delete(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['vendors'],
        summary: 'Delete a vendor; their products pass to the store, inactive',
        params: vendorIdParams,
        response: { 200: vendorDeleteResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    (request) => deleteVendor(app.db, actorOf(request), request.params.id).then(withSuccess),
  );
};

const withSuccess = <T extends object>(answer: T) => ({ success: true as const, ...answer });
