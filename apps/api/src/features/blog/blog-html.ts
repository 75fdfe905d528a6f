import { createRequire } from 'node:module';
import { BLOG_MAX_NESTING } from '@haat/contract';
import type sanitizeHtml from 'sanitize-html';

/**
 * The blog's HTML allowlist (issue 9): what the editor produces (headings, paragraphs,
 * emphasis, underline, alignment, lists, links, images, code) and nothing else,
 * whatever a client sends. No script or other active content, no event handler, no
 * `javascript:`/`data:` link, no style but text alignment, so a post can neither run
 * code nor escape its box on the page that shows it.
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'code',
  'pre',
  'blockquote',
  'hr',
];

/** Tags whose text is dropped along with them (not kept as text). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'template',
  'title',
];

/**
 * A link's or an image's URL with its scheme as a browser reads it: the white space and
 * control characters a browser skips taken out of what precedes the first colon, and
 * that lower-cased; the rest as written. So `"\tdata:image/png…"` or `"DATA:…"` reaches
 * the scheme check, and `dataImageSources`, as the `data:` image it is, instead of
 * slipping past the service's upload step into the stored post. A URL whose start is no
 * scheme (`/a:b.png`) stays as it is.
 */
function withPlainScheme(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const colon = url.indexOf(':');
  if (colon < 0) return url;
  // What a browser skips: white space and C0 controls (up to U+0020), DEL and C1 controls.
  const skipped = (char: string) => char <= '\u0020' || (char >= '\u007f' && char <= '\u009f');
  const scheme = [...url.slice(0, colon)]
    .filter((char) => !skipped(char))
    .join('')
    .toLowerCase();
  return /^[a-z][a-z0-9+.-]*$/.test(scheme) ? `${scheme}${url.slice(colon)}` : url;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    h5: ['style'],
    h6: ['style'],
  },
  allowedStyles: {
    '*': { 'text-align': [/^(?:left|right|center|justify)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // `data:` images are kept here only so the service can store them as uploads and
  // point the post at them; `sanitizeBlogHtml` never lets one through to the database.
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...given } = attribs;
      const href = withPlainScheme(given.href);
      const rest = href === undefined ? given : { ...given, href };
      // A link opening a new tab must not hand the post's page to the target.
      return {
        tagName,
        attribs:
          target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer nofollow' } : { ...rest, rel: 'nofollow' },
      };
    },
    img: (tagName, attribs) => {
      const { width, height, ...given } = attribs;
      const src = withPlainScheme(given.src);
      const rest = src === undefined ? given : { ...given, src };
      const size = (value: string | undefined) => (value && /^\d{1,4}$/.test(value) ? value : undefined);
      return {
        tagName,
        attribs: {
          ...rest,
          ...(size(width) && { width: size(width) as string }),
          ...(size(height) && { height: size(height) as string }),
        },
      };
    },
  },
};

/** Thrown by `sanitizeBlogHtml` when elements nest deeper than `BLOG_MAX_NESTING`. */
export class MarkupTooDeepError extends Error {
  override name = 'MarkupTooDeepError';
}

const require = createRequire(import.meta.url);
let sanitizer: typeof sanitizeHtml | undefined;

/**
 * Sanitises a post's HTML through the allowlist. `img` sources may still be `data:`
 * images, for the caller to store (see `blog.service.ts`); everything else that is not
 * on the list is gone.
 *
 * The parser's own depth is counted as it goes (every element it opens, allowed or
 * not, less every one it closes, implied closes included), and the sanitising stops
 * at the first element past `maxNesting` (issue 23): sanitize-html's cost grows with
 * the square of the depth (50,000 nested `<b>` took 1.9 s, 200,000 took 30 s, and
 * the whole server waited), while within the bound it is linear in the length.
 * @throws MarkupTooDeepError past `maxNesting` (default `BLOG_MAX_NESTING`).
 */
export function sanitizeBlogHtml(html: string, maxNesting = BLOG_MAX_NESTING): string {
  // Loaded at the first post written, not at start: it and its HTML and CSS parsers were
  // a few tens of milliseconds of CPU at every start (docs/decisions/0096).
  sanitizer ??= require('sanitize-html') as typeof sanitizeHtml;
  let depth = 0;
  return sanitizer(html, {
    ...OPTIONS,
    onOpenTag: () => {
      depth += 1;
      if (depth > maxNesting) throw new MarkupTooDeepError(`elements nested past ${maxNesting}`);
    },
    onCloseTag: () => {
      depth -= 1;
    },
  });
}

/** Every `data:` image source left in sanitised HTML, in order (sanitize-html writes attributes double-quoted). */
export function dataImageSources(sanitized: string): string[] {
  return [...sanitized.matchAll(/<img\b[^>]*?\ssrc="(data:[^"]*)"/gi)].map((match) => match[1] as string);
}

/** True when sanitised HTML shows something: text other than white space, or an image. */
export function hasVisibleContent(sanitized: string): boolean {
  if (/<img\b/i.test(sanitized)) return true;
  const text = sanitized
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text.length > 0;
}

/**
 * A `data:` URL's declared type and bytes, or null when it is not base64 data.
 * (`data:image/png;base64,iVBOR...`)
 */
export function decodeDataUrl(url: string): { declaredType: string; bytes: Buffer } | null {
  const match = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*);base64,([a-z0-9+/=\s]*)$/i.exec(url);
  if (!match) return null;
  return {
    declaredType: (match[1] ?? '').toLowerCase(),
    bytes: Buffer.from((match[3] ?? '').replace(/\s/g, ''), 'base64'),
  };
}
