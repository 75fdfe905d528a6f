import { z } from 'zod';
import {
  hasNoNul,
  idParams,
  idString,
  isImageAddress,
  isoDateTime,
  messageResponse,
  NUL_CHARACTER_MESSAGE,
  pageInfo,
  pageQuery,
  requiredText,
  UPLOAD_PATH_PATTERN,
  versionInput,
} from './common.js';
import { endpoint } from './endpoint.js';

/** Spec section 2 'Blog list', 'Blog form', section 5 and section 8 'Blogs'. */
export const blogMessages = {
  heading: 'Blog Management',
  /** Every missing required field (title, category, author, content) answers this one message. */
  requiredFields: 'Please fill in all required fields',
  imageInvalid: 'Please enter a valid image URL (include http:// or https://) or upload an image',
  loadFailed: 'Failed to load blogs',
  loaded: (count: number) => `Loaded ${count} blogs successfully!`,
  empty: 'No blogs found. Create your first blog post!',
  deleteConfirm: (title: string) => `Are you sure you want to delete blog "${title}"? This action cannot be undone.`,
  deleteCancelled: 'Blog deletion cancelled.',
  deleted: 'Blog deleted successfully!',
  deleteFailed: 'Failed to delete blog',
  loadOneFailed: 'Failed to load blog data',
  saveFailed: 'Failed to save blog. Please try again.',
  published: 'Blog published successfully!',
  updated: 'Blog updated successfully!',
  notFound: 'Blog not found',
  imageUploaded: 'Image uploaded successfully!',
  imageUrlApplied: 'Image URL applied!',
  imageRemoved: 'Image removed',
  conflict:
    'This blog post was changed by someone else after you opened it. Reload the page to see their changes, then save yours again.',
  /** Past `BLOG_MARKUP_MAX_LENGTH` (issue 23). */
  contentTooLong:
    'The post is too long: at most 100,000 characters of text and formatting (embedded images not counted)',
  /** Past `BLOG_MAX_NESTING` (issue 23). */
  contentTooDeep:
    'The post’s formatting is nested too deeply: at most 32 levels of lists, quotes and styles inside one another',
} as const;

/**
 * The most characters of HTML a post's content may have, embedded images' data aside
 * (issue 23). A long article is 20 to 50 thousand; the sanitiser reads 100,000 in a few
 * milliseconds, while 2 MB of markup held the server for most of a second.
 */
export const BLOG_MARKUP_MAX_LENGTH = 100_000;

/**
 * The deepest nesting of elements a post's content may have (issue 23): the editor's
 * deepest lists are a few levels of `ul > li > p`; 50,000 nested `<b>` took the
 * sanitiser 1.9 s, its cost growing with the square of the depth. Checked by the
 * server as it sanitises (the HTML parser's own depth), not by the form.
 */
export const BLOG_MAX_NESTING = 32;

/** An embedded image's `data:` URL, whose data does not count towards `BLOG_MARKUP_MAX_LENGTH`. */
const EMBEDDED_IMAGE = /data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/=\s]*/gi;

/** The characters of `html` that count towards `BLOG_MARKUP_MAX_LENGTH`: all but embedded images' data. */
export function blogMarkupLength(html: string): number {
  let length = html.length;
  for (const match of html.matchAll(EMBEDDED_IMAGE)) length -= match[0].length;
  return length;
}

/** Longest blog content accepted, in characters of HTML (before embedded images are stored). */
export const BLOG_CONTENT_MAX_LENGTH = 6_000_000;

/** An embedded image (`data:image/...;base64,...`), as the spec's form reads a chosen file. */
export const DATA_IMAGE_PATTERN = /^data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/=\s]+$/i;

/** True for what a featured image may be: an http(s) URL, an uploaded image's path, or an embedded image. */
export function isBlogImage(value: string): boolean {
  return isImageAddress(value) || DATA_IMAGE_PATTERN.test(value);
}

/**
 * `POST /api/blogs/create`, `PUT /api/blogs/:id` body (spec section 7). `content` is
 * HTML, sanitised by the server, of at most `BLOG_MARKUP_MAX_LENGTH` characters besides
 * embedded images (and nested at most `BLOG_MAX_NESTING` deep, which the server checks); `image` is optional (URL, uploaded image's path, or an
 * embedded `data:` image the server stores as an upload). `updatedAt` is the version an
 * edit started from (decision 0018).
 */
