import { orderCorrectionEndpoints, orderCorrectionMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { acceptCancellation, declineCancellation, requestCancellation } from './order-cancel-requests.service.js';
import { cancelOrder, recordReturn } from './order-corrections.service.js';
import { toCancelRequest, toOrder } from './orders.wire.js';

/**
 * Cancellations, returns and vendors' cancellation requests (issue 24;
 * `orderCorrectionEndpoints`): the access level each declares in the contract answers
 * 401 without a token and 403 to the other role.
 */
export const orderCorrectionRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, orderCorrectionEndpoints, {
    /**
     * `POST /api/orders/admin/{id}/cancel` → `{ success, message, order }`: 'Order
     * cancelled' when nothing is left, else 'Items cancelled'. Errors: 400 bad lines or
     * quantities; 404; 409 too late, already cancelled, or a stale `updatedAt`.
     */
    cancel: async (request) => {
      const detail = await cancelOrder(app.db, app.events, actorOf(request), request.params.id, request.body);
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
      order: toOrder(await recordReturn(app.db, app.events, actorOf(request), request.params.id, request.body)),
    }),
    /**
     * `POST /api/vendor/orders/{id}/cancel-request` (a vendor) → 201 `{ success, message:
     * 'Cancellation request sent', request }`. Errors: 404 not their order; 409 too late,
     * nothing left, all of theirs left already shipped, or already asked.
     */
    requestCancel: async (request) => ({
      success: true as const,
      message: orderCorrectionMessages.requestSent,
      request: toCancelRequest(
        await requestCancellation(app.db, app.events, actorOf(request), request.params.id, request.body),
      ),
    }),
    /** `POST /api/orders/admin/{id}/cancel-requests/{requestId}/accept` → `{ success, message, order }`. */
    acceptCancelRequest: async (request) => ({
      success: true as const,
      message: orderCorrectionMessages.requestAccepted,
      order: toOrder(
        await acceptCancellation(
          app.db,
          app.events,
          actorOf(request),
          request.params.id,
          request.params.requestId,
          request.body,
        ),
      ),
    }),
    /** `POST /api/orders/admin/{id}/cancel-requests/{requestId}/decline` → `{ success, message, order }`. */
    declineCancelRequest: async (request) => ({
      success: true as const,
      message: orderCorrectionMessages.requestDeclined,
      order: toOrder(
        await declineCancellation(
          app.db,
          app.events,
          actorOf(request),
          request.params.id,
          request.params.requestId,
          request.body,
        ),
      ),
    }),
  });
};
