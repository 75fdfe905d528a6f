import { UPLOAD_MAX_BYTES, uploadMessages } from '@haat/contract';
import { ApiError, client } from './api-client';

/**
 * `POST /api/uploads` with the file's bytes as the body (admins and vendors; decision
 * 0107). The server reads the type from the bytes; the file's own type is sent so a
 * file that lies is refused. A file over 2 MB is refused here first, sparing the
 * upload of megabytes for nothing.
 * @returns the stored image: its `url` (`/api/uploads/{id}`), re-encoded as WebP.
 * @throws ApiError with the server's message ('Images must be at most 2 MB', a
 *   vendor's storage full, ...).
 */
export async function uploadImage(file: File) {
  if (file.size > UPLOAD_MAX_BYTES) throw new ApiError(uploadMessages.tooLarge, 413, 'PAYLOAD_TOO_LARGE');
  // A file of no known type goes as plain bytes, as the server expects of one.
  const bytes = file.type ? file : new Blob([file], { type: 'application/octet-stream' });
  try {
    return await client.uploads.create({ body: bytes });
  } catch (error) {
    // An answer without the server's words (a proxy's 413, say) reads as the upload rule.
    if (error instanceof ApiError && error.code === 'UNKNOWN' && error.status !== 0) {
      throw new ApiError(uploadMessages.notImage, error.status, error.code);
    }
    throw error;
  }
}
