import { UPLOAD_MAX_BYTES, uploadEndpoints, uploadMessages } from '@haat/contract';
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { errorHandler } from '../../platform/http/error-handler.js';
import { isMultipart, MULTIPART_OVERHEAD_BYTES, readFormImage } from './multipart.js';
import { readImage, uploadImage, uploadPath } from './uploads.service.js';

/** How long browsers and proxies may keep an image: a year; an id's bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Image uploads (issue 9, the blog form's featured image; `uploadEndpoints`). The body
 * is the file's bytes as sent (any content type); the type is read from the bytes. See
 * docs/decisions/0030.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  // This plugin's routes take bytes, never JSON (the contract's `rawBody`): the image
  // itself, or a form holding it. Every body is read as a buffer, at most 2 MB and a
  // form's overhead; a larger one is cut off while streaming and answered 413 in the
  // product's words (the image's own size is checked again once it is out of its form).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES },
    (_request, body, done) => done(null, body),
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

  registerEndpoints(app, uploadEndpoints, {
    /**
     * `POST /api/uploads` (the image's bytes, or a form with it in `file` or `image`) →
     * 201 `{ success, message, _id, url, contentType, size }`. Errors: 400 empty body, or
     * a form without the file; 413 over 2 MB; 415 not a PNG, JPEG, WebP or GIF, or not
     * the type it claims.
     */
    create: async (request) => {
      // The parser above made the body a Buffer (none when nothing was sent).
      const body: unknown = request.body;
      const received = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      const contentType = request.headers['content-type'];
      const { bytes, declaredType } =
        contentType && isMultipart(contentType)
          ? await readFormImage(received, contentType)
          : { bytes: received, declaredType: contentType };
      const { id, type } = await uploadImage(app.db, bytes, declaredType);
      return {
        success: true as const,
        message: uploadMessages.uploaded,
        _id: String(id),
        url: uploadPath(id),
        contentType: type,
        size: bytes.length,
      };
    },

    /** `GET /api/uploads/{id}` → the image's bytes, its type, immutable for a year. Errors: 400 malformed id; 404. */
    image: async (request, reply) => {
      const image = await readImage(app.db, request.params.id);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', IMMUTABLE)
        .header('content-disposition', 'inline')
        .send(image.data);
    },
  });
};
