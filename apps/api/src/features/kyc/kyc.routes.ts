import { KYC_DOCUMENT_MAX_BYTES, kycEndpoints, kycMessages } from '@haat/contract';
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { errorHandler } from '../../platform/http/error-handler.js';
import { isMultipart, MULTIPART_OVERHEAD_BYTES, readFormImage } from '../uploads/multipart.js';
import { decideKyc, getKyc, getMyKyc, listKyc, readDocument, saveKyc, uploadDocument } from './kyc.service.js';

/**
 * Seller KYC (issue 35 'Seller KYC'; `kycEndpoints`): the signed-in vendor's own KYC and
 * documents (`/api/vendor/kyc...`: no vendor id to name, so no vendor reaches another's),
 * a document's bytes (its vendor and the admins), and the admins' review (`/api/kyc/admin...`).
 */
export const kycRoutes: FastifyPluginAsync = async (app) => {
  /** The signed-in vendor's profile id (the `vendor` access level guarantees one). */
  const vendorOf = (request: FastifyRequest) => actorOf(request).vendorId as number;
  const { uploadDocument: uploadEndpoint, ...jsonEndpoints } = kycEndpoints;

  registerEndpoints(app, jsonEndpoints, {
    /** `GET /api/vendor/kyc` → `{ success, kyc }` (null before the first save). */
    mine: async (request) => ({ success: true as const, kyc: await getMyKyc(app.db, vendorOf(request)) }),
    /** `PUT /api/vendor/kyc` → `{ success, message, kyc }`. Errors: 400 a wrong field, named; 409 stale. */
    save: async (request) => ({
      success: true as const,
      ...(await saveKyc(app.db, app.events, actorOf(request), vendorOf(request), request.body)),
    }),
    /**
     * `GET /api/kyc/documents/{id}` → the document's bytes with its type, shown in place,
     * never cached. Errors: 400 malformed id; 404 none, or another vendor's.
     */
    document: async (request, reply) => {
      const document = await readDocument(app.db, actorOf(request), request.params.id);
      return reply
        .header('content-type', document.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(document.data);
    },
    /** `GET /api/kyc/admin?status=` → `{ success, kycs }`, or a page. Errors: 400. */
    list: async (request) => ({ success: true as const, ...(await listKyc(app.db, app.lists, request.query)) }),
    /** `GET /api/kyc/admin/{vendorId}` → `{ success, kyc }`. Errors: 400; 404. */
    get: async (request) => ({ success: true as const, kyc: await getKyc(app.db, request.params.vendorId) }),
    /** `PUT /api/kyc/admin/{vendorId}` → `{ success, message, kyc }`. Errors: 400; 404; 409. */
    decide: async (request) => ({
      success: true as const,
      ...(await decideKyc(app.db, app.events, actorOf(request), request.params.vendorId, request.body)),
    }),
  });

  // The document upload takes bytes, never JSON, in a context of its own (as /api/uploads).
  await app.register(async (documents) => {
    documents.removeAllContentTypeParsers();
    documents.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: KYC_DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES },
      (_request, body, done) => done(null, body),
    );
    documents.setErrorHandler(function documentErrors(error: FastifyError, request, reply) {
      const refusal =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? (new AppError('PAYLOAD_TOO_LARGE', kycMessages.documentTooLarge) as unknown as FastifyError)
          : error;
      return errorHandler.call(this, refusal, request, reply);
    });
    registerEndpoints(
      documents,
      { uploadDocument: uploadEndpoint },
      {
        /**
         * `POST /api/vendor/kyc/documents` (the file's bytes, or a form with it in `file`) →
         * 201 `{ success, message, _id, contentType, size, url }`. Errors: 400 empty or no
         * file in the form; 413 over 2 MB; 415 not a PDF, PNG, JPEG or WebP, or not the type it claims.
         */
        uploadDocument: async (request) => {
          const body: unknown = request.body;
          const received = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
          const contentType = request.headers['content-type'];
          const { bytes, declaredType } =
            contentType && isMultipart(contentType)
              ? await readFormImage(received, contentType, {
                  noFormFile: kycMessages.documentNoFormFile,
                  tooLarge: kycMessages.documentTooLarge,
                })
              : { bytes: received, declaredType: contentType };
          const stored = await uploadDocument(app.db, vendorOf(request), bytes, declaredType);
          return {
            success: true as const,
            message: kycMessages.documentUploaded,
            _id: String(stored.id),
            contentType: stored.contentType,
            size: stored.size,
            url: `/api/kyc/documents/${stored.id}`,
          };
        },
      },
    );
  });
};
