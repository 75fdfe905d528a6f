import { payoutEndpoints, payoutMessages } from '@haat/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { requireFreshCode } from '../../platform/auth/two-factor.js';
import { sendCsv } from '../../platform/csv/csv-export.js';
import { notFound } from '../../platform/errors.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { ledgerCsvColumns, ledgerExportBatches, vendorLedger } from './ledger.service.js';
import { vendorExists } from './payouts.repository.js';
import {
  createPayouts,
  decidePayout,
  getBankDetails,
  listBalances,
  listPayouts,
  payoutCsvColumns,
  payoutExportBatches,
  postAdjustment,
  saveBankDetails,
} from './payouts.service.js';

/**
 * The marketplace's money (issue 25; `payoutEndpoints`): a vendor's own earnings, payouts
 * and bank details (`/api/vendor/...`, the signed-in vendor only: there is no vendor id
 * to name, so no vendor can read another's), and the admins' balances, payouts,
 * adjustments and bank file (`/api/payouts/admin...`).
 */
export const payoutRoutes: FastifyPluginAsync = async (app) => {
  const settings = {
    holdDays: app.config.payoutHoldDays,
    minimumPaise: app.config.payoutMinimumPaise,
    bankChangeHoldHours: app.config.payoutBankChangeHoldHours,
  };
  /** The signed-in vendor's profile id (the `vendor` access level guarantees one). */
  const vendorOf = (request: FastifyRequest) => actorOf(request).vendorId as number;

  registerEndpoints(app, payoutEndpoints, {
    /** `GET /api/vendor/earnings` → `{ success, balances, entries }`, or a page. Errors: 400. */
    earnings: async (request) => ({
      success: true as const,
      ...(await vendorLedger(app.db, app.lists, vendorOf(request), request.query)),
    }),
    /** `GET /api/vendor/earnings/export` → `text/csv` of the vendor's entries. Errors: 400. */
    earningsExport: async (request, reply) =>
      sendCsv(
        reply,
        'earnings',
        ledgerCsvColumns(app.config.storeTimeZone),
        ledgerExportBatches(app.db, vendorOf(request), request.query),
      ),
    /** `GET /api/vendor/payouts` → `{ success, payouts }` (account numbers masked), or a page. */
    myPayouts: async (request) => ({
      success: true as const,
      ...(await listPayouts(app.db, app.lists, request.query, vendorOf(request))),
    }),
    /** `GET /api/vendor/bank-details` → `{ success, bankDetails }` (masked, or null). */
    bankDetails: async (request) => ({
      success: true as const,
      bankDetails: await getBankDetails(app.db, vendorOf(request), settings.bankChangeHoldHours),
    }),
    /** `PUT /api/vendor/bank-details` → `{ success, message, bankDetails }`. Errors: 400; 409 stale. */
    saveBankDetails: async (request) => {
      // With two-factor sign-in on, a fresh code (issue 36); the spec's call works unchanged without it.
      await requireFreshCode(
        app.db,
        actorOf(request).userId,
        request.body.twoFactorCode,
        app.config.twoFactorRateLimit,
      );
      return {
        success: true as const,
        message: payoutMessages.bankSaved,
        bankDetails: await saveBankDetails(
          app.db,
          app.events,
          vendorOf(request),
          settings.bankChangeHoldHours,
          request.body,
        ),
      };
    },
    /** `GET /api/payouts/admin/balances` → `{ success, balances }`, or a page. Errors: 400. */
    balances: async (request) => ({
      success: true as const,
      ...(await listBalances(app.db, app.lists, settings, request.query)),
    }),
    /** `GET /api/payouts/admin` → `{ success, payouts }`, or a page. Errors: 400. */
    list: async (request) => ({ success: true as const, ...(await listPayouts(app.db, app.lists, request.query)) }),
    /**
     * `POST /api/payouts/admin` → 201 `{ success, message, payouts, skipped }` when it made
     * payouts, 200 when none (`skipped` names every vendor left out and why). Errors: 400; 404 a named vendor.
     */
    create: async (request, reply) => {
      const run = await createPayouts(app.db, app.events, actorOf(request), settings, request.body.vendorIds);
      // 201 only when a payout was created (issue 35).
      if (run.payouts.length === 0) reply.status(200);
      return { success: true as const, ...run };
    },
    /** `PUT /api/payouts/admin/{id}` → `{ success, message, payout }`. Errors: 400; 404; 409. */
    decide: async (request) => {
      if (request.body.status === 'Paid')
        await requireFreshCode(
          app.db,
          actorOf(request).userId,
          request.body.twoFactorCode,
          app.config.twoFactorRateLimit,
        );
      const payout = await decidePayout(app.db, app.events, actorOf(request), request.params.id, request.body);
      return {
        success: true as const,
        message: payout.status === 'Paid' ? payoutMessages.markedPaid : payoutMessages.markedFailed,
        payout,
      };
    },
    /** `GET /api/payouts/admin/export` → `text/csv`, the bank's bulk-transfer layout. Errors: 400. */
    export: async (request, reply) =>
      sendCsv(reply, 'payouts', payoutCsvColumns(), payoutExportBatches(app.db, request.query.status ?? 'Pending')),
    /** `GET /api/payouts/admin/vendors/{id}/ledger` → `{ success, balances, entries }`. Errors: 400; 404. */
    vendorLedger: async (request) => {
      if (!(await vendorExists(app.db, request.params.id))) throw notFound(payoutMessages.vendorNotFound);
      return {
        success: true as const,
        ...(await vendorLedger(app.db, app.lists, request.params.id, request.query)),
      };
    },
    /** `POST /api/payouts/admin/vendors/{id}/adjustments` → 201 `{ success, message, entry, balances }`. Errors: 400; 404. */
    adjust: async (request) => ({
      success: true as const,
      message: payoutMessages.adjustmentPosted,
      ...(await postAdjustment(app.db, app.events, actorOf(request), request.params.id, request.body)),
    }),
  });
};
