import { commissionEndpoints, commissionMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { createRate, deleteRate, listRates, updateRate } from './commissions.service.js';

/**
 * Commission rates (issue 25; `commissionEndpoints`): admin only; the access level the
 * contract declares answers 401 without a token and 403 to a vendor.
 */
export const commissionRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, commissionEndpoints, {
    /** `GET /api/commissions/admin/rates` → `{ success, rates }`, or a page. Errors: 400 bad cursor. */
    listRates: async (request) => ({ success: true as const, ...(await listRates(app.db, app.lists, request.query)) }),
    /** `POST /api/commissions/admin/rates` → 201 `{ success, message, rate }`. Errors: 400; 404; 409 scope taken. */
    createRate: async (request) => ({
      success: true as const,
      message: commissionMessages.created,
      rate: await createRate(app.db, actorOf(request), request.body),
    }),
    /** `PUT /api/commissions/admin/rates/{id}` → `{ success, message, rate }`. Errors: 400; 404; 409. */
    updateRate: async (request) => ({
      success: true as const,
      message: commissionMessages.updated,
      rate: await updateRate(app.db, actorOf(request), request.params.id, request.body),
    }),
    /** `DELETE /api/commissions/admin/rates/{id}` → `{ success, message }`. Errors: 404; 409 the default. */
    deleteRate: async (request) => {
      await deleteRate(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: commissionMessages.deleted };
    },
  });
};
