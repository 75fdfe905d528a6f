import { MANIFEST_MAX_BYTES, manifestMessages, shipmentEndpoints } from '@haat/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { sendPdf } from '../../platform/pdf/pdf-writer.js';
import { storeLetterhead } from '../website-config/letterhead.js';
import { drawPackingSlip } from './packing-slip.js';
import { importManifest, loadPackingSlips } from './shipment-documents.service.js';

/** The JSON around a manifest at its largest: its quotes and escapes. */
const BODY_LIMIT_BYTES = MANIFEST_MAX_BYTES * 2 + 64 * 1024;

/**
 * Packing slips and manifest import (issue 34; decisions 0142, 0143): the signed-in
 * vendor's own shipments only (`access: 'vendor'`; another vendor's answers 404 as every
 * shipment call does).
 */
export const shipmentDocumentRoutes: FastifyPluginAsync = async (app) => {
  const { packingSlip, packingSlips, importManifest: manifest } = shipmentEndpoints;
  registerEndpoints(
    app,
    { packingSlip, packingSlips, importManifest: manifest },
    {
      /**
       * `GET /api/vendor/shipments/{id}/packing-slip` → `application/pdf`, the slip of one
       * of the vendor's shipments (store and seller, ship-to, lines with SKUs and
       * quantities, order tracking number, shipment id, ship-by). Errors: 400 bad id; 404
       * also another vendor's.
       */
      packingSlip: async (request, reply) => {
        const [slip] = await loadPackingSlips(app.db, vendorIdOf(request), [request.params.id]);
        const letterhead = await storeLetterhead(app.db);
        return sendPdf(
          reply,
          {
            title: 'Packing slip',
            subject: slip ? `Shipment ${slip.shipmentId} of order ${slip.orderTrackingNumber}` : undefined,
            letterhead,
            fileName: `packing-slip-${slip?.orderTrackingNumber}-${request.params.id}.pdf`,
          },
          async (pdf) => {
            if (slip) await drawPackingSlip(pdf, slip, app.config.storeTimeZone);
          },
        );
      },

      /**
       * `POST /api/vendor/shipments/packing-slips` `{ ids }` → one PDF of the slips, in the
       * order of the ids (each from a new page). Errors: 400 no ids or more than
       * `MAX_PACKING_SLIPS`; 404 when one is not the vendor's.
       */
      packingSlips: async (request, reply) => {
        const slips = await loadPackingSlips(app.db, vendorIdOf(request), request.body.ids);
        const letterhead = await storeLetterhead(app.db);
        return sendPdf(
          reply,
          {
            title: 'Packing slips',
            subject: `Shipments ${slips.map((slip) => slip.shipmentId).join(', ')}`.slice(0, 2000),
            letterhead,
            fileName: `packing-slips-${new Date().toISOString().slice(0, 10)}.pdf`,
          },
          async (pdf) => {
            for (const slip of slips) await drawPackingSlip(pdf, slip, app.config.storeTimeZone);
          },
        );
      },

      /**
       * `POST /api/vendor/shipments/import` `{ csv }` → `{ success, message, counts,
       * errors }` (up to `MANIFEST_AT_ONCE_ROWS` rows), or 202 `{ success, message, job }`
       * (more; the job's file is the report). Errors: 400 a file not UTF-8, unreadable,
       * without rows or the needed columns, past `MANIFEST_MAX_ROWS` rows; 413 past the body limit.
       */
      importManifest: {
        options: { bodyLimit: BODY_LIMIT_BYTES },
        handler: async (request, reply) => {
          const { token: _token, ...actor } = actorOf(request);
          vendorIdOf(request);
          const outcome = await importManifest(app, actor, request.body.csv);
          if (outcome.kind === 'job')
            return reply.code(202).send({ success: true, message: manifestMessages.started, job: outcome.job });
          return { success: true as const, ...outcome.answer };
        },
      },
    },
  );
};

/** The vendor profile id of a `vendor`-access route's caller. */
function vendorIdOf(request: FastifyRequest): number {
  const { vendorId } = actorOf(request);
  if (vendorId === null) throw new AppError('FORBIDDEN', 'Only vendors have this view');
  return vendorId;
}
