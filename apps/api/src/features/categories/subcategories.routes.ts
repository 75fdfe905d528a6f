import {
  apiError,
  categoryMessages,
  idParams,
  messageResponse,
  subcategoryBody,
  subcategoryListQuery,
  subcategoryListResponse,
  subcategoryResponse,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import { createSubcategory, deleteSubcategory, listSubcategories, updateSubcategory } from './categories.service.js';

const tags = ['subcategories'];

/**
 * Subcategories (spec sections 2 'Category and subcategory management', 3, 7). Mounted
 * at `/api/subcategories`; `/subcategories...` reaches the same routes through the
 * legacy-path rewrite.
 */
export const subcategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET /api/subcategories` (spec section 7): `{ success, subcategories }` sorted by
   * name, each with its parent and productCount; `?category=` keeps one category's.
   * Public. With `limit` a page plus `total` and `nextCursor`. Errors: 400.
   */
  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Subcategories, optionally of one category',
        querystring: subcategoryListQuery,
        response: { 200: subcategoryListResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request) => ({ success: true as const, ...(await listSubcategories(app.db, app.lists, request.query)) }),
  );

  /**
   * `POST /api/subcategories` (spec section 7): `{ _id, name, category }` → 201
   * 'Subcategory created successfully!' and the subcategory. Admin only. Errors: 400
   * validation or missing parent, 401, 403, 409 name taken within the category.
   */
  app.post(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a subcategory',
        body: subcategoryBody,
        response: { 201: subcategoryResponse, 400: apiError, 401: apiError, 403: apiError, 409: apiError },
      },
    },
    async (request, reply) => {
      const subcategory = await createSubcategory(app.db, actorOf(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, message: categoryMessages.subcategoryCreated, subcategory });
    },
  );

  /**
   * `PUT /api/subcategories/:id` (spec section 7): rename or move; its products move
   * with it. Admin only. Errors: 400, 401, 403, 404, 409.
   */
  app.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Rename a subcategory or move it to another category',
        params: idParams,
        body: subcategoryBody,
        response: {
          200: subcategoryResponse,
          400: apiError,
          401: apiError,
          403: apiError,
          404: apiError,
          409: apiError,
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: categoryMessages.subcategoryUpdated,
      subcategory: await updateSubcategory(app.db, actorOf(request), request.params.id, request.body),
    }),
  );

  /**
   * `DELETE /api/subcategories/:id` (spec section 7; 'Delete Subcategory?') →
   * 'Subcategory deleted successfully!'. Admin only. Errors: 400, 401, 403, 404, 409
   * when products use it (the message says how many).
   */
  app.delete(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a subcategory',
        params: idParams,
        response: { 200: messageResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request) => {
      await deleteSubcategory(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: categoryMessages.subcategoryDeleted };
    },
  );
};
