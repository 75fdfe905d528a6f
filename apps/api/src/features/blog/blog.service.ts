import { type Blog, type blogBody, type blogListQuery, blogMessages } from '@haat/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/create-db.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import { type ActivityActor, diffFields, recordActivity } from '../activity/activity.service.js';
import type { ProcessedImage } from '../uploads/image-processing.js';
import { checkImage, reencodeImage, storeProcessedImage, uploadPath } from '../uploads/uploads.service.js';
import {
  BLOG_SORT,
  type BlogRow,
  type BlogValues,
  countBlogs,
  deleteBlog as deleteBlogRow,
  findBlogById,
  insertBlog,
  listBlogs as listBlogRows,
  updateBlog as updateBlogRow,
} from './blog.repository.js';
import {
  dataImageSources,
  decodeDataUrl,
  hasVisibleContent,
  MarkupTooDeepError,
  sanitizeBlogHtml,
} from './blog-html.js';

/**
 * Blog posts (spec sections 2 'Blog list' and 'Blog form', 3, 5 and 7). Content is
 * sanitised through an allowlist on every write (`blog-html.ts`); embedded `data:`
 * images, in the content or as the featured image, are checked like uploads and
 * stored as uploads in the same transaction as the post, which then points at
 * `/api/uploads/{id}`. Edits carry their version (decision 0018).
 */

type BlogBodyOut = z.output<typeof blogBody>;

