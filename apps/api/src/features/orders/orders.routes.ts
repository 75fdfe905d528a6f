import {
  apiError,
  idParams,
  orderListQuery,
  orderListResponse,
  orderResponse,
  orderStatsResponse,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOrder, getOrderStats, listOrders } from './orders.service.js';
import { toOrder, toOrderListResponse, toOrderStatsResponse } from './orders.wire.js';

/**
 * Reading orders (spec sections 2, 3, 7). Mounted at `/api/orders`; the spec's
 * un-prefixed `/orders/...` spellings reach the same routes through the legacy-path
 * rewrite. Every route is admin only: 401 without a valid token, 403 for vendors.
 * Status updates are a later issue.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET /api/orders/admin/orders` (spec section 7; Orders screen): orders newest
   * first. Query: `search` (part of the tracking number or customer e-mail, any case),
   * `status` (`all` or one of the four), and optionally `limit` (1..200) with `cursor`.
   * Without `limit`: `{ success, orders }` with every matching order, as the spec reads it.
   * With `limit`: one page plus `total` (exact up to `LIST_COUNT_BOUND`, then the bound
   * with `totalRelation: 'gte'`: decision 0027) and `nextCursor`. Money in rupees, times UTC.
   * Errors: 400 bad query or cursor, or an unpaged list past `UNPAGED_LIST_LIMIT`; 401;
   * 403 non-admin.
   */
  app.get(
    '/admin/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'List orders, newest first',
        querystring: orderListQuery,
        response: { 200: orderListResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request) => toOrderListResponse(await listOrders(app.db, app.lists, request.query)),
  );

  /**
   * `GET /api/orders/admin/orders/:id` (spec section 7; Order detail): the order with
   * its items and status history (oldest first). Money in rupees, times UTC.
   * Errors: 400 malformed id; 401; 403 non-admin; 404 'Order not found'.
   */
  app.get(
    '/admin/orders/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'One order with its items and status history',
        params: idParams,
        response: { 200: orderResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => ({ success: true as const, order: toOrder(await getOrder(app.db, request.params.id)) }),
  );

  /**
   * `GET /api/orders/admin/stats` (spec section 7; the dashboard's Total Orders):
   * `{ totalOrders, ordersToday (UTC calendar date), totalRevenue (rupees, Delivered
   * orders), byStatus }`. Errors: 401; 403 non-admin.
   */
  app.get(
    '/admin/stats',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Order totals: all, today, revenue and per status',
        response: { 200: orderStatsResponse, 401: apiError, 403: apiError },
      },
    },
    async () => toOrderStatsResponse(await getOrderStats(app.db)),
  );
};