export const blogBody = z.object({
  title: requiredText(blogMessages.requiredFields, 200, 'Title must be at most 200 characters'),
  category: requiredText(blogMessages.requiredFields, 100, 'Category must be at most 100 characters'),
  author: requiredText(blogMessages.requiredFields, 100, 'Author must be at most 100 characters'),
  content: z
    .string({ error: blogMessages.requiredFields })
    .trim()
    .min(1, blogMessages.requiredFields)
    .max(BLOG_CONTENT_MAX_LENGTH, 'Content is too long')
    .refine(hasNoNul, NUL_CHARACTER_MESSAGE)
    .refine((html) => blogMarkupLength(html) <= BLOG_MARKUP_MAX_LENGTH, blogMessages.contentTooLong),
  image: z
    .union([z.string().meta({ maxLength: 4_000_000 }), z.null()])
    .optional()
    .transform((value) => (value == null ? null : value.trim() || null))
    .pipe(
      z
        .string()
        .max(4_000_000)
        .refine(hasNoNul, NUL_CHARACTER_MESSAGE)
        .refine(isBlogImage, blogMessages.imageInvalid)
        .nullable(),
    ),
  updatedAt: versionInput.optional(),
});
export type BlogBody = z.input<typeof blogBody>;

/** A blog post as the API answers it (spec section 3, Blog). */
export const blog = z.object({
  _id: idString,
  title: z.string(),
  category: z.string(),
  author: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** An http(s) URL or `/api/uploads/{id}`; null for none. */
  image: z.string().nullable(),
  createdAt: isoDateTime,
  /** The version an edit sends back. */
  updatedAt: isoDateTime,
});
export type Blog = z.infer<typeof blog>;

/** `GET /api/blogs/` query, newest first. Without `limit` the spec's unpaged list; with it a page. */
export const blogListQuery = pageQuery;
export type BlogListQuery = z.input<typeof blogListQuery>;

export const blogListResponse = z.object({
  success: z.literal(true),
  blogs: z.array(blog),
  ...pageInfo,
  /** With `limit`: how many posts have a category (the list's footer). */
  withCategory: z.number().int().nonnegative().optional(),
});
export type BlogListResponse = z.infer<typeof blogListResponse>;

export const blogResponse = z.object({ success: z.literal(true), blog });
export type BlogResponse = z.infer<typeof blogResponse>;

export const blogSavedResponse = z.object({ success: z.literal(true), message: z.string(), blog });
export type BlogSavedResponse = z.infer<typeof blogSavedResponse>;

/**
 * Image uploads (issue 9): PNG, JPEG, WebP or GIF, checked by their bytes, at most 2 MB;
 * stored re-encoded as WebP (issue 27), so `contentType` answers image/webp.
 */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const uploadContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type UploadContentType = (typeof uploadContentTypes)[number];

export const uploadMessages = {
  uploaded: 'Image uploaded successfully!',
  notImage: 'Only PNG, JPEG, WebP or GIF images can be uploaded',
  typeMismatch: "The file's content does not match its type. Upload a PNG, JPEG, WebP or GIF image",
  tooLarge: 'Images must be at most 2 MB',
  empty: 'The file is empty',
  noFormFile: 'Send the image as the request body, or as a file in a form field named file or image',
  notFound: 'Image not found',
  /** The bytes start as an image but cannot be decoded (cut short, damaged). */
  unreadable: 'The image could not be read. Upload a PNG, JPEG, WebP or GIF image',
  /** A vendor's uploads past `VENDOR_UPLOAD_LIMIT_MB` (issue 27). */
  storageFull: (limitMb: number) =>
    `Your image storage is full (${limitMb} MB). Remove images you no longer use from your products, or ask the store to raise the limit.`,
} as const;

/** The longest edge, in pixels, an uploaded image is kept at (larger ones are scaled down). */
export const IMAGE_MAX_EDGE = 1600;
/** The edge, in pixels, of the square thumbnail lists show. */
export const THUMBNAIL_EDGE = 320;

/** The address of an uploaded image's thumbnail, or the address itself for any other image. */
export function thumbnailOf(address: string): string {
  return UPLOAD_PATH_PATTERN.test(address) ? `${address}/thumbnail` : address;
}

