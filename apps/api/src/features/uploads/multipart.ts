import { Readable } from 'node:stream';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { UPLOAD_MAX_BYTES, uploadMessages } from '@haat/contract';
import { AppError } from '../../platform/errors.js';

/** The form fields an upload's file may come in: `file` (curl -F, most forms) or `image`. */
export const UPLOAD_FIELDS = ['file', 'image'] as const;

/** What a `multipart/form-data` body may carry around its file: boundaries, headers, a few small fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** True for a `multipart/form-data` content type. */
export function isMultipart(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';
}

/**
 * Reads the image out of a `multipart/form-data` body already read into memory (issue
 * 23: a browser form or `curl -F file=@x.png` uploads like this): the first file in a
 * field named `file` or `image`, with the type its part declares.
 * `words` are the refusals' (a KYC document's upload says "document", issue 35).
 * @throws AppError BAD_REQUEST (400) when the body is not a well-formed form or holds
 *   no such file; PAYLOAD_TOO_LARGE (413) when the file is over 2 MB.
 */
export async function readFormImage(
  body: Buffer,
  contentType: string,
  words: { noFormFile: string; tooLarge: string } = uploadMessages,
): Promise<{ bytes: Buffer; declaredType: string | undefined }> {
  const malformed = () => new AppError('BAD_REQUEST', words.noFormFile);
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 20, parts: 21, fieldSize: 1024 },
    });
  } catch {
    throw malformed();
  }
  return new Promise((resolve, reject) => {
    let found: { bytes: Buffer; declaredType: string | undefined } | null = null;
    let refusal: AppError | null = null;
    parser.on('file', (field, stream, _name, _encoding, mimeType) => {
      if (found || refusal || !(UPLOAD_FIELDS as readonly string[]).includes(field)) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        refusal = new AppError('PAYLOAD_TOO_LARGE', words.tooLarge);
      });
      stream.on('end', () => {
        if (!refusal) found = { bytes: Buffer.concat(chunks), declaredType: mimeType };
      });
    });
    parser.on('error', () => reject(malformed()));
    parser.on('finish', () => {
      if (refusal) reject(refusal);
      else if (found) resolve(found);
      else reject(malformed());
    });
    Readable.from([body]).pipe(parser);
  });
}
