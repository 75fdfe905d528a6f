import { createHash } from 'node:crypto';
import { UPLOAD_MAX_BYTES, type UploadContentType, uploadMessages } from '@haat/contract';
import type { Actor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { AppError, type ErrorCode, notFound } from '../../platform/errors.js';
import { type ProcessedImage, processImage, UnreadableImage } from './image-processing.js';
import { findThumbnail, findUpload, insertUpload, uploadedBytesOf } from './uploads.repository.js';

/**
 * Image uploads (issue 9; docs/decisions/0030 and 0107): PNG, JPEG, WebP or GIF,
 * recognised by their first bytes (never by a name or a declared type), at most 2 MB,
 * kept in the database re-encoded as WebP with a thumbnail, and served by the API at
 * `/api/uploads/{id}` and `/api/uploads/{id}/thumbnail`.
 */

/** The path the API serves an upload from. */
export const uploadPath = (id: number) => `/api/uploads/${id}`;

/** The image type `bytes` start with, or null when they are none of the four accepted. */
export function sniffImageType(bytes: Uint8Array): UploadContentType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'image/gif';
  }
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return 'image/webp';
  }
  return null;
}

/** Why an image is refused: the message and the error code to answer with. */
export interface ImageRefusal {
  code: ErrorCode;
  message: string;
}

/**
 * Checks an image's bytes. `declaredType` is the type the client named (a header or a
 * `data:` URL); when it names an image type, it must agree with the bytes.
 * @returns the type read from the bytes, or the refusal: 'The file is empty' (400),
 *   'Images must be at most 2 MB' (413), not an image (415), content not matching
 *   its declared type (415).
 */
export function checkImage(
  bytes: Uint8Array,
  declaredType: string | undefined,
): { type: UploadContentType } | { refusal: ImageRefusal } {
  if (bytes.length === 0) return { refusal: { code: 'BAD_REQUEST', message: uploadMessages.empty } };
  if (bytes.length > UPLOAD_MAX_BYTES)
    return { refusal: { code: 'PAYLOAD_TOO_LARGE', message: uploadMessages.tooLarge } };
  const type = sniffImageType(bytes);
  const declared = declaredType?.split(';')[0]?.trim().toLowerCase();
  const named = declared === 'image/jpg' ? 'image/jpeg' : declared;
  if (!type) {
    const message = named?.startsWith('image/') ? uploadMessages.typeMismatch : uploadMessages.notImage;
    return { refusal: { code: 'UNSUPPORTED_MEDIA_TYPE', message } };
  }
  if (named?.startsWith('image/') && named !== type) {
    return { refusal: { code: 'UNSUPPORTED_MEDIA_TYPE', message: uploadMessages.typeMismatch } };
  }
  return { type };
}

/**
 * Re-encodes an image already checked by `checkImage` (`processImage`).
 * @throws AppError UNSUPPORTED_MEDIA_TYPE (415) 'The image could not be read…' when it
 *   cannot be decoded.
 */
export async function reencodeImage(bytes: Buffer): Promise<ProcessedImage> {
  try {
    return await processImage(bytes);
  } catch (error) {
    if (error instanceof UnreadableImage) throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.unreadable);
    throw error;
  }
}

/**
 * Stores a processed image (WebP) and its thumbnail; returns its id. The same bytes
 * stored twice keep one row (and its first owner). `ownerUserId` is the vendor's or
 * admin's user who uploaded it, null for the store's own pictures. Pass a transaction
 * to store it with what refers to it.
 */
export function storeProcessedImage(db: Db, image: ProcessedImage, ownerUserId: number | null): Promise<number> {
  return insertUpload(db, {
    contentType: 'image/webp',
    byteSize: image.data.length,
    sha256: createHash('sha256').update(image.data).digest('hex'),
    data: image.data,
    thumbnail: image.thumbnail,
    ownerUserId,
    now: new Date().toISOString(),
  });
}

/**
 * Checks, re-encodes and stores an image from the outside (an upload, a blog post's
 * embedded image); returns its id.
 * @throws AppError as `checkImage` refuses, and as `reencodeImage`.
 */
export async function storeCheckedImage(db: Db, bytes: Buffer, ownerUserId: number | null): Promise<number> {
  return storeProcessedImage(db, await reencodeImage(bytes), ownerUserId);
}

/**
 * `POST /api/uploads`: checks, re-encodes and stores an image for `actor`. A vendor's
 * images count towards `vendorLimitBytes`; the check and the insert run in one
 * transaction that first locks the vendor's user row on PostgreSQL (SQLite runs one
 * writer at a time), so two uploads at once cannot both pass a nearly full limit.
 * @returns the id, the stored type (image/webp) and the stored size in bytes.
 * @throws AppError BAD_REQUEST (400) empty, PAYLOAD_TOO_LARGE (413) over 2 MB or the
 *   vendor's storage full, UNSUPPORTED_MEDIA_TYPE (415) not an accepted image, not the
 *   type it claims, or not decodable. A refused image leaves nothing behind.
 */
export async function uploadImage(
  db: Db,
  actor: Pick<Actor, 'userId' | 'role'>,
  bytes: Buffer,
  declaredType: string | undefined,
  vendorLimitBytes: number,
): Promise<{ id: number; type: UploadContentType; size: number }> {
  const checked = checkImage(bytes, declaredType);
  if ('refusal' in checked) throw new AppError(checked.refusal.code, checked.refusal.message);
  const image = await reencodeImage(bytes);
  const id = await db.transaction().execute(async (trx) => {
    if (actor.role === 'vendor') {
      if (isPostgres(trx))
        await trx.selectFrom('users').select('id').where('id', '=', actor.userId).forUpdate().execute();
      const used = await uploadedBytesOf(trx, actor.userId);
      if (used + image.data.length > vendorLimitBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.storageFull(Math.round(vendorLimitBytes / 1024 / 1024)));
    }
    return storeProcessedImage(trx, image, actor.userId);
  });
  return { id, type: 'image/webp', size: image.data.length };
}

/** `GET /api/uploads/:id`. @throws AppError NOT_FOUND (404). */
export async function readImage(db: Db, id: number): Promise<{ contentType: string; data: Buffer }> {
  const row = await findUpload(db, id);
  if (!row) throw notFound(uploadMessages.notFound);
  return { contentType: row.contentType, data: Buffer.from(row.data) };
}

/**
 * `GET /api/uploads/:id/thumbnail`: the thumbnail (WebP), or the image itself when it
 * was stored before thumbnails were made. @throws AppError NOT_FOUND (404).
 */
export async function readThumbnail(db: Db, id: number): Promise<{ contentType: string; data: Buffer }> {
  const row = await findThumbnail(db, id);
  if (!row) throw notFound(uploadMessages.notFound);
  return row.thumbnail
    ? { contentType: 'image/webp', data: Buffer.from(row.thumbnail) }
    : { contentType: row.contentType, data: Buffer.from(row.data ?? Buffer.alloc(0)) };
}
