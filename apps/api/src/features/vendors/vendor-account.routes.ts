import {
  apiError,
  idParams,
  vendorDashboard,
  vendorMessages,
  vendorOrderListQuery,
  vendorOrderListResponse,
  vendorOrderResponse,
  vendorRegisterBody,
  vendorWriteResponse,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import { AppError } from '../../platform/errors.js';
import { registerVendor } from './vendor-management.service.js';
import { getVendorDashboard, getVendorOrder, listVendorOrders } from './vendor-orders.service.js';
import { toVendorDashboard, toVendorOrder, toVendorOrderListResponse } from './vendor-orders.wire.js';

/** Registrations a single IP address may make in `REGISTER_WINDOW` (admins are not limited). */
export const REGISTER_RATE_LIMIT = 5;
export const REGISTER_WINDOW = '1 hour';

/**
 * The vendor's own side: registration, and their back office narrowed to what is theirs
 * (access `vendor`: an approved vendor; admins get 403 and use the store-wide routes).
 * Mounted at `/api/vendor` (the spec's singular path). The counts of its rate limit live in the database (decision 0015).
 */
export const vendorAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `POST /api/vendor/register` (spec section 7): `{ name, email, password,
   * businessName, phoneNumber, address, status? }` → `{ success, message, vendor }`, 201.
   * Without an admin's token the vendor is pending whatever `status` says and cannot
   * sign in until approved; an admin's call ('Add New Vendor') may set the status.
   * Limited to 5 registrations an hour per IP address, admins excepted (429).
   * Errors: 400 validation (the form's messages joined by commas); 401 with a bad token;
   * 409 e-mail in use by any user; 429.
   */
  app.post(
    '/register',
    {
      config: {
        access: 'public',
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
      schema: {
        tags: ['vendors'],
        summary: 'Register a vendor (pending until an admin approves)',
        body: vendorRegisterBody,
        response: {
          201: vendorWriteResponse,
          400: apiError,
          401: apiError,
          403: apiError,
          409: apiError,
          429: apiError,
        },
      },
    },
    async (request, reply) => {
      const answer = await registerVendor(app.db, request.actor, request.body);
      return reply.status(201).send({ success: true as const, ...answer });
    },
  );

  /**
   * `GET /api/vendor/dashboard`: the signed-in vendor's figures: their products by
   * approval state, orders holding their products (all, today by UTC date, per status),
   * revenue in rupees from their own lines of Delivered orders, 5 newest such orders.
   * Errors: 401; 403 for admins and vendors not approved.
   */
  app.get(
    '/dashboard',
    {
      config: { access: 'vendor' },
      schema: {
        tags: ['vendors'],
        summary: "The signed-in vendor's dashboard",
        response: { 200: vendorDashboard, 401: apiError, 403: apiError },
      },
    },
    async (request) => toVendorDashboard(await getVendorDashboard(app.db, vendorIdOf(request))),
  );

  /**
   * `GET /api/vendor/orders`: orders holding the vendor's products, newest first, each
   * with the units and total (rupees) of their own lines. Query: `status`, `search` (part
   * of the tracking number, any case), optionally `limit` with `cursor` (then `total` and
   * `nextCursor`). Errors: 400; 401; 403.
   */
  app.get(
    '/orders',
    {
      config: { access: 'vendor' },
      schema: {
        tags: ['vendors'],
        summary: "Orders holding the signed-in vendor's products",
        querystring: vendorOrderListQuery,
        response: { 200: vendorOrderListResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request) =>
      toVendorOrderListResponse(await listVendorOrders(app.db, app.lists, vendorIdOf(request), request.query)),
  );

  /**
   * `GET /api/vendor/orders/:id`: one order as its vendor sees it: their lines and total
   * (rupees), status history (UTC) and the shipping name, phone, address and note;
   * read-only. Errors: 400 bad id; 401; 403; 404 'Order not found' (also another's order).
   */
  app.get(
    '/orders/:id',
    {
      config: { access: 'vendor' },
      schema: {
        tags: ['vendors'],
        summary: "One order, narrowed to the signed-in vendor's lines",
        params: idParams,
        response: { 200: vendorOrderResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => ({
      success: true as const,
      order: toVendorOrder(await getVendorOrder(app.db, vendorIdOf(request), request.params.id)),
    }),
  );
};

/** The vendor profile id of a `vendor`-access route's caller. */
function vendorIdOf(request: Parameters<typeof actorOf>[0]): number {
  const { vendorId } = actorOf(request);
  if (vendorId === null) throw new AppError('FORBIDDEN', 'Only vendors have this view');
  return vendorId;
}
