import { UPLOAD_MAX_BYTES, uploadEndpoints, uploadMessages } from '@haat/contract';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { errorHandler } from '../../platform/http/error-handler.js';
import { isMultipart, MULTIPART_OVERHEAD_BYTES, readFormImage } from './multipart.js';
import { readImage, readThumbnail, uploadImage, uploadPath } from './uploads.service.js';

/** How long browsers and proxies may keep an image: a year; an id's bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Answers an image's bytes with its type, shown in place, cached for a year. */
function sendImage(reply: FastifyReply, image: { contentType: string; data: Buffer }) {
  return reply
    .header('content-type', image.contentType)
    .header('cache-control', IMMUTABLE)
    .header('content-disposition', 'inline')
    .send(image.data);
}

/**
 * Image uploads (issue 9, the blog form's featured image; issue 27, products' images by
 * admins and vendors; `uploadEndpoints`). The body is the file's bytes as sent (any
 * content type); the type is read from the bytes. See docs/decisions/0030 and 0107.
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
     * `POST /api/uploads` (the image's bytes, or a form with it in `file` or `image`;
     * admins and vendors) → 201 `{ success, message, _id, url, contentType, size }`, the
     * image re-encoded as WebP (`size` its stored bytes). Errors: 400 empty body, or a
     * form without the file; 401/403 not signed in as staff; 413 over 2 MB, or a
     * vendor's storage full; 415 not a PNG, JPEG, WebP or GIF, not the type it claims,
     * or not decodable.
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
      const { id, type, size } = await uploadImage(
        app.db,
        actorOf(request),
        bytes,
        declaredType,
        app.config.vendorUploadLimitBytes,
      );
      return {
        success: true as const,
        message: uploadMessages.uploaded,
        _id: String(id),
        url: uploadPath(id),
        contentType: type,
        size,
      };
    },

    /** `GET /api/uploads/{id}` → the image's bytes, its type, immutable for a year. Errors: 400 malformed id; 404. */
    image: async (request, reply) => {
      return sendImage(reply, await readImage(app.db, request.params.id));
    },

    /** `GET /api/uploads/{id}/thumbnail` → the thumbnail's bytes (WebP), immutable for a year. Errors: 400 malformed id; 404. */
    thumbnail: async (request, reply) => {
      return sendImage(reply, await readThumbnail(app.db, request.params.id));
    },
  });
};