/** `POST /api/uploads` answer (201): `url` is where the API serves the image. */
export const uploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  _id: idString,
  url: z.string(),
  contentType: z.enum(uploadContentTypes),
  /** Size in bytes. */
  size: z.number().int().positive(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

/**
 * Blog posts (spec sections 2 'Blog list' and 'Blog form', 3 and 7). Reading is public
 * (the storefront shows posts); writes are admin only (spec section 6: 'Blog create,
 * update, delete send the bearer token'). A post's body may embed images as `data:` URLs,
 * each up to 2 MB: the API takes write bodies up to 12 MB and stores those images as
 * uploads.
 */
export const blogEndpoints = {
  /** `{ success, blogs }` newest first; with `limit` a page plus `total`, `withCategory` and `nextCursor`. */
  list: endpoint('GET', '/api/blogs', { access: 'public', summary: 'Blog posts, newest first' })
    .input(z.object({ query: blogListQuery }))
    .output(blogListResponse),
  /** `{ success, blog }`. */
  get: endpoint('GET', '/api/blogs/{id}', { access: 'public', summary: 'One blog post' })
    .input(z.object({ params: idParams }))
    .output(blogResponse),
  /**
   * `{ title, category, author, content, image? }` → 201 'Blog published successfully!'
   * and the post, its HTML sanitised and embedded images stored as uploads. 400 'Please
   * fill in all required fields' or a bad image; 413/415 an embedded image over 2 MB or
   * not an image.
   */
  create: endpoint('POST', '/api/blogs/create', {
    access: 'admin',
    permission: 'content:write',
    summary: 'Publish a blog post',
    status: 201,
  })
    .input(z.object({ body: blogBody }))
    .output(blogSavedResponse),
  /** The same body plus the `updatedAt` the form loaded → 'Blog updated successfully!'; 409 saved by someone else since. */
  update: endpoint('PUT', '/api/blogs/{id}', {
    access: 'admin',
    permission: 'content:write',
    summary: 'Update a blog post',
  })
    .input(z.object({ params: idParams, body: blogBody }))
    .output(blogSavedResponse),
  /** → 'Blog deleted successfully!'. */
  remove: endpoint('DELETE', '/api/blogs/{id}', {
    access: 'admin',
    permission: 'content:write',
    summary: 'Delete a blog post',
  })
    .input(z.object({ params: idParams }))
    .output(messageResponse),
};

/**
 * Image uploads (issue 9, the blog form's featured image; decision 0030). The body is
 * the file's bytes as sent, its type read from the bytes.
 */
export const uploadEndpoints = {
  /**
   * The image's bytes as the body (`Content-Type` the image's type or
   * `application/octet-stream`), or a `multipart/form-data` form with the file in a
   * field named `file` or `image` (a browser form, `curl -F file=@photo.png`) → 201 `{ success, message: 'Image uploaded successfully!',
   * _id, url: '/api/uploads/{id}', contentType, size }` (bytes). The image is stored
   * re-encoded as WebP (EXIF and GPS dropped, turned upright, at most `IMAGE_MAX_EDGE`
   * px) with a `THUMBNAIL_EDGE` px thumbnail. Admins and vendors (a vendor's product
   * images; their uploads count towards `VENDOR_UPLOAD_LIMIT_MB`). 400 empty body; 413
   * over 2 MB ('Images must be at most 2 MB') or a vendor's storage full; 415 not a
   * PNG, JPEG, WebP or GIF, not the image type it claims, or not decodable.
   */
  create: endpoint('POST', '/api/uploads', {
    access: 'staff',
    summary: 'Upload an image (PNG, JPEG, WebP or GIF, at most 2 MB)',
    status: 201,
    rawBody: true,
  })
    .input(z.object({ body: z.instanceof(Blob) }))
    .output(uploadResponse),
  /**
   * The image's bytes with its own content type and a year-long immutable cache header.
   * Public (the storefront shows blog images); pages link it as `<img src>`.
   */
  image: endpoint('GET', '/api/uploads/{id}', {
    access: 'public',
    summary: 'An uploaded image',
    rawAnswer: true,
  }).input(z.object({ params: idParams })),
  /**
   * The image's `THUMBNAIL_EDGE` px square WebP thumbnail (lists show it instead of the
   * whole image); an image stored before thumbnails were made answers itself. Public,
   * immutable for a year, as the image.
   */
  thumbnail: endpoint('GET', '/api/uploads/{id}/thumbnail', {
    access: 'public',
    summary: "An uploaded image's thumbnail",
    rawAnswer: true,
  }).input(z.object({ params: idParams })),
};
