import type { Db } from '../../platform/db/create-db.js';

/** Every SQL statement on uploaded images (`uploads`). Functions take the query handle first. */

/**
 * Stores an image once per content: a second upload of the same bytes (same SHA-256)
 * reuses the first row and moves its `updated_at` to `now`, so the clean-up of unused
 * uploads (decision 0091) gives it the same grace as a new one. Returns the row's id.
 */
export async function insertUpload(
  db: Db,
  values: {
    contentType: string;
    byteSize: number;
    sha256: string;
    data: Buffer;
    thumbnail: Buffer;
    ownerUserId: number | null;
    now: string;
  },
): Promise<number> {
  const { now, ...row } = values;
  await db
    .insertInto('uploads')
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('sha256').doUpdateSet({ updatedAt: now }))
    .execute();
  const stored = await db
    .selectFrom('uploads')
    .select('id')
    .where('sha256', '=', values.sha256)
    .executeTakeFirstOrThrow();
  return stored.id;
}

/** One image's bytes and content type, or undefined. */
export function findUpload(db: Db, id: number) {
  return db.selectFrom('uploads').select(['id', 'contentType', 'data']).where('id', '=', id).executeTakeFirst();
}

/**
 * One image's thumbnail (null when stored before thumbnails were made), with the image
 * and its type to fall back on; undefined when there is no such image.
 */
export function findThumbnail(db: Db, id: number) {
  return db
    .selectFrom('uploads')
    .select([
      'contentType',
      'thumbnail',
      (eb) => eb.case().when('thumbnail', 'is', null).then(eb.ref('data')).end().as('data'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Bytes of the images `userId` uploaded (their stored, re-encoded size), read through `uploads_owner_idx`. */
export async function uploadedBytesOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('byteSize'), eb.lit(0)).as('bytes'))
    .where('ownerUserId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}
