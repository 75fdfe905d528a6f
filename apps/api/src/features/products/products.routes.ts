import {
  apiError,
  approvalBody,
  idParams,
  messageResponse,
  productBody,
  productCountsResponse,
  productListQuery,
  productListResponse,
  productMessages,
  productResponse,
  productSavedResponse,
  revisionReviewBody,
} from '@haat/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import { catalogEtag, createListAnswerCache, etagMatches, sendListAnswer } from './list-answer-cache.js';
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

const tags = ['products'];

/** The answers of a write to one product (edit, review, a revision's review): the product as saved, or why not. */
const savedResponses = {
  200: productSavedResponse,
  400: apiError,
  401: apiError,
  403: apiError,
  404: apiError,
  409: apiError,
};

/**
 * Products and their approval (spec sections 2, 3, 4, 7). Mounted at `/api/products`;
 * the spec's un-prefixed spellings (`/products/create`...) reach the same routes
 * through the legacy-path rewrite. Prices are rupees on the wire. Every list answers
 * the spec's unpaged array by default and a page (`limit`, `cursor`) with `total` and
 * `nextCursor` when asked.
 */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * This process's kept list answers, by audience, caller scope, query and catalog
   * version: the storefront's list, the staff's, its footer's counts and the pending
   * queue share one budget (decisions 0026, 0033).
   */
  const listAnswers = createListAnswerCache({ maxEntries: 128, maxBytes: app.config.listAnswerCacheMb * 1024 * 1024 });

  /**
   * Answers a staff call with the answer kept under `key` at the catalog's current
   * version, built by `build` (its JSON, given that version) when there is none. The
   * route skips `@fastify/compress` (`compress: false`): kept answers carry their
   * compressed forms.
   */
  async function sendKept(
    request: FastifyRequest,
    reply: unknown,
    key: unknown[],
    build: (catalogVersion: string) => Promise<string>,
  ) {
    const version = await readCatalogVersion(app.db);
    const answer = await listAnswers.get(JSON.stringify(key), version, () => build(version));
    // Ready-made bytes, not an object for the route schema's serializer.
    return sendListAnswer(request, reply as FastifyReply, answer);
  }

  /**
   * `GET /api/products` (spec section 7, storefront and coupon form): approved, active
   * products only, whoever asks, without personal names (`toPublicProduct`, issue 11).
   * Query: `productListQuery` (search, filters, sort, paging). Carries
   * `ETag: W/"catalog-<version>"` and `Cache-Control: no-cache`; `If-None-Match` with
   * the current one answers 304 with no body. Answers are kept per process by query
   * and catalog version, compressed once (docs/decisions/0026).
   * Errors: 400 bad query or cursor, or an unpaged list past `UNPAGED_LIST_LIMIT`.
   */
  app.get(
    '/',
    {
      config: { access: 'public' },
      // The kept answers carry their own compressed forms.
      compress: false,
      schema: {
        tags,
        summary: 'The storefront list: approved, active products',
        querystring: productListQuery,
        response: { 200: productListResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request, typedReply) => {
      // The answers here are ready-made bytes (or none: 304), not objects for the schema's serializer.
      const reply = typedReply as unknown as FastifyReply;
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
  );

  /**
   * `GET /api/products/admin/all` (spec section 7, 'Product list'): every product for an
   * admin; a vendor's own products for a vendor. Query: `productListQuery`.
   * Answers are kept per process by the caller's scope (all products, or one vendor's),
   * query and catalog version, so a repeat with no catalog write between costs one
   * primary-key read (docs/decisions/0033); `Cache-Control: no-store` as every signed-in answer.
   * Errors: 400 bad query or cursor, 401 without a token, 403 account not allowed.
   */
  app.get(
    '/admin/all',
    {
      config: { access: 'staff' },
      // The kept answers carry their own compressed forms.
      compress: false,
      schema: {
        tags,
        summary: "The back office's product list: all (admin) or own (vendor)",
        querystring: productListQuery,
        response: { 200: productListResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(actorOf(request));
      return sendKept(request, reply, ['staff', scope, request.query], async (catalogVersion) =>
        JSON.stringify(
          toProductListResponse(
            await listProducts(app.db, app.lists, scope, request.query, { withReview: true, catalogVersion }),
          ),
        ),
      );
    },
  );

  /**
   * `GET /api/products/admin/count` (spec section 7; 'Product list' footer, dashboard):
   * totalCount, approvedCount, activeCount, inStockCount, pendingApprovalCount over
   * all products (admin) or the vendor's own. Kept per process by scope and catalog
   * version, as the list (decision 0033). Errors: 401, 403.
   */
  app.get(
    '/admin/count',
    {
      config: { access: 'staff' },
      compress: false,
      schema: {
        tags,
        summary: "Counts over the caller's catalog",
        response: { 200: productCountsResponse, 401: apiError, 403: apiError },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return sendKept(request, reply, ['counts', scopeOf(actor)], async () =>
        JSON.stringify({ success: true, ...(await countCatalog(app.db, actor)) }),
      );
    },
  );

  /**
   * `GET /api/products/admin/pending` (spec 'Pending products'; issue 12): products
   * awaiting approval and approved products with a vendor's pending revision, which
   * carry it (`revision`, before/after per field; decision 0044); rejected ones are not
   * in the queue. Filters `vendor`, `category` and the rest of `productListQuery`.
   * Kept per process by query and catalog version, as the product list (decision 0033).
   * Admin only. Errors: 400, 401, 403.
   */
  app.get(
    '/admin/pending',
    {
      config: { access: 'admin' },
      compress: false,
      schema: {
        tags,
        summary: 'Products awaiting approval',
        querystring: productListQuery,
        response: { 200: productListResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request, reply) =>
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
  );

  /**
   * `GET /api/products/:id` (spec section 7): any product for an admin, their own for a
   * vendor, an approved active one for anyone else; without a token, without personal
   * names (`toPublicProduct`, issue 11). Errors: 400 bad id, 401 bad token,
   * 404 missing or not visible to the caller.
   */
  app.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One product',
        params: idParams,
        response: { 200: productResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => {
      const record = await getProduct(app.db, request.actor, request.params.id);
      // Without a token it is the storefront asking: no personal names (issue 11).
      return { success: true as const, product: request.actor ? toProduct(record) : toPublicProduct(record) };
    },
  );

  /**
   * `POST /api/products/create` (spec section 7, 'Product form'): body `productBody`
   * (prices in rupees). Admin: approved at once, `status` and `vendor` honoured. Vendor:
   * theirs, pending approval. Answers 201 `{ success, message, product }`.
   * Errors: 400 validation or bad references, 401, 403, 409 SKU in use.
   */
  app.post(
    '/create',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Create a product',
        body: productBody,
        response: { 201: productSavedResponse, 400: apiError, 401: apiError, 403: apiError, 409: apiError },
      },
    },
    async (request, reply) => {
      const saved = await createProduct(app.db, actorOf(request), request.body);
      return reply.status(201).send(toProductSavedResponse(saved));
    },
  );

  /**
   * `PUT /api/products/edit/:id` (spec section 7): replaces the fields and images. A
   * vendor's edit sends the product back to the approval queue.
   * Errors: 400, 401, 403, 404 missing or another vendor's, 409 SKU in use.
   */
  app.put(
    '/edit/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Edit a product',
        params: idParams,
        body: productBody,
        response: savedResponses,
      },
    },
    async (request) =>
      toProductSavedResponse(await updateProduct(app.db, actorOf(request), request.params.id, request.body)),
  );

  /**
   * `DELETE /api/products/delete/:id` (spec section 7): 'Product deleted successfully!'.
   * Past orders keep their lines. Errors: 400, 401, 403, 404 missing or another vendor's.
   */
  app.delete(
    '/delete/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Delete a product',
        params: idParams,
        response: { 200: messageResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => {
      await deleteProduct(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: productMessages.deleted };
    },
  );

  /**
   * `PUT /api/products/admin/approve/:id` (spec sections 4 and 7; issue 12):
   * `{ isApproved, reason?, updatedAt?, product? }` → 'Product approved successfully!'
   * or 'Product rejected successfully!' and the product. Rejecting needs a `reason`
   * (400 without; decision 0046), stored and shown to the vendor. With `updatedAt` (the
   * version reviewed), a product changed since is not reviewed: 409 (decision 0024).
   * With `product` (the review form's unsaved edits, prices in rupees), the edits are
   * saved and the product reviewed in one transaction (decision 0045).
   * Admin only. Errors: 400, 401, 403, 404, 409.
   */
  app.put(
    '/admin/approve/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Approve or reject a product',
        params: idParams,
        body: approvalBody,
        response: savedResponses,
      },
    },
    async (request) =>
      toProductSavedResponse(
        await reviewProduct(app.db, actorOf(request), request.params.id, {
          isApproved: request.body.isApproved,
          updatedAt: request.body.updatedAt,
          reason: request.body.reason,
          product: request.body.product,
        }),
      ),
  );

  /**
   * `PUT /api/products/admin/revisions/:id` (issue 12; decision 0044): approve (publish)
   * or reject a vendor's pending revision of an approved product, by the revision's id.
   * Body `revisionReviewBody`: `{ isApproved, reason? (required to reject), updatedAt?
   * (the revision's version as reviewed) }`. Answers the message and the product.
   * Admin only. Errors: 400 bad body or a proposed category gone, 401, 403, 404 no such
   * revision, 409 reviewed already, edited since, or the live product changed under it.
   */
  app.put(
    '/admin/revisions/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Approve or reject a vendor's pending change to an approved product",
        params: idParams,
        body: revisionReviewBody,
        response: savedResponses,
      },
    },
    async (request) =>
      toProductSavedResponse(
        await reviewRevision(app.db, actorOf(request), request.params.id, {
          isApproved: request.body.isApproved,
          updatedAt: request.body.updatedAt,
          reason: request.body.reason,
        }),
      ),
  );
};
