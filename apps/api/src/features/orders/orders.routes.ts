import { orderEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerExporter, sendExport } from '../../platform/csv/exporter.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { orderLineExporter } from './order-export.js';
import { getOrder, getOrderStats, listOrders } from './orders.service.js';
import { toOrder, toOrderListResponse, toOrderStatsResponse } from './orders.wire.js';

/**
 * Reading orders (spec sections 2, 3, 7; `orderEndpoints`). Admin only: 401 without a
 * valid token, 403 for vendors. Money in rupees, times UTC. The spec's un-prefixed
 * `/orders/...` spellings reach the same routes through the legacy-path rewrite.
 */
export const orderRoutes: FastifyPluginAsync = async (app) => {
  registerExporter(app, orderLineExporter);
  registerEndpoints(app, orderEndpoints, {
    /**
     * `GET /api/orders/admin/orders` → `{ success, orders }` newest first, or a page with
     * `total` and `nextCursor`. Errors: 400 bad query or cursor, or an unpaged list past
     * `UNPAGED_LIST_LIMIT`.
     */
    list: async (request) => toOrderListResponse(await listOrders(app.db, app.lists, request.query)),

    /**
     * `GET /api/orders/admin/orders/export` → `text/csv`, one row per line of every order
     * the list's filters select, newest order first; amounts in rupees, times in
     * `STORE_TIME_ZONE` (issue 26). Errors: 400 bad query.
     */
    export: async (request, reply) => sendExport(app, request, reply, orderLineExporter, request.query),

    /** `GET /api/orders/admin/orders/{id}` → `{ success, order }` with items and history. Errors: 400; 404. */
    get: async (request) => ({ success: true as const, order: toOrder(await getOrder(app.db, request.params.id)) }),

    /** `GET /api/orders/admin/stats` → `{ totalOrders, ordersToday, totalRevenue, byStatus }`. */
    stats: async () => toOrderStatsResponse(await getOrderStats(app.db)),
  });
};
