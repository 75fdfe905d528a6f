import {
  apiError,
  blogBody,
  blogListQuery,
  blogListResponse,
  blogMessages,
  blogResponse,
  blogSavedResponse,
  idParams,
  messageResponse,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import { createBlog, deleteBlog, getBlog, listBlogs, updateBlog } from './blog.service.js';

const tags = ['blogs'];

/**
 * A post's body may embed images as `data:` URLs (spec section 3: 'URL or embedded
 * data'), each up to 2 MB, about 2.7 MB once base64-encoded: room for a featured image
 * and a few in the text.
 */
const BLOG_BODY_LIMIT_BYTES = 12 * 1024 * 1024;

const writeErrors = { 400: apiError, 401: apiError, 403: apiError, 413: apiError, 415: apiError };

/**
 * Blog posts (spec sections 2 'Blog list' and 'Blog form', 3 and 7). Mounted at
 * `/api/blogs`. Reading is public (the storefront shows posts); writes are admin only
 * (spec section 6: 'Blog create, update, delete send the bearer token').
 */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET /api/blogs/` (spec section 7): `{ success, blogs }` newest first. Public.
   * With `limit` a page plus `total`, `withCategory` and `nextCursor`.
   * Errors: 400 bad query or cursor.
   */
  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Blog posts, newest first',
        querystring: blogListQuery,
        response: { 200: blogListResponse, 400: apiError },
      },
    },
    async (request) => ({ success: true as const, ...(await listBlogs(app.db, app.lists, request.query)) }),
  );

  /** `GET /api/blogs/:id` (spec section 7): `{ success, blog }`. Public. Errors: 400 malformed id, 404. */
  app.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One blog post',
        params: idParams,
        response: { 200: blogResponse, 400: apiError, 404: apiError },
      },
    },
    async (request) => ({ success: true as const, blog: await getBlog(app.db, request.params.id) }),
  );

  /**
   * `POST /api/blogs/create` (spec section 7): `{ title, category, author, content,
   * image? }` → 201 'Blog published successfully!' and the post, its HTML sanitised and
   * embedded images stored as uploads. Admin only. Errors: 400 'Please fill in all
   * required fields' or a bad image, 401, 403, 413/415 an embedded image over 2 MB or
   * not an image.
   */
  app.post(
    '/create',
    {
      bodyLimit: BLOG_BODY_LIMIT_BYTES,
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Publish a blog post',
        body: blogBody,
        response: { 201: blogSavedResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const blog = await createBlog(app.db, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, message: blogMessages.published, blog });
    },
  );

  /**
   * `PUT /api/blogs/:id` (spec section 7): same body plus the `updatedAt` the form
   * loaded → 'Blog updated successfully!' and the post. Admin only. Errors: as create,
   * 404, 409 saved by someone else since.
   */
  app.put(
    '/:id',
    {
      bodyLimit: BLOG_BODY_LIMIT_BYTES,
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Update a blog post',
        params: idParams,
        body: blogBody,
        response: { 200: blogSavedResponse, ...writeErrors, 404: apiError, 409: apiError },
      },
    },
    async (request) => ({
      success: true as const,
      message: blogMessages.updated,
      blog: await updateBlog(app.db, actorOf(request), request.params.id, request.body),
    }),
  );

  /** `DELETE /api/blogs/:id` (spec section 7) → 'Blog deleted successfully!'. Admin only. Errors: 400, 401, 403, 404. */
  app.delete(
    '/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a blog post',
        params: idParams,
        response: { 200: messageResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => {
      await deleteBlog(app.db, actorOf(request), request.params.id);
      return { success: true as const, message: blogMessages.deleted };
    },
  );
};
