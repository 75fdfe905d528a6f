import { taxReportEndpoints } from '@haat/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { sendCsv } from '../../platform/csv/csv-export.js';
import { oneBatch } from '../../platform/csv/export-batches.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { sendPdf } from '../../platform/pdf/pdf-writer.js';
import { storeLetterhead } from '../website-config/letterhead.js';
import {
  gstr8,
  gstr8CsvColumns,
  renderStatement,
  statementCsvColumns,
  statementCsvRows,
  tdsReport,
  vendorStatement,
} from './tax-reports.service.js';

/**
 * The tax reports (issue 35, "Reports"; `taxReportEndpoints`; decision 0149). GSTR-8 and
 * TDS: admins with `money:read` (401 without a token, 403 to a vendor or a staff role
 * without it). Statements: the signed-in vendor's own (a team's managers and owner:
 * `/api/vendor/statements` is a money area). 400 for a malformed month or quarter.
 */
export const taxReportRoutes: FastifyPluginAsync = async (app) => {
  const vendorOf = (request: FastifyRequest) => actorOf(request).vendorId as number;
  /** The seller as their statement names them: KYC legal name, GSTIN and PAN when declared, else the business name. */
  const sellerOf = async (vendorId: number) => {
    const row = await app.db
      .selectFrom('vendors as v')
      .leftJoin('vendorKyc as k', 'k.vendorId', 'v.id')
      .select(['v.businessName', 'k.legalName', 'k.gstin', 'k.pan'])
      .where('v.id', '=', vendorId)
      .executeTakeFirst();
    return { name: row?.legalName ?? row?.businessName ?? '', gstin: row?.gstin ?? null, pan: row?.pan ?? null };
  };

  registerEndpoints(app, taxReportEndpoints, {
    /** `GET /api/tax/admin/gstr8?month=YYYY-MM` → `{ success, month, rows, states, totals }` (rupees). */
    gstr8: async (request) => ({ success: true as const, ...(await gstr8(app.db, request.query.month)) }),
    /** `GET /api/tax/admin/gstr8/export?month=YYYY-MM` → `text/csv` in the offline tool's column order. */
    gstr8Export: async (request, reply) => {
      const report = await gstr8(app.db, request.query.month);
      return sendCsv(reply, `gstr8-${request.query.month}`, gstr8CsvColumns, oneBatch(report.rows));
    },
    /** `GET /api/tax/admin/tds?quarter=YYYY-Qn` → `{ success, quarter, from, to, rows, totals }` (rupees, rate in percent). */
    tds: async (request) => ({ success: true as const, ...(await tdsReport(app.db, request.query.quarter)) }),
    /** `GET /api/vendor/statements/{YYYY-MM}` → `{ success, month, figures, lines }` (rupees; an Indian month, entries' instants UTC). */
    statement: async (request) => ({
      success: true as const,
      ...(await vendorStatement(app.db, vendorOf(request), request.params.month)),
    }),
    /** `GET /api/vendor/statements/{YYYY-MM}.pdf` → `application/pdf`. */
    statementPdf: async (request, reply) => {
      const vendorId = vendorOf(request);
      const { month } = request.params;
      const [statement, seller, letterhead] = await Promise.all([
        vendorStatement(app.db, vendorId, month),
        sellerOf(vendorId),
        storeLetterhead(app.db),
      ]);
      return sendPdf(
        reply,
        { title: 'Monthly statement', letterhead, subject: `Statement ${month}`, fileName: `statement-${month}.pdf` },
        (pdf) => renderStatement(pdf, statement, seller),
      );
    },
    /** `GET /api/vendor/statements/{YYYY-MM}.csv` → `text/csv`: the summary, then each entry. */
    statementCsv: async (request, reply) => {
      const statement = await vendorStatement(app.db, vendorOf(request), request.params.month);
      return sendCsv(
        reply,
        `statement-${request.params.month}`,
        statementCsvColumns,
        oneBatch(statementCsvRows(statement)),
      );
    },
  });
};
