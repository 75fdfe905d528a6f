import { apiError, orderStatusBody, orderStatusMessages, orderStatusResponse } from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import { advanceOrderStatus } from './order-status.service.js';
import { toOrder } from './orders.wire.js';

/**
 * The order pipeline's one write, mounted at `/api/orders` beside the order reads; the
 * spec's un-prefixed `/orders/admin/order-status` reaches it through the legacy-path rewrite.
 */
export const orderStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `PUT /api/orders/admin/order-status` (spec sections 4, 5, 7): `{ orderId, status,
   * notes?, updatedAt? }` → `{ success, message: 'Order status updated successfully!',
   * order }` with the new status, `updatedAt` and whole `statusHistory` (UTC).
   * Admin only. Errors: 400 'Please select a status to update', the sequence message,
   * bad ids; 401; 403 non-admin; 404 'Order not found'; 409 stale `updatedAt`.
   */
  app.put(
    '/admin/order-status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Move an order to its next status',
        body: orderStatusBody,
        response: {
          200: orderStatusResponse,
          400: apiError,
          401: apiError,
          403: apiError,
          404: apiError,
          409: apiError,
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: orderStatusMessages.updated,
      order: toOrder(await advanceOrderStatus(app.db, actorOf(request), request.body)),
    }),
  );
};
