import { checkoutEndpoints, checkoutMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { storeDay } from '../coupons/store-day.js';
import { placeOrder, validateCoupon } from './checkout.service.js';
import { toCouponValidateResponse, toOrder } from './orders.wire.js';

/**
 * The storefront's calls (issue 7; `checkoutEndpoints`): `POST /api/orders` and
 * `POST /api/coupons/validate`. Public, and rate limited per IP address
 * (`CHECKOUT_RATE_LIMIT` a minute, counted in the database so every API process shares
 * it; 429 beyond).
 */
export const checkoutRoutes: FastifyPluginAsync = async (app) => {
  const today = () => storeDay(app.config.storeTimeZone);
  const options = {
    config: {
      rateLimit: {
        max: app.config.checkoutRateLimit,
        timeWindow: '1 minute',
        keyGenerator: (request: { ip: string }) => request.ip,
        errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: checkoutMessages.tooMany }),
      },
    },
  };

  registerEndpoints(app, checkoutEndpoints, {
    /**
     * `POST /api/orders` → 201 `{ success, message, order }`; a repeated `Idempotency-Key`
     * answers the first order with 200 and `Idempotent-Replayed: true`. Errors: 400
     * validation, product or coupon; 409 short of stock or a key reused for another cart; 429.
     */
    placeOrder: {
      options,
      handler: async (request, reply) => {
        const { order, replayed } = await placeOrder(app.db, app.events, request.body, {
          today: today(),
          idempotencyKey: request.headers['idempotency-key'],
          shipByHours: app.config.shipByHours,
        });
        if (replayed) reply.status(200).header('idempotent-replayed', 'true');
        return { success: true as const, message: checkoutMessages.placed, order: toOrder(order) };
      },
    },

    /** `POST /api/coupons/validate` → what the code takes off the cart, or why not. Errors: 400; 429. */
    validateCoupon: {
      options,
      handler: async (request) => toCouponValidateResponse(await validateCoupon(app.db, request.body, today())),
    },
  });
};
