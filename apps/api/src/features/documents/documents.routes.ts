import { documentEndpoints, documentMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { sendPdf } from '../../platform/pdf/pdf-writer.js';
import { documentPdfSpec, drawTaxDocument } from './document-pdf.js';
import { listDocuments, loadDocumentBody } from './documents.service.js';

/**
 * GST documents (issue 35; `documentEndpoints`): an admin (with `money:read`) sees and
 * downloads every document, a vendor (a manager of their team) their own: the invoices and
 * credit notes they issued and the commission invoices the store addressed to them.
 */
export const documentRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, documentEndpoints, {
    /**
     * `GET /api/documents?kind&from&to&limit&cursor` → `{ success, documents, nextCursor }`,
     * newest first. Errors: 400 bad query.
     */
    list: async (request) => ({
      success: true as const,
      ...(await listDocuments(app.db, viewerOf(request), request.query)),
    }),

    /**
     * `GET /api/documents/{id}/pdf` → `application/pdf`, drawn from the frozen body: the
     * same bytes for every reader. Errors: 400 bad id; 404 'Document not found', also
     * another vendor's.
     */
    pdf: async (request, reply) => {
      const body = await loadDocumentBody(app.db, viewerOf(request), request.params.id);
      if (!body) throw new AppError('NOT_FOUND', documentMessages.notFound);
      return sendPdf(reply, documentPdfSpec(body), (pdf) => drawTaxDocument(pdf, body));
    },
  });
};

/** Whose documents the caller sees: null for an admin (all), else their vendor id. */
function viewerOf(request: Parameters<typeof actorOf>[0]): number | null {
  const actor = actorOf(request);
  if (actor.role === 'admin') return null;
  if (actor.vendorId === null) throw new AppError('FORBIDDEN', 'Only admins and vendors have this view');
  return actor.vendorId;
}
