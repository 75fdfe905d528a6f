import {
  apiError,
  categoryBody,
  categoryListQuery,
  categoryListResponse,
  categoryMessages,
  categoryResponse,
  idParams,
  messageResponse,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.service.js';

const tags = ['categories'];

/**
 * Categories (spec sections 2 'Category and subcategory management', 3, 7). Mounted at
 * `/api/categories`; the spec's `/categories...` spellings reach the same routes
 * through the legacy-path rewrite.
 */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET /api/categories` (spec section 7): `{ success, categories }`, each with its
   * subcategoryCount and productCount, sorted by name. Public. With `limit` a page plus
   * `total` and `nextCursor`; `search` matches the name. Errors: 400 bad query or cursor.
   */
  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Every category with its counts',
        querystring: categoryListQuery,
        response: { 200: categoryListResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request) => ({ success: true as const, ...(await listCategories(app.db, app.lists, request.query)) }),
  );

  /**
   * `POST /api/categories/create` (spec section 7): `{ _id: null, name, imageUrl }` →
   * 201 `{ success, message: 'Category created successfully!', category }`. Admin only.
   * Errors: 400 validation, 401, 403, 409 name taken (ignoring case).
   */
  app.post(
    '/create',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a category',
        body: categoryBody,
        response: { 201: categoryResponse, 400: apiError, 401: apiError, 403: apiError, 409: apiError },
      },
    },
    async (request, reply) => {
      const category = await createCategory(app.db, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: categoryMessages.created, category });
    },
  );

  /**
   * `PUT /api/categories/:id` (spec section 7): same body → 'Category updated
   * successfully!' and the category. Admin only. Errors: 400, 401, 403, 404, 409.
   */
  app.put(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Rename a category or change its image',
        params: idParams,
        body: categoryBody,
        response: { 200: categoryResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request) => ({
      success: true as const,
      message: categoryMessages.updated,
      category: await updateCategory(app.db, actorOf(request), request.params.id, request.body),
    }),
  );

  /**
   * `DELETE /api/categories/:id` (spec section 7; 'Delete Category?'): deletes it and its
   * subcategories → 'Category deleted successfully!'. Admin only. Errors: 400, 401, 403,
   * 404, 409 when products use it or its subcategories (the message says how many).
   */
  app.delete(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a category and its subcategories',
        params: idParams,
        response: { 200: messageResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError },
      },
    },
    async (request) => {
      await deleteCategory(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: categoryMessages.deleted };
    },
  );
};
