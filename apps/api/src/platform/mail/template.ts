import { rupeeText } from '@haat/contract';
/**
 * A mail template (decision 0125): one file per template under `templates/`, listed in
 * `templates/index.ts`. A template turns its data (plain JSON, written with the mail in
 * the outbox) into a subject and a few blocks; `layout.ts` wraps them in the store's
 * name and colours, as HTML and as plain text, so no template writes HTML itself.
 */

/** The store as mails show it: its name, colours (website configuration) and address. */
export interface MailBrand {
  storeName: string;
  /** The back office's address, without a trailing slash: links are made from it. */
  publicUrl: string;
  /** `#RRGGBB`: the header's background and text (the sales banner's colours). */
  backgroundColor: string;
  textColor: string;
}

/** What a template says: the layout renders it as HTML and as text, escaped. */
export interface MailContent {
  heading: string;
  /** Paragraphs of plain text. */
  paragraphs: readonly string[];
  /** A list under the paragraphs (a digest's lines). */
  items?: readonly string[];
  /** The call to action: a button in HTML, the address in text. `path` is relative to `publicUrl`. */
  action?: { label: string; path: string };
}

/** One template. `D` is its data as queued (JSON-safe). */
export interface MailTemplate<D> {
  /** Its name in the outbox and in preferences, kebab-case (`password-reset`). */
  name: string;
  /**
   * Essential mails (security notices, password reset, verification) always go; the
   * others can be turned off by each user (`PUT /api/mail/preferences`).
   */
  essential: boolean;
  /** What the preference is called on the Profile screen (`New orders to pack`). */
  label: string;
  subject(data: D, brand: MailBrand): string;
  render(data: D, brand: MailBrand): MailContent;
}

/** Declares a template with its data type (identity: for inference). */
export function defineTemplate<D>(template: MailTemplate<D>): MailTemplate<D> {
  return template;
}

/** Rupees with two decimals from integer paise, as mails write money (`Rs. 1,234.50`). */
export function rupees(paise: number): string {
  return rupeeText(paise);
}
