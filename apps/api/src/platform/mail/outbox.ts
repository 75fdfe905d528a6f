import { createHash } from 'node:crypto';
import type { Db } from '../db/create-db.js';
import { renderLayout } from './layout.js';
import type { MailBrand } from './template.js';
import { type MailDataOf, type MailTemplateName, mailTemplates, templateNamed } from './templates/index.js';

/**
 * The outbox (issue 36; decision 0125). A mail is a row of `mail_outbox`, written by
 * `queueMail` in the transaction of the event that causes it (a subscriber's), so the
 * mail exists exactly when the change does; the mail task delivers it later
 * (`delivery.ts`). Nothing here talks to an SMTP server.
 */

/** Who a mail goes to: an account (its address read now; its preferences apply) or a bare address. */
export type MailRecipient = { userId: number } | { email: string };

/** A mail to queue. */
export interface NewMail<K extends MailTemplateName> {
  to: MailRecipient;
  template: K;
  data: MailDataOf<K>;
  /**
   * What caused it, unique per event (`payout.paid:17`, `password-reset:<token id>`).
   * The outbox key is this + the recipient + the template: a second `queueMail` with the
   * same key (the event handled again) queues nothing.
   */
  dedupeKey: string;
  /**
   * A digest: while a mail of this template to this recipient is still queued, this
   * one's `items` join it instead of making another; a new one waits `delayMs` to gather.
   * The template's data must have `items: unknown[]` and may have `more?: number`: past
   * `MAIL_DIGEST_MAX_ITEMS` items, later ones are only counted in `more`.
   */
  digest?: { delayMs: number };
  /** When it was caused (UTC ISO); default now. */
  at?: string;
}

/**
 * The most items a digest lists; later ones are counted (`more`). A busy seller's
 * five minutes can hold thousands of orders: the mail stays readable, and joining it
 * rewrites a row of bounded size rather than one growing with every order.
 */
export const MAIL_DIGEST_MAX_ITEMS = 50;

