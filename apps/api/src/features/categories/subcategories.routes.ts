import { categoryMessages, subcategoryEndpoints } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { createSubcategory, deleteSubcategory, listSubcategories, updateSubcategory } from './categories.service.js';

/**
 * Subcategories (spec sections 2 'Category and subcategory management', 3, 7;
 * `subcategoryEndpoints`). Reading is public; writes are admin only. `/subcategories...`
 * reaches the same routes through the legacy-path rewrite.
 */
export const subcategoryRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, subcategoryEndpoints, {
    /** `GET /api/subcategories` → `{ success, subcategories }` sorted by name, or a page. Errors: 400. */
    list: async (request) => ({
      success: true as const,
      ...(await listSubcategories(app.db, app.lists, request.query)),
    }),

    /**
     * `POST /api/subcategories` → 201 'Subcategory created successfully!' and the
     * subcategory. Errors: 400 validation or missing parent; 409 name taken in the category.
     */
    create: async (request) => ({
      success: true as const,
      message: categoryMessages.subcategoryCreated,
      subcategory: await createSubcategory(app.db, actorOf(request), request.body),
    }),

    /** `PUT /api/subcategories/{id}`: rename or move; its products move with it. Errors: 400; 404; 409. */
    update: async (request) => ({
      success: true as const,
      message: categoryMessages.subcategoryUpdated,
      subcategory: await updateSubcategory(app.db, actorOf(request), request.params.id, request.body),
    }),

    /** `DELETE /api/subcategories/{id}` → 'Subcategory deleted successfully!'. Errors: 400; 404; 409 products use it. */
    remove: async (request) => {
      await deleteSubcategory(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: categoryMessages.subcategoryDeleted };
    },
  });
};
