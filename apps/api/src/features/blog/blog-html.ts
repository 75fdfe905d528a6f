import sanitizeHtml from 'sanitize-html';

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
      const { target, rel: _rel, ...rest } = attribs;
      // A link opening a new tab must not hand the post's page to the target.
      return {
        tagName,
        attribs:
          target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer nofollow' } : { ...rest, rel: 'nofollow' },
      };
    },
    img: (tagName, attribs) => {
      const { width, height, ...rest } = attribs;
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

/**
 * Sanitises a post's HTML through the allowlist. `img` sources may still be `data:`
 * images, for the caller to store (see `blog.service.ts`); everything else that is not
 * on the list is gone.
 */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
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
