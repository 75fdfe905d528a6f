import { orderCorrectionEndpoints, orderCorrectionMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { cancelOrder, recordReturn } from './order-corrections.service.js';
import { toOrder } from './orders.wire.js';

/**
 * Cancellations and returns (issue 24; `orderCorrectionEndpoints`), admin only: the
 * access level in the contract answers 401 without a token and 403 to a vendor.
 */
export const orderCorrectionRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, orderCorrectionEndpoints, {
    /**
     * `POST /api/orders/admin/{id}/cancel` → `{ success, message, order }`: 'Order
     * cancelled' when nothing is left, else 'Items cancelled'. Errors: 400 bad lines or
     * quantities; 404; 409 too late, already cancelled, or a stale `updatedAt`.
     */
    cancel: async (request) => {
      const detail = await cancelOrder(app.db, actorOf(request), request.params.id, request.body);
      return {
        success: true as const,
        message:
          detail.order.status === 'Cancelled'
            ? orderCorrectionMessages.cancelled
            : orderCorrectionMessages.itemsCancelled,
        order: toOrder(detail),
      };
    },
    /**
     * `POST /api/orders/admin/{id}/returns` → 201 `{ success, message: 'Return recorded',
     * order }`. Errors: 400 bad lines, quantities or refund; 404; 409 not delivered or a
     * stale `updatedAt`.
     */
    createReturn: async (request) => ({
      success: true as const,
      message: orderCorrectionMessages.returnRecorded,
      order: toOrder(await recordReturn(app.db, actorOf(request), request.params.id, request.body)),
    }),
  });
};
