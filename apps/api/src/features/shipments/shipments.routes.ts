import { orderCorrectionMessages, shipmentEndpoints, shipmentMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import {
  bulkMoveShipments,
  cancelOwnUnits,
  getShipment,
  listShipments,
  queueSummary,
  vendorPerformance,
} from './shipment-queue.service.js';
import { moveShipment } from './shipments.service.js';

/**
 * Shipments (issue 34; `shipmentEndpoints`): the signed-in vendor's queue, detail, moves,
 * bulk moves, their own cancellation and performance; an admin's move of any shipment
 * and a vendor's performance; the couriers offered. The packing slips and the manifest
 * import are registered by their own routes (`packingSlip`, `packingSlips`,
 * `importManifest`).
 */
const { packingSlip: _slip, packingSlips: _slips, importManifest: _import, ...ownEndpoints } = shipmentEndpoints;

export const shipmentRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, ownEndpoints, {
    /** `GET /api/vendor/shipments` → `{ success, shipments, total, nextCursor }`. Errors: 400 bad query or cursor. */
    list: async (request) => ({
      success: true as const,
      ...(await listShipments(app.db, app.lists, vendorIdOf(request), request.query)),
    }),

    /** `GET /api/vendor/shipments/summary` → `{ success, toPack, toShip, dueToday, late }`. */
    summary: async (request) => ({ success: true as const, ...(await queueSummary(app.db, vendorIdOf(request))) }),

    /** `GET /api/vendor/shipments/{id}` → `{ success, shipment }`. Errors: 400 bad id; 404 also another vendor's. */
    get: async (request) => ({
      success: true as const,
      shipment: await getShipment(app.db, vendorIdOf(request), request.params.id),
    }),

    /**
     * `PUT /api/vendor/shipments/{id}/status` → `{ success, message, shipment, remainder,
     * orderStatus }`. Errors: 400 bad body or units; 404 another vendor's; 409 stale or
     * not a forward move.
     */
    setStatus: async (request) => {
      const moved = await moveShipment(app.db, app.events, actorOf(request), request.params.id, request.body, {
        vendorId: vendorIdOf(request),
      });
      return {
        success: true as const,
        message: moved.partial ? shipmentMessages.partlyShipped : shipmentMessages.moved,
        shipment: moved.shipment,
        remainder: moved.remainder,
        orderStatus: moved.orderStatus,
      };
    },

    /** `POST /api/vendor/shipments/bulk` → `{ success, message, done, refused }`. Errors: 400 bad body. */
    bulk: async (request) => ({
      success: true as const,
      ...(await bulkMoveShipments(app.db, app.events, actorOf(request), vendorIdOf(request), request.body)),
    }),

    /**
     * `POST /api/vendor/orders/{id}/cancel` → `{ success, message, orderStatus, shipments }`.
     * Errors: 400 units not theirs or not unshipped; 404 no lines of theirs; 409 stale or too late.
     */
    vendorCancel: async (request) => ({
      success: true as const,
      message: orderCorrectionMessages.itemsCancelled,
      ...(await cancelOwnUnits(
        app.db,
        app.events,
        actorOf(request),
        vendorIdOf(request),
        request.params.id,
        request.body,
      )),
    }),

    /** `GET /api/vendor/performance` → the signed-in vendor's figures over 30 and 90 days. */
    myPerformance: async (request) => ({
      success: true as const,
      ...(await vendorPerformance(app.db, vendorIdOf(request))),
    }),

    /** `GET /api/shipments/carriers` → `{ success, carriers }` (`SHIPMENT_CARRIERS`, else the contract's list). */
    carriers: async () => ({ success: true as const, carriers: [...app.config.shipmentCarriers] }),

    /** `PUT /api/shipments/admin/{id}/status` → as the vendor's, for any vendor's shipment. */
    adminSetStatus: async (request) => {
      const moved = await moveShipment(app.db, app.events, actorOf(request), request.params.id, request.body, {});
      return {
        success: true as const,
        message: moved.partial ? shipmentMessages.partlyShipped : shipmentMessages.moved,
        shipment: moved.shipment,
        remainder: moved.remainder,
        orderStatus: moved.orderStatus,
      };
    },

    /** `GET /api/vendors/{id}/performance` → the vendor's figures. Errors: 400 bad id; 404 'Vendor not found'. */
    performance: async (request) => ({
      success: true as const,
      ...(await vendorPerformance(app.db, request.params.id)),
    }),
  });
};

/** The vendor profile id of a `vendor`-access route's caller. */
function vendorIdOf(request: Parameters<typeof actorOf>[0]): number {
  const { vendorId } = actorOf(request);
  if (vendorId === null) throw new AppError('FORBIDDEN', 'Only vendors have this view');
  return vendorId;
}
