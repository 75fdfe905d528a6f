import { vendorPortalEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf, mayUseVendorMoney } from '../../platform/auth/access.js';
import { registerExporter, sendExport } from '../../platform/csv/exporter.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { vendorOrderLineExporter } from './vendor-order-export.js';
import { getVendorDashboard, getVendorOrder, listVendorOrders } from './vendor-orders.service.js';
import { toVendorDashboard, toVendorOrder, toVendorOrderListResponse } from './vendor-orders.wire.js';

/**
 * The vendor's own back office narrowed to what is theirs (`vendorPortalEndpoints`,
 * access `vendor`: an approved vendor; admins get 403 and use the store-wide routes).
 */
export const vendorPortalRoutes: FastifyPluginAsync = async (app) => {
  registerExporter(app, vendorOrderLineExporter);
  registerEndpoints(app, vendorPortalEndpoints, {
    /**
     * `GET /api/vendor/dashboard` → the signed-in vendor's figures (`vendorDashboard`);
     * a seller's staff member gets them without `netEarnings` (money areas are managers',
     * decision 0129).
     */
    dashboard: async (request) => {
      const figures = toVendorDashboard(await getVendorDashboard(app.db, vendorIdOf(request)));
      if (!mayUseVendorMoney(actorOf(request))) delete figures.netEarnings;
      return figures;
    },

    /** `GET /api/vendor/orders` → `{ success, orders }`, with `total` and `nextCursor` when paged. Errors: 400. */
    orders: async (request) =>
      toVendorOrderListResponse(await listVendorOrders(app.db, app.lists, vendorIdOf(request), request.query)),

    /**
     * `GET /api/vendor/orders/export` → `text/csv`, one row per line of theirs in every
     * order the list's filters select, with the shipping details only (issue 26).
     * Errors: 400 bad query.
     */
    ordersExport: async (request, reply) => {
      vendorIdOf(request);
      return sendExport(app, request, reply, vendorOrderLineExporter, request.query);
    },

    /**
     * `GET /api/vendor/orders/{id}` → `{ success, order }`. Errors: 400 bad id; 404 'Order
     * not found' (also another vendor's order).
     */
    order: async (request) => ({
      success: true as const,
      order: toVendorOrder(await getVendorOrder(app.db, vendorIdOf(request), request.params.id)),
    }),
  });
};

/** The vendor profile id of a `vendor`-access route's caller. */
function vendorIdOf(request: Parameters<typeof actorOf>[0]): number {
  const { vendorId } = actorOf(request);
  if (vendorId === null) throw new AppError('FORBIDDEN', 'Only vendors have this view');
  return vendorId;
}
