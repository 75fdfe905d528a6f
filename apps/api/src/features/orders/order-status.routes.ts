import { orderStatusEndpoints, orderStatusMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { advanceOrders } from './order-bulk.service.js';
import { advanceOrderStatus } from './order-status.service.js';
import { toOrder } from './orders.wire.js';

/**
 * The order pipeline's one write (spec sections 4, 5, 7; `orderStatusEndpoints`), beside
 * the order reads; the spec's un-prefixed `/orders/admin/order-status` reaches it through
 * the legacy-path rewrite.
 */
export const orderStatusRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, orderStatusEndpoints, {
    /**
     * `PUT /api/orders/admin/order-status` → `{ success, message: 'Order status updated
     * successfully!', order }`. Errors: 400 no status, out of sequence or bad ids; 404
     * 'Order not found'; 409 stale `updatedAt`.
     */
    updateStatus: async (request) => ({
      success: true as const,
      message: orderStatusMessages.updated,
      order: toOrder(await advanceOrderStatus(app.db, app.events, actorOf(request), request.body)),
    }),

    /**
     * `POST /api/orders/admin/bulk` → `{ success, message, done, refused }`: each selected
     * order moved to its next status, or refused with the reason (issue 26). Errors: 400 bad body.
     */
    bulk: async (request) => ({
      success: true as const,
      ...(await advanceOrders(app.db, app.events, actorOf(request), request.body)),
    }),
  });
};
