import type { Db } from '../../platform/db/create-db.js';

/**
 * Every SQL statement of the scheduled clean-up (issue 23; decision 0091). Each
 * delete takes at most `batch` rows, so no statement holds many locks or runs long;
 * the service repeats it until a batch comes back short.
 */

/** Deletes up to `batch` notifications created before `before` (UTC ISO), oldest first. Returns how many. */
export async function deleteNotificationsBefore(db: Db, before: string, batch: number): Promise<number> {
  // Ids grow with time, so walking the primary key finds the old rows first.
  const result = await db
    .deleteFrom('notifications')
    .where('id', 'in', (eb) =>
      eb.selectFrom('notifications').select('id').where('createdAt', '<', before).orderBy('id').limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes up to `batch` idempotency keys claimed before `before` (UTC ISO). Returns how many. */
export async function deleteCheckoutKeysBefore(db: Db, before: string, batch: number): Promise<number> {
  const result = await db
    .deleteFrom('checkoutKeys')
    .where('key', 'in', (eb) =>
      eb.selectFrom('checkoutKeys').select('key').where('createdAt', '<', before).limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes revocations of tokens that expired before `now` (UTC ISO); they are refused anyway. Returns how many. */
export async function deleteRevocationsBefore(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('revokedTokens').where('expiresAt', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ids of up to `batch` uploads neither stored nor re-uploaded since `before` (UTC ISO), oldest first. */
export async function findUploadsUntouchedSince(db: Db, before: string, batch: number): Promise<number[]> {
  const rows = await db
    .selectFrom('uploads')
    .select('id')
    .where('updatedAt', '<', before)
    .orderBy('id')
    .limit(batch)
    .execute();
  return rows.map((row) => row.id);
}

/** Matches an uploaded image's address (`/api/uploads/{id}`), relative or inside an absolute URL. */
const UPLOAD_ADDRESS = /\/api\/uploads\/([1-9]\d{0,9})(?!\d)/g;

/**
 * The ids of every upload some record points at: a blog post's content or featured
 * image, a product's images or an open revision's proposed images, a category's image,
 * the logo, the sales banner's logo or a banner. Only texts that hold `/api/uploads/`
 * are read. (The activity log's history of old values keeps nothing alive.)
 */
export async function findReferencedUploads(db: Db): Promise<Set<number>> {
  const marker = '%/api/uploads/%';
  const texts = await Promise.all([
    db.selectFrom('blogs').select('content as text').where('content', 'like', marker).execute(),
    db.selectFrom('blogs').select('image as text').where('image', 'like', marker).execute(),
    db.selectFrom('productImages').select('url as text').where('url', 'like', marker).execute(),
    db.selectFrom('productRevisions').select('proposed as text').where('proposed', 'like', marker).execute(),
    db.selectFrom('categories').select('imageUrl as text').where('imageUrl', 'like', marker).execute(),
    db.selectFrom('websiteConfig').select('logoUrl as text').where('logoUrl', 'like', marker).execute(),
    db
      .selectFrom('websiteConfig')
      .select('salesBannerLogoUrl as text')
      .where('salesBannerLogoUrl', 'like', marker)
      .execute(),
    db.selectFrom('websiteBanners').select('imageUrl as text').where('imageUrl', 'like', marker).execute(),
  ]);
  const ids = new Set<number>();
  for (const rows of texts) {
    for (const { text } of rows) {
      for (const match of (text ?? '').matchAll(UPLOAD_ADDRESS)) ids.add(Number(match[1]));
    }
  }
  return ids;
}

/**
 * Deletes the uploads among `ids` that are still untouched since `before` (one
 * re-uploaded meanwhile, which moves its `updated_at`, stays). Returns how many.
 */
export async function deleteUploadsUntouchedSince(db: Db, ids: readonly number[], before: string): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('uploads')
    .where('id', 'in', ids)
    .where('updatedAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
