import { apiError, vendorMessages, vendorRegisterBody, vendorWriteResponse } from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerVendor } from './vendor-management.service.js';

/** Registrations a single IP address may make in `REGISTER_WINDOW` (admins are not limited). */
export const REGISTER_RATE_LIMIT = 5;
export const REGISTER_WINDOW = '1 hour';

/**
 * The vendor's own side: registration. Mounted at `/api/vendor` (the spec's singular path). The counts of its rate limit live in the database (decision 0015).
 */
export const vendorAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `POST /api/vendor/register` (spec section 7): `{ name, email, password,
   * businessName, phoneNumber, address, status? }` → `{ success, message, vendor }`, 201.
   * Without an admin's token the vendor is pending whatever `status` says and cannot
   * sign in until approved; an admin's call ('Add New Vendor') may set the status.
   * Limited to 5 registrations an hour per IP address, admins excepted (429).
   * Errors: 400 validation (the form's messages joined by commas); 401 with a bad token;
   * 409 e-mail in use by any user; 429.
   */
  app.post(
    '/register',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: REGISTER_RATE_LIMIT,
          timeWindow: REGISTER_WINDOW,
          hook: 'preHandler',
          keyGenerator: (request) => request.ip,
          allowList: (request) => request.actor?.role === 'admin',
          errorResponseBuilder: () => ({
            statusCode: 429,
            code: 'RATE_LIMITED',
            message: vendorMessages.tooManyRegistrations,
          }),
        },
      },
      schema: {
        tags: ['vendors'],
        summary: 'Register a vendor (pending until an admin approves)',
        body: vendorRegisterBody,
        response: {
          201: vendorWriteResponse,
          400: apiError,
          401: apiError,
          403: apiError,
          409: apiError,
          429: apiError,
        },
      },
    },
    async (request, reply) => {
      const answer = await registerVendor(app.db, request.actor, request.body);
      return reply.status(201).send({ success: true as const, ...answer });
    },
  );
};
