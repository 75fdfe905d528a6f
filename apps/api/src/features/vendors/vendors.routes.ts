import { vendorEndpoints, vendorMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import {
  bulkVendors,
  changeVendorStatus,
  deleteVendor,
  getVendor,
  registerVendor,
  updateVendor,
  vendorCounts,
} from './vendor-management.service.js';
import { listVendors } from './vendors.service.js';

/** Registrations a single IP address may make in `REGISTER_WINDOW` (admins are not limited). */
export const REGISTER_RATE_LIMIT = 5;
export const REGISTER_WINDOW = '1 hour';

/**
 * Vendors (spec sections 2 'Vendor management', 3, 7; `vendorEndpoints`): the list and
 * management, admin only (401 without a valid token, 403 to a vendor), and the
 * registration anyone may send, rate limited per address with its counts in the
 * database (decision 0015).
 */
export const vendorRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, vendorEndpoints, {
    /**
     * `GET /api/vendors` → `{ success, vendors }`, with `total` and `nextCursor` when paged.
     * Errors: 400 bad query or cursor.
     */
    list: async (request) => ({ success: true as const, ...(await listVendors(app.db, app.lists, request.query)) }),

    /** `GET /api/vendors/counts` → `{ success, total, approved, pending, rejected }`. */
    counts: async () => ({ success: true as const, ...(await vendorCounts(app.db)) }),

    /** `GET /api/vendors/{id}` → `{ success, vendor }`. Errors: 400 bad id; 404 'Vendor not found'. */
    one: async (request) => ({ success: true as const, vendor: await getVendor(app.db, request.params.id) }),

    /**
     * `PUT /api/vendors/{id}` (spec section 7) → `{ success, message, vendor }`. Errors: 400
     * validation; 404; 409 e-mail taken or vendor changed since `updatedAt`.
     */
    update: (request) => updateVendor(app.db, actorOf(request), request.params.id, request.body).then(withSuccess),

    /** `PUT /api/vendors/{id}/status` → `{ success, message, vendor }`. Errors: 400; 404; 409 stale version. */
    setStatus: (request) =>
      changeVendorStatus(app.db, app.events, actorOf(request), request.params.id, request.body).then(withSuccess),

    /**
     * `POST /api/vendors/bulk` → `{ success, message, done, refused }`: each selected vendor
     * awaiting approval approved or rejected (issue 26). Errors: 400 bad body.
     */
    bulk: async (request) => ({
      success: true as const,
      ...(await bulkVendors(app.db, app.events, actorOf(request), request.body)),
    }),

    /** `DELETE /api/vendors/{id}` → `{ success, message, productsHandedOver }`. Errors: 400 bad id; 404. */
    remove: (request) => deleteVendor(app.db, actorOf(request), request.params.id).then(withSuccess),

    /**
     * `POST /api/vendor/register` (spec section 7) → 201 `{ success, message, vendor }`;
     * pending unless an admin sent it with a status. Errors: 400 validation; 401 bad
     * token; 409 e-mail in use; 429 past `REGISTER_RATE_LIMIT` (admins are not limited).
     */
    register: {
      options: {
        config: {
          rateLimit: {
            max: REGISTER_RATE_LIMIT,
            timeWindow: REGISTER_WINDOW,
            hook: 'preHandler',
            keyGenerator: (request) => request.ip,
            allowList: (request) => request.actor?.role === 'admin',
            errorResponseBuilder: () => ({
              statusCode: 429,
              code: 'RATE_LIMITED',
              message: vendorMessages.tooManyRegistrations,
            }),
          },
        },
      },
      handler: async (request) => ({
        success: true as const,
        ...(await registerVendor(app.db, app.events, request.actor, request.body)),
      }),
    },
  });
};

const withSuccess = <T extends object>(answer: T) => ({ success: true as const, ...answer });
