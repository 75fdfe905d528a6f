import {
  apiError,
  couponBody,
  couponIdParams,
  couponListResponse,
  couponMessages,
  couponResponse,
  messageResponse,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from './coupons.service.js';
import { toCouponListResponse, toCouponResponse } from './coupons.wire.js';
import { storeDay } from './store-day.js';

/**
 * Coupon management (spec section 7), mounted at `/api/coupons`. Admin only: 401
 * without a valid token, 403 for vendors. Money in rupees; dates `YYYY-MM-DD` in the
 * store's time zone (`STORE_TIME_ZONE`). The storefront's `POST /api/coupons/validate`
 * lives with checkout (`features/orders/checkout.routes.ts`).
 */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => storeDay(app.config.storeTimeZone);

  /**
   * `GET /api/coupons` (spec section 7; Coupon management list): `{ success, coupons }`,
   * every coupon newest first with its usage, restrictions (ids and names) and display
   * status. Errors: 401; 403 non-admin.
   */
  app.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['coupons'],
        summary: 'Every coupon, newest first',
        response: { 200: couponListResponse, 401: apiError, 403: apiError },
      },
    },
    async () => toCouponListResponse(await listCoupons(app.db, today())),
  );

  /**
   * `POST /api/coupons` (spec sections 5 and 7): creates a coupon → 201
   * `{ success, message: 'Coupon created successfully!', coupon }`.
   * Errors: 400 validation (messages of spec section 5, joined by commas); 401; 403;
   * 409 code in use.
   */
  app.post(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['coupons'],
        summary: 'Create a coupon',
        body: couponBody,
        response: { 201: couponResponse, 400: apiError, 401: apiError, 403: apiError, 409: apiError },
      },
    },
    async (request, reply) => {
      const coupon = await createCoupon(app.db, actorOf(request), request.body, today());
      return reply.status(201).send(toCouponResponse(couponMessages.created, coupon));
    },
  );

  /**
   * `PUT /api/coupons/:id` (spec section 7): replaces the coupon's terms (code not
   * editable; `updatedAt` optional, the version loaded) → `{ success, message, coupon }`.
   * Errors: 400 validation or changed code; 401; 403; 404; 409 stale version.
   */
  app.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['coupons'],
        summary: 'Edit a coupon',
        params: couponIdParams,
        body: couponBody,
        response: { 200: couponResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request) =>
      toCouponResponse(
        couponMessages.updated,
        await updateCoupon(app.db, actorOf(request), request.params.id, request.body, today()),
      ),
  );

  /**
   * `DELETE /api/coupons/:id` (spec section 7) → `{ success, message }`. Orders that
   * used the coupon keep its code and discount. Errors: 400 bad id; 401; 403; 404.
   */
  app.delete(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['coupons'],
        summary: 'Delete a coupon',
        params: couponIdParams,
        response: { 200: messageResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => {
      await deleteCoupon(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: couponMessages.deleted };
    },
  );
};
