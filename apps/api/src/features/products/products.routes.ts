import { productEndpoints, productMessages } from '@haat/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerExporter, sendExport } from '../../platform/csv/exporter.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { catalogEtag, createListAnswerCache, etagMatches, sendListAnswer } from './list-answer-cache.js';
import { productExporter } from './product-export.js';
import { reviewProduct, reviewRevision } from './product-review.service.js';
import {
  countCatalog,
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  readCatalogVersion,
  scopeOf,
  updateProduct,
} from './products.service.js';
import { toProduct, toProductListResponse, toProductSavedResponse, toPublicProduct } from './products.wire.js';

/** The lists and counts skip `@fastify/compress`: kept answers carry their own compressed forms. */
const keptAnswer = { options: { compress: false } } as const;

/**
 * Products and their approval (spec sections 2, 3, 4, 7; `productEndpoints`). Prices are
 * rupees on the wire. The spec's un-prefixed spellings (`/products/create`...) reach the
 * same routes through the legacy-path rewrite.
 */
export const productRoutes: FastifyPluginAsync = async (app) => {
  /**
   * This process's kept list answers, by audience, caller scope, query and catalog
   * version: the storefront's list, the staff's, its footer's counts and the pending
   * queue share one budget (decisions 0026, 0033).
   */
  const listAnswers = createListAnswerCache({ maxEntries: 128, maxBytes: app.config.listAnswerCacheMb * 1024 * 1024 });

  /**
   * Answers a staff call with the answer kept under `key` at the catalog's current
   * version, built by `build` (its JSON, given that version) when there is none.
   */
  async function sendKept(
    request: FastifyRequest,
    reply: FastifyReply,
    key: unknown[],
    build: (catalogVersion: string) => Promise<string>,
  ) {
    const version = await readCatalogVersion(app.db);
    const answer = await listAnswers.get(JSON.stringify(key), version, () => build(version));
    // Ready-made bytes, not an object for the route schema's serializer.
    return sendListAnswer(request, reply, answer);
  }

  registerExporter(app, productExporter);
  registerEndpoints(app, productEndpoints, {
    /**
     * `GET /api/products` → the storefront's `{ success, products }` (or a page) as kept
     * bytes with `ETag` and `Cache-Control: no-cache`, or 304 with no body when
     * `If-None-Match` names the current catalog. Errors: 400 bad query or cursor, or an
     * unpaged list past `UNPAGED_LIST_LIMIT`.
     */
    list: {
      ...keptAnswer,
      handler: async (request, reply) => {
        const version = await readCatalogVersion(app.db);
        const etag = catalogEtag(version);
        reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
        if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
        const answer = await listAnswers.get(JSON.stringify(['public', request.query]), version, async () =>
          JSON.stringify(
            toProductListResponse(
              await listProducts(app.db, app.lists, scopeOf(null), request.query, { catalogVersion: version }),
              'public',
            ),
          ),
        );
        return sendListAnswer(request, reply, answer);
      },
    },

    /**
     * `GET /api/products/admin/all` → every product (admin) or the vendor's own, with
     * their review state, as kept bytes; `Cache-Control: no-store` as every signed-in
     * answer. Errors: 400 bad query or cursor.
     */
    staffList: {
      ...keptAnswer,
      handler: async (request, reply) => {
        const scope = scopeOf(actorOf(request));
        return sendKept(request, reply, ['staff', scope, request.query], async (catalogVersion) =>
          JSON.stringify(
            toProductListResponse(
              await listProducts(app.db, app.lists, scope, request.query, { withReview: true, catalogVersion }),
            ),
          ),
        );
      },
    },

    /**
     * `GET /api/products/admin/all/export` → `text/csv` of every product the list's
     * filters, search and sort select: all (admin) or the vendor's own; prices in rupees,
     * times in `STORE_TIME_ZONE` (issue 26). Errors: 400 bad query.
     */
    staffExport: async (request, reply) => sendExport(app, request, reply, productExporter, request.query),

    /** `GET /api/products/admin/count` → the caller's catalog counts, as kept bytes. */
    counts: {
      ...keptAnswer,
      handler: async (request, reply) => {
        const actor = actorOf(request);
        return sendKept(request, reply, ['counts', scopeOf(actor)], async () =>
          JSON.stringify({ success: true, ...(await countCatalog(app.db, actor)) }),
        );
      },
    },

    /** `GET /api/products/admin/pending` → the review queue, as kept bytes. Errors: 400. */
    pending: {
      ...keptAnswer,
      handler: async (request, reply) =>
        sendKept(request, reply, ['pending', request.query], async (catalogVersion) =>
          JSON.stringify(
            toProductListResponse(
              await listProducts(app.db, app.lists, { awaitingReview: true }, request.query, {
                withReview: true,
                catalogVersion,
              }),
            ),
          ),
        ),
    },

    /** `GET /api/products/{id}` → `{ success, product }` as the caller may see it. Errors: 400; 404. */
    get: async (request) => {
      const record = await getProduct(app.db, request.actor, request.params.id);
      // Without a token it is the storefront asking: no personal names (issue 11).
      return { success: true as const, product: request.actor ? toProduct(record) : toPublicProduct(record) };
    },

    /** `POST /api/products/create` → 201 `{ success, message, product }`. Errors: 400; 409 SKU in use. */
    create: async (request) =>
      toProductSavedResponse(await createProduct(app.db, app.events, actorOf(request), request.body)),

    /** `PUT /api/products/edit/{id}` → the message and the product as saved. Errors: 400; 404; 409. */
    update: async (request) =>
      toProductSavedResponse(
        await updateProduct(app.db, app.events, actorOf(request), request.params.id, request.body),
      ),

    /** `DELETE /api/products/delete/{id}` → 'Product deleted successfully!'. Errors: 400; 404. */
    remove: async (request) => {
      await deleteProduct(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: productMessages.deleted };
    },

    /** `PUT /api/products/admin/approve/{id}` → the review's message and the product. Errors: 400; 404; 409. */
    review: async (request) =>
      toProductSavedResponse(
        await reviewProduct(app.db, app.events, actorOf(request), request.params.id, {
          isApproved: request.body.isApproved,
          updatedAt: request.body.updatedAt,
          reason: request.body.reason,
          product: request.body.product,
        }),
      ),

    /** `PUT /api/products/admin/revisions/{id}` → the review's message and the product. Errors: 400; 404; 409. */
    reviewRevision: async (request) =>
      toProductSavedResponse(
        await reviewRevision(app.db, app.events, actorOf(request), request.params.id, {
          isApproved: request.body.isApproved,
          updatedAt: request.body.updatedAt,
          reason: request.body.reason,
        }),
      ),
  });
};
