import { createHash } from 'node:crypto';
import { UPLOAD_MAX_BYTES, type UploadContentType, uploadMessages } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { AppError, type ErrorCode, notFound } from '../../platform/errors.js';
import { findUpload, insertUpload } from './uploads.repository.js';

/**
 * Image uploads (issue 9; docs/decisions/0030): PNG, JPEG, WebP or GIF, recognised by
 * their first bytes (never by a name or a declared type), at most 2 MB, kept in the
 * database and served by the API at `/api/uploads/{id}`.
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
 * Stores an image already checked by `checkImage`; returns its id. The same bytes
 * stored twice keep one row. Pass a transaction to store it with what refers to it.
 */
export function storeCheckedImage(db: Db, bytes: Buffer, type: UploadContentType): Promise<number> {
  return insertUpload(db, {
    contentType: type,
    byteSize: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    data: bytes,
    now: new Date().toISOString(),
  });
}

/**
 * `POST /api/uploads`: checks and stores an image.
 * @throws AppError BAD_REQUEST (400) empty, PAYLOAD_TOO_LARGE (413) over 2 MB,
 *   UNSUPPORTED_MEDIA_TYPE (415) not an accepted image or not the type it claims. A
 *   refused image leaves nothing behind.
 */
export async function uploadImage(
  db: Db,
  bytes: Buffer,
  declaredType: string | undefined,
): Promise<{ id: number; type: UploadContentType }> {
  const checked = checkImage(bytes, declaredType);
  if ('refusal' in checked) throw new AppError(checked.refusal.code, checked.refusal.message);
  return { id: await storeCheckedImage(db, bytes, checked.type), type: checked.type };
}

/** `GET /api/uploads/:id`. @throws AppError NOT_FOUND (404). */
export async function readImage(db: Db, id: number): Promise<{ contentType: string; data: Buffer }> {
  const row = await findUpload(db, id);
  if (!row) throw notFound(uploadMessages.notFound);
  return { contentType: row.contentType, data: Buffer.from(row.data) };
}
