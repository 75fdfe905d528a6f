import { indianDate, taxEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { getTaxSettings, saveTaxSettings } from './tax.service.js';

/**
 * The store's tax settings (issue 35; `taxEndpoints`): admin only; the access level the
 * contract declares answers 401 without a token and 403 to a vendor. Rates in percent,
 * dates Indian `YYYY-MM-DD` (decision 0157: a rate from a date applies from 00:00 IST).
 */
export const taxRoutes: FastifyPluginAsync = async (app) => {
  const today = () => indianDate(new Date());
  registerEndpoints(app, taxEndpoints, {
    /** `GET /api/tax/admin/settings` → `{ success, settings }`. */
    getSettings: async () => ({ success: true as const, settings: await getTaxSettings(app.db, today()) }),
    /**
     * `PUT /api/tax/admin/settings` → `{ success, settings }` as saved. Errors: 400 bad
     * field or a rule of dated rates (decision 0138); 409 stale `updatedAt`.
     */
    saveSettings: async (request) => {
      await saveTaxSettings(app.db, request.body, today());
      return { success: true as const, settings: await getTaxSettings(app.db, today()) };
    },
  });
};
