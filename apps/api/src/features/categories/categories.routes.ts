import { categoryEndpoints, categoryMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.service.js';

/**
 * Categories (spec sections 2 'Category and subcategory management', 3, 7;
 * `categoryEndpoints`). Reading is public; writes are admin only. The spec's
 * `/categories...` spellings reach the same routes through the legacy-path rewrite.
 */
export const categoryRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, categoryEndpoints, {
    /** `GET /api/categories` → `{ success, categories }` sorted by name, or a page. Errors: 400 bad query or cursor. */
    list: async (request) => ({ success: true as const, ...(await listCategories(app.db, app.lists, request.query)) }),

    /**
     * `POST /api/categories/create` → 201 `{ success, message: 'Category created
     * successfully!', category }`. Errors: 400 validation; 409 name taken (ignoring case).
     */
    create: async (request) => ({
      success: true as const,
      message: categoryMessages.created,
      category: await createCategory(app.db, actorOf(request), request.body),
    }),

    /** `PUT /api/categories/{id}` → 'Category updated successfully!' and the category. Errors: 400; 404; 409 name taken. */
    update: async (request) => ({
      success: true as const,
      message: categoryMessages.updated,
      category: await updateCategory(app.db, actorOf(request), request.params.id, request.body),
    }),

    /**
     * `DELETE /api/categories/{id}` → 'Category deleted successfully!', its subcategories
     * with it. Errors: 400; 404; 409 products use it or its subcategories.
     */
    remove: async (request) => {
      await deleteCategory(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: categoryMessages.deleted };
    },
  });
};
