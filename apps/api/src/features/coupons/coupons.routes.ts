import { couponEndpoints, couponMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from './coupons.service.js';
import { toCouponListResponse, toCouponResponse } from './coupons.wire.js';
import { storeDay } from './store-day.js';

/**
 * Coupon management (spec section 7; `couponEndpoints`). Admin only: 401 without a
 * valid token, 403 for vendors. Money in rupees; dates `YYYY-MM-DD` in the store's time
 * zone (`STORE_TIME_ZONE`), which also judges each coupon's display status. The
 * storefront's coupon check lives with checkout (`features/orders/checkout.routes.ts`).
 */
export const couponRoutes: FastifyPluginAsync = async (app) => {
  const today = () => storeDay(app.config.storeTimeZone);

  registerEndpoints(app, couponEndpoints, {
    /** `GET /api/coupons` → `{ success, coupons }`, newest first. */
    list: async () => toCouponListResponse(await listCoupons(app.db, today())),

    /**
     * `POST /api/coupons` (spec sections 5 and 7) → 201 `{ success, message: 'Coupon
     * created successfully!', coupon }`. Errors: 400 validation (spec section 5's
     * messages); 409 code in use.
     */
    create: async (request) =>
      toCouponResponse(couponMessages.created, await createCoupon(app.db, actorOf(request), request.body, today())),

    /**
     * `PUT /api/coupons/{id}` → `{ success, message, coupon }`. Errors: 400 validation or
     * a changed code; 404; 409 stale `updatedAt`.
     */
    update: async (request) =>
      toCouponResponse(
        couponMessages.updated,
        await updateCoupon(app.db, actorOf(request), request.params.id, request.body, today()),
      ),

    /** `DELETE /api/coupons/{id}` → `{ success, message }`. Errors: 400 bad id; 404. */
    remove: async (request) => {
      await deleteCoupon(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: couponMessages.deleted };
    },
  });
};