/** The outbox key of a mail: bounded (hashed when long), so any event id fits. */
function outboxKey(dedupeKey: string, email: string, template: string): string {
  const key = `${dedupeKey}|${email}|${template}`;
  return key.length <= 200 ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** The non-essential templates a user turned off (stored JSON; bad JSON counts as none). */
export function parseOptOuts(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Queues one mail in `trx` (decision 0125): the one function every feature uses to send
 * mail. Renders its subject now; the body is rendered with the store's name and colours
 * when delivered (and kept as sent).
 * @returns true when a row was written or a digest joined; false when the recipient
 *   turned this mail off, the account is gone or has no address, or the same event
 *   already queued it.
 */
export async function queueMail<K extends MailTemplateName>(trx: Db, mail: NewMail<K>): Promise<boolean> {
  const template = mailTemplates[mail.template];
  let email: string;
  let userId: number | null = null;
  let open: OpenDigest | undefined;
  if ('userId' in mail.to) {
    const user = await findRecipient(trx, mail.to.userId, mail.digest ? mail.template : null);
    if (!user || user.anonymisedAt !== null || !user.email.includes('@')) return false;
    if (!template.essential && parseOptOuts(user.mailOptOuts).includes(mail.template)) return false;
    email = user.email;
    userId = user.id;
    open = user.open;
  } else {
    email = mail.to.email.trim().toLowerCase();
    if (mail.digest) open = await findOpenDigest(trx, email, mail.template);
  }
  const at = mail.at ?? new Date().toISOString();
  const now = new Date().toISOString();
  const subjectOf = (data: unknown) => (template.subject as (d: unknown, b: MailBrand) => string)(data, NO_BRAND);

  // Joins the digest still gathering (only a digest mail finds one).
  if (open) {
    const before = JSON.parse(open.data) as { items: unknown[]; more?: number };
    const added = (mail.data as unknown as { items: unknown[] }).items;
    const listed = added.slice(0, Math.max(0, MAIL_DIGEST_MAX_ITEMS - before.items.length));
    const counted = (before.more ?? 0) + added.length - listed.length;
    const data = { ...before, items: [...before.items, ...listed], ...(counted > 0 ? { more: counted } : {}) };
    await trx
      .updateTable('mailOutbox')
      .set({ data: JSON.stringify(data), subject: subjectOf(data), updatedAt: now })
      .where('id', '=', open.id)
      .where('status', '=', 'queued')
      .execute();
    return true;
  }
  const due = mail.digest ? new Date(Date.parse(now) + mail.digest.delayMs).toISOString() : now;
  const inserted = await trx
    .insertInto('mailOutbox')
    .values({
      dedupeKey: outboxKey(mail.dedupeKey, email, mail.template),
      toEmail: email,
      toUserId: userId,
      template: mail.template,
      subject: subjectOf(mail.data),
      data: JSON.stringify(mail.data),
      html: null,
      text: null,
      status: 'queued',
      lastError: null,
      nextAttemptAt: due,
      leaseUntil: null,
      sentAt: null,
      createdAt: at < now ? at : now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A digest still gathering: queued and never tried, so its items can still grow. */
interface OpenDigest {
  id: number;
  data: string;
}

/** The newest digest of `template` to `email` still gathering, if any. */
async function findOpenDigest(trx: Db, email: string, template: MailTemplateName): Promise<OpenDigest | undefined> {
  return trx
    .selectFrom('mailOutbox')
    .select(['id', 'data'])
    .where('toEmail', '=', email)
    .where('template', '=', template)
    .where('status', '=', 'queued')
    .where('attempts', '=', 0)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * An account's address and mail preferences, with (when `digestTemplate` is given) the
 * newest digest of that template to its address still gathering, as `findOpenDigest`
 * finds it: one read where a digest mail took two (a checkout queues one to each of the
 * seller's team who hear of orders; decision 0160).
 */
async function findRecipient(trx: Db, userId: number, digestTemplate: MailTemplateName | null) {
  if (digestTemplate === null) {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'mailOptOuts', 'anonymisedAt'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return user && { ...user, open: undefined };
  }
  const row = await trx
    .selectFrom('users as u')
    .leftJoin('mailOutbox as o', (join) =>
      join
        .onRef('o.toEmail', '=', 'u.email')
        .on('o.template', '=', digestTemplate)
        .on('o.status', '=', 'queued')
        .on('o.attempts', '=', 0),
    )
    .select(['u.id', 'u.email', 'u.mailOptOuts', 'u.anonymisedAt', 'o.id as openId', 'o.data as openData'])
    .where('u.id', '=', userId)
    .orderBy('o.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const { openId, openData, ...user } = row;
  return { ...user, open: openId !== null && openData !== null ? { id: openId, data: openData } : undefined };
}

/** The brand subjects are rendered with: subjects never name the store (it is the sender's name). */
const NO_BRAND: MailBrand = { storeName: '', publicUrl: '', backgroundColor: '#FF0000', textColor: '#FFFFFF' };

/** The store's name and address (configuration) with its colours (the website configuration's sales banner). */
export async function loadBrand(db: Db, site: { storeName: string; publicUrl: string }): Promise<MailBrand> {
  const row = await db
    .selectFrom('websiteConfig')
    .select(['salesBannerBackgroundColor', 'salesBannerTextColor'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    storeName: site.storeName,
    publicUrl: site.publicUrl,
    backgroundColor: row?.salesBannerBackgroundColor ?? '#FF0000',
    textColor: row?.salesBannerTextColor ?? '#FFFFFF',
  };
}

/** A queued mail's HTML and text as it will be sent: its template over its data, in `brand`. */
export function renderMail(template: string, data: string, brand: MailBrand): { html: string; text: string } {
  const found = templateNamed(template);
  if (!found) return { html: '<p>This template no longer exists.</p>', text: 'This template no longer exists.' };
  return renderLayout(found.render(JSON.parse(data) as unknown, brand), brand);
}
