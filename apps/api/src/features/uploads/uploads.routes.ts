import { apiError, idParams, UPLOAD_MAX_BYTES, uploadMessages, uploadResponse } from '@haat/contract';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.js';
import { errorHandler } from '../../platform/http/error-handler.js';
import { readImage, uploadImage, uploadPath } from './uploads.service.js';

const tags = ['uploads'];

/** How long browsers and proxies may keep an image: a year; an id's bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Image uploads (issue 9, the blog form's featured image). Mounted at `/api/uploads`.
 * The body is the file's bytes as sent (any content type); the type is read from the
 * bytes. See docs/decisions/0030.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin's routes take raw bytes, never JSON: read every body as a buffer, at
  // most 2 MB; a larger one is cut off while streaming and answered 413 in the
  // product's words.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler(function uploadErrors(error: FastifyError, request, reply) {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return errorHandler.call(
        this,
        new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge) as unknown as FastifyError,
        request,
        reply,
      );
    }
    return errorHandler.call(this, error, request, reply);
  });

  /**
   * `POST /api/uploads`: the image's bytes as the body (`Content-Type` the image's type
   * or `application/octet-stream`) → 201 `{ success, message: 'Image uploaded
   * successfully!', _id, url: '/api/uploads/{id}', contentType, size }` (bytes). Admin
   * only. Errors: 400 empty body, 401, 403, 413 over 2 MB ('Images must be at most 2
   * MB'), 415 not a PNG, JPEG, WebP or GIF, or not the image type it claims.
   */
  app.post(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Upload an image (PNG, JPEG, WebP or GIF, at most 2 MB)',
        response: { 201: uploadResponse, 400: apiError, 401: apiError, 403: apiError, 413: apiError, 415: apiError },
      },
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { id, type } = await uploadImage(app.db, bytes, request.headers['content-type']);
      return reply.status(201).send({
        success: true as const,
        message: uploadMessages.uploaded,
        _id: String(id),
        url: uploadPath(id),
        contentType: type,
        size: bytes.length,
      });
    },
  );

  /**
   * `GET /api/uploads/:id`: the image's bytes with its own content type and a
   * year-long immutable cache header. Public (the storefront shows blog images).
   * Errors: 400 malformed id, 404 unknown.
   */
  app.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'An uploaded image', params: idParams, response: { 400: apiError, 404: apiError } },
    },
    async (request, reply) => {
      const image = await readImage(app.db, request.params.id);
      return (
        reply
          .header('content-type', image.contentType)
          .header('cache-control', IMMUTABLE)
          .header('content-disposition', 'inline')
          // Raw bytes: Fastify sends a Buffer as is; the typed reply only knows the JSON error shape.
          .send(image.data as never)
      );
    },
  );
};
