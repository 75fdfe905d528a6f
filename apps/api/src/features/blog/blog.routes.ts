import { blogEndpoints, blogMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { createBlog, deleteBlog, getBlog, listBlogs, updateBlog } from './blog.service.js';

/**
 * A post's body may embed images as `data:` URLs (spec section 3: 'URL or embedded
 * data'), each up to 2 MB, about 2.7 MB once base64-encoded: room for a featured image
 * and a few in the text.
 */
const BLOG_BODY_LIMIT_BYTES = 12 * 1024 * 1024;

/**
 * Blog posts (spec sections 2 'Blog list' and 'Blog form', 3 and 7; `blogEndpoints`).
 * Reading is public (the storefront shows posts); writes are admin only.
 */
export const blogRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoints(app, blogEndpoints, {
    /** `GET /api/blogs` → `{ success, blogs }` newest first, or a page. Errors: 400 bad query or cursor. */
    list: async (request) => ({ success: true as const, ...(await listBlogs(app.db, app.lists, request.query)) }),

    /** `GET /api/blogs/{id}` → `{ success, blog }`. Errors: 400 malformed id; 404. */
    get: async (request) => ({ success: true as const, blog: await getBlog(app.db, request.params.id) }),

    /**
     * `POST /api/blogs/create` → 201 'Blog published successfully!' and the post.
     * Errors: 400 missing fields or a bad image; 413/415 an embedded image over 2 MB or not an image.
     */
    create: {
      options: { bodyLimit: BLOG_BODY_LIMIT_BYTES },
      handler: async (request) => ({
        success: true as const,
        message: blogMessages.published,
        blog: await createBlog(app.db, actorOf(request), request.body),
      }),
    },

    /** `PUT /api/blogs/{id}` → 'Blog updated successfully!' and the post. Errors: as create; 404; 409 stale `updatedAt`. */
    update: {
      options: { bodyLimit: BLOG_BODY_LIMIT_BYTES },
      handler: async (request) => ({
        success: true as const,
        message: blogMessages.updated,
        blog: await updateBlog(app.db, actorOf(request), request.params.id, request.body),
      }),
    },

    /** `DELETE /api/blogs/{id}` → 'Blog deleted successfully!'. Errors: 400; 404. */
    remove: async (request) => {
      await deleteBlog(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: blogMessages.deleted };
    },
  });
};