/** A post row as the wire shape. */
export function toBlog(row: BlogRow): Blog {
  return {
    _id: String(row.id),
    title: row.title,
    category: row.category,
    author: row.author,
    content: row.content,
    image: row.image,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * `GET /api/blogs/`: every post newest first (the spec's answer) or, with `limit`, a
 * page plus `total`, `withCategory` and the next cursor.
 * @throws AppError BAD_REQUEST (400) for a malformed cursor.
 */
export async function listBlogs(
  db: Db,
  bounds: ListBounds,
  query: z.output<typeof blogListQuery>,
): Promise<{ blogs: Blog[]; total?: number; withCategory?: number; nextCursor?: string | null }> {
  let withCategory: number | undefined;
  const { items, ...paging } = await listOrPage(
    { ...query, sort: BLOG_SORT },
    {
      keyType: 'instant',
      fetchAll: () => listBlogRows(db),
      fetchPage: (page) => listBlogRows(db, page),
      count: () => countBlogs(db),
      totalOf: (counts) => {
        withCategory = counts.withCategory;
        return counts.total;
      },
      keyOf: (row) => ({ key: row.createdAt, id: row.id }),
      toItems: (rows) => rows.map(toBlog),
    },
    bounds,
  );
  return { blogs: items, ...(withCategory !== undefined && { withCategory }), ...paging };
}

/** `GET /api/blogs/:id`. @throws AppError NOT_FOUND (404). */
export async function getBlog(db: Db, id: number): Promise<Blog> {
  const row = await findBlogById(db, id);
  if (!row) throw notFound(blogMessages.notFound);
  return toBlog(row);
}

/** An embedded image waiting to be stored, and where it goes. */
interface PendingImage {
  source: string;
  bytes: Buffer;
}

function refuseImage(field: 'image' | 'content', message: string, code: AppError['code'] = 'VALIDATION_FAILED') {
  return new AppError(code, message, { [field]: message });
}

/** Decodes and checks an embedded image. @throws AppError (400/413/415) with the upload's message, on `field`. */
function checkDataImage(source: string, field: 'image' | 'content'): PendingImage {
  const decoded = decodeDataUrl(source);
  if (!decoded) throw refuseImage(field, blogMessages.imageInvalid);
  const checked = checkImage(decoded.bytes, decoded.declaredType);
  if ('refusal' in checked) {
    const code = checked.refusal.code === 'BAD_REQUEST' ? 'VALIDATION_FAILED' : checked.refusal.code;
    throw refuseImage(field, checked.refusal.message, code);
  }
  return { source, bytes: decoded.bytes };
}

/**
 * The content sanitised (`sanitizeBlogHtml`; its length the contract already bounded).
 * @throws AppError VALIDATION_FAILED (400) `blogMessages.contentTooDeep` on `content`
 *   when its elements nest past `BLOG_MAX_NESTING`.
 */
function sanitizeContent(html: string): string {
  try {
    return sanitizeBlogHtml(html);
  } catch (error) {
    if (!(error instanceof MarkupTooDeepError)) throw error;
    throw new AppError('VALIDATION_FAILED', blogMessages.contentTooDeep, { content: blogMessages.contentTooDeep });
  }
}

/**
 * Sanitises the body and checks its embedded images, before anything is written.
 * @throws AppError VALIDATION_FAILED (400) 'Please fill in all required fields' when
 *   nothing visible is left of the content, or `contentTooDeep` (`sanitizeContent`); the
 *   upload refusals (400/413/415) for an embedded image that is not an accepted image
 *   or is over 2 MB.
 */
async function prepare(body: BlogBodyOut): Promise<{ values: BlogValues; images: ReencodedImage[] }> {
  const content = sanitizeContent(body.content);
  if (!hasVisibleContent(content)) {
    throw new AppError('VALIDATION_FAILED', blogMessages.requiredFields, { content: blogMessages.requiredFields });
  }
  const images = dataImageSources(content).map((source) => checkDataImage(source, 'content'));
  if (body.image?.startsWith('data:')) images.push(checkDataImage(body.image, 'image'));
  return {
    values: { title: body.title, category: body.category, author: body.author, content, image: body.image },
    // Re-encoded before any transaction opens: the database never waits on image work.
    images: await Promise.all(
      images.map(async (pending) => ({ source: pending.source, image: await reencodeImage(pending.bytes) })),
    ),
  };
}

/** An embedded image re-encoded, and the `data:` URL it replaces. */
interface ReencodedImage {
  source: string;
  image: ProcessedImage;
}

/** Stores the pending images in `trx` and points the values at them. */
async function storeImages(
  trx: Db,
  prepared: { values: BlogValues; images: ReencodedImage[] },
  ownerUserId: number | null,
): Promise<BlogValues> {
  let { content, image } = prepared.values;
  for (const pending of prepared.images) {
    const path = uploadPath(await storeProcessedImage(trx, pending.image, ownerUserId));
    content = content.split(`src="${pending.source}"`).join(`src="${path}"`);
    if (image === pending.source) image = path;
  }
  return { ...prepared.values, content, image };
}

/**
 * `POST /api/blogs/create`: a new post, content sanitised, embedded images stored.
 * @throws AppError as `prepare`; nothing is stored when it throws.
 */
export async function createBlog(db: Db, actor: ActivityActor, body: BlogBodyOut): Promise<Blog> {
  const prepared = await prepare(body);
  const now = new Date().toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const blogId = await insertBlog(trx, await storeImages(trx, prepared, actor.userId), now);
    const changes = diffFields(null, (await findBlogById(trx, blogId)) ?? null);
    await recordActivity(trx, { actor, action: 'create', kind: 'blog', recordId: blogId, label: body.title, changes });
    return blogId;
  });
  return getBlog(db, id);
}

/**
 * `PUT /api/blogs/:id`: replaces the post's fields. When `updatedAt` is given it must
 * be the post's current version. The post is looked up before its content is
 * sanitised, so an unknown id costs one read, not a sanitising (issue 23).
 * @throws AppError NOT_FOUND (404); CONFLICT (409) saved by someone else since; as
 *   `prepare`. Nothing changes when it throws.
 */
export async function updateBlog(db: Db, actor: ActivityActor, id: number, body: BlogBodyOut): Promise<Blog> {
  if (!(await findBlogById(db, id))) throw notFound(blogMessages.notFound);
  const prepared = await prepare(body);
  await db.transaction().execute(async (trx) => {
    const current = await findBlogById(trx, id);
    if (!current) throw notFound(blogMessages.notFound);
    if (isStaleVersion(body.updatedAt, current.updatedAt)) {
      throw new AppError('CONFLICT', blogMessages.conflict);
    }
    const values = await storeImages(trx, prepared, actor.userId);
    await updateBlogRow(trx, id, values, nextVersion(current.updatedAt, new Date().toISOString()));
    const changes = diffFields(current, (await findBlogById(trx, id)) ?? null);
    await recordActivity(trx, { actor, action: 'update', kind: 'blog', recordId: id, label: body.title, changes });
  });
  return getBlog(db, id);
}

/** `DELETE /api/blogs/:id`. @throws AppError NOT_FOUND (404). */
export async function deleteBlog(db: Db, actor: ActivityActor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findBlogById(trx, id);
    if (!before || !(await deleteBlogRow(trx, id))) throw notFound(blogMessages.notFound);
    await recordActivity(trx, {
      actor,
      action: 'delete',
      kind: 'blog',
      recordId: id,
      label: before.title,
      changes: diffFields(before, null),
    });
  });
}
