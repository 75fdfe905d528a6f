import {
  apiError,
  checkoutBody,
  checkoutMessages,
  checkoutResponse,
  couponValidateBody,
  couponValidateResponse,
  idempotencyKey,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeDay } from '../coupons/store-day.js';
import { placeOrder, validateCoupon } from './checkout.service.js';
import { toCouponValidateResponse, toOrder } from './orders.wire.js';

/**
 * The storefront's calls (issue 7; the spec leaves the server to us), mounted at `/api`:
 * `POST /api/orders` and `POST /api/coupons/validate`. Public, and rate limited per IP
 * address (`CHECKOUT_RATE_LIMIT` a minute, counted in the database so every API process
 * shares it; 429 beyond).
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => storeDay(app.config.storeTimeZone);
  const rateLimit = {
    max: app.config.checkoutRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (request: { ip: string }) => request.ip,
    errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: checkoutMessages.tooMany }),
  };

  /**
   * `POST /api/orders`: places an order from `{ items: [{ product, quantity }], billingInfo:
   * { fullName, email, phone, note?, address: { fullAddress, city, province } },
   * paymentMethod, couponCode? }`, priced on the server (client prices are never read).
   * Header `Idempotency-Key` (optional): a repeat answers the first order (200) instead
   * of placing another. → 201 `{ success, message, order }`, money in rupees, times UTC.
   * Errors: 400 validation, unknown or unavailable product, unknown coupon or a coupon
   * rule; 409 short of stock or a key reused for another cart; 429 rate limited.
   */
  app.post(
    '/orders',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['checkout'],
        summary: 'Place a storefront order',
        headers: z.object({ 'idempotency-key': idempotencyKey }),
        body: checkoutBody,
        response: { 200: checkoutResponse, 201: checkoutResponse, 400: apiError, 409: apiError, 429: apiError },
      },
    },
    async (request, reply) => {
      const { order, replayed } = await placeOrder(app.db, request.body, {
        today: today(),
        idempotencyKey: request.headers['idempotency-key'],
        notify: { lowStockThreshold: app.config.lowStockThreshold },
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply
        .status(replayed ? 200 : 201)
        .send({ success: true as const, message: checkoutMessages.placed, order: toOrder(order) });
    },
  );

  /**
   * `POST /api/coupons/validate`: `{ code, items: [{ product, quantity }] }` →
   * `{ success, valid, code, message, reason, subtotal, discount, discountedTotal }`
   * (rupees): what the code takes off this cart today (store's time zone), or why not
   * (`valid: false`, `reason` e.g. `COUPON_EXPIRED`). Errors: 400 validation or unknown
   * or unavailable products; 429 rate limited.
   */
  app.post(
    '/coupons/validate',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['checkout'],
        summary: 'What a coupon takes off a cart',
        body: couponValidateBody,
        response: { 200: couponValidateResponse, 400: apiError, 429: apiError },
      },
    },
    async (request) => toCouponValidateResponse(await validateCoupon(app.db, request.body, today())),
  );
};
