import { IMPORT_MAX_BYTES, importMessages, productImportEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../../platform/auth/access.js';
import { registerEndpoints } from '../../../platform/http/endpoints.js';
import { previewImport, startImport } from './product-import.service.js';

/** The JSON around a file at its largest: its quotes and escapes, and the mapping. */
const BODY_LIMIT_BYTES = IMPORT_MAX_BYTES * 2 + 64 * 1024;

/**
 * Product imports (issue 26 'Imports'; `productImportEndpoints`): staff only, an admin
 * for the store's catalog, a vendor for their own products.
 */
export const productImportRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, productImportEndpoints, {
    /**
     * `POST /api/products/import/preview` → `{ success, columns, mapping, counts, preview,
     * errors }`; writes nothing. Errors: 400 a file that cannot be read, has no rows, or
     * lacks the SKU's column; 413 past `IMPORT_MAX_BYTES`.
     */
    preview: {
      options: { bodyLimit: BODY_LIMIT_BYTES },
      handler: async (request) => {
        const { token: _token, ...actor } = actorOf(request);
        return { success: true as const, ...(await previewImport(app.db, actor, request.body)) };
      },
    },

    /** `POST /api/products/import` → 202 `{ success, message, job }`. Errors: as the preview. */
    start: {
      options: { bodyLimit: BODY_LIMIT_BYTES },
      handler: async (request) => {
        const { token: _token, ...actor } = actorOf(request);
        return {
          success: true as const,
          message: importMessages.started,
          job: await startImport(app, actor, request.body),
        };
      },
    },
  });
};
