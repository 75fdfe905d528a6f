import type { MailPreference, OutboxListQuery, OutboxMail } from '@haat/contract';
import { mailMessages } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { loadBrand, parseOptOuts, renderMail } from '../../platform/mail/outbox.js';
import { mailTemplates } from '../../platform/mail/templates/index.js';
import { deleteInvitationMailsTo } from './mail.repository.js';

type OutboxRow = {
  id: number;
  toEmail: string;
  subject: string;
  template: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

function toOutboxMail(row: OutboxRow): OutboxMail {
  return {
    _id: String(row.id),
    recipient: row.toEmail,
    subject: row.subject,
    template: row.template,
    // A mail being sent is still waiting as far as anyone reading the outbox is concerned.
    status: row.status === 'sending' ? 'queued' : row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: new Date(row.createdAt).toISOString(),
    sentAt: row.sentAt === null ? null : new Date(row.sentAt).toISOString(),
  };
}

const columns = [
  'id',
  'toEmail',
  'subject',
  'template',
  'status',
  'attempts',
  'lastError',
  'createdAt',
  'sentAt',
] as const;

/** A page cursor: the last id seen, opaque. */
function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('BAD_REQUEST', 'Invalid cursor');
  return id;
}

/**
 * `GET /api/mail/admin/outbox` (issue 36): mails newest first, `search` a substring of
 * the recipient's address (case-insensitive: addresses are stored lower-cased), `status`
 * one state. Without `limit` the first 100; with it a keyset page (by id) with `total`.
 * @throws AppError BAD_REQUEST (400) for a cursor not made by this list.
 */
export async function listOutbox(
  db: Db,
  query: OutboxListQuery,
): Promise<{ mails: OutboxMail[]; total?: number; nextCursor?: string | null }> {
  const after = decodeCursor(query.cursor);
  const limit = query.limit ?? 100;
  const search = query.search?.toLowerCase();
  const filtered = db
    .selectFrom('mailOutbox')
    .$if(search !== undefined && search !== '', (q) =>
      q.where('toEmail', 'like', `%${(search ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    )
    .$if(query.status !== undefined, (q) =>
      query.status === 'queued'
        ? q.where('status', 'in', ['queued', 'sending'])
        : q.where('status', '=', query.status as 'sent'),
    );
  const rows = await filtered
    .select([...columns])
    .$if(after !== undefined, (q) => q.where('id', '<', after as number))
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit).map((row) => toOutboxMail(row as OutboxRow));
  if (query.limit === undefined) return { mails: page };
  const count = await filtered.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  const last = rows.length > limit ? page.at(-1) : undefined;
  return {
    mails: page,
    total: Number(count.count),
    nextCursor: last ? Buffer.from(last._id, 'utf8').toString('base64url') : null,
  };
}

/**
 * `GET /api/mail/admin/outbox/{id}`: one mail with its HTML and text — as sent, or for a
 * mail still waiting, as it will be sent (rendered now in the store's name and colours).
 * @throws AppError NOT_FOUND (404).
 */
export async function getOutboxMail(db: Db, id: number, site: { storeName: string; publicUrl: string }) {
  const row = await db
    .selectFrom('mailOutbox')
    .select([...columns, 'data', 'html', 'text'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(mailMessages.notFound);
  const body =
    row.html !== null && row.text !== null
      ? { html: row.html, text: row.text }
      : renderMail(row.template, row.data, await loadBrand(db, site));
  return { ...toOutboxMail(row as OutboxRow), ...body };
}

/** The non-essential templates, each on or off for `userId`. */
export async function getPreferences(db: Db, userId: number): Promise<MailPreference[]> {
  const user = await db.selectFrom('users').select('mailOptOuts').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('Account not found');
  const off = parseOptOuts(user.mailOptOuts);
  return Object.entries(mailTemplates)
    .filter(([, template]) => !template.essential)
    .map(([name, template]) => ({ template: name, label: template.label, enabled: !off.includes(name) }));
}

/**
 * `PUT /api/mail/preferences`: turns the named non-essential mails on or off.
 * @throws AppError VALIDATION_FAILED (400) naming an unknown or essential template.
 */
export async function savePreferences(
  db: Db,
  userId: number,
  changes: readonly { template: string; enabled: boolean }[],
): Promise<MailPreference[]> {
  for (const change of changes) {
    const template = (mailTemplates as Record<string, { essential: boolean }>)[change.template];
    if (!template || template.essential)
      throw new AppError('VALIDATION_FAILED', mailMessages.unknownTemplate, {
        preferences: mailMessages.unknownTemplate,
      });
  }
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('mailOptOuts').where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('Account not found');
    const off = new Set(parseOptOuts(user.mailOptOuts));
    for (const change of changes) {
      if (change.enabled) off.delete(change.template);
      else off.add(change.template);
    }
    await trx
      .updateTable('users')
      .set({ mailOptOuts: off.size === 0 ? null : JSON.stringify([...off].sort()) })
      .where('id', '=', userId)
      .execute();
  });
  return getPreferences(db, userId);
}

/** The erasure of a person (decision 0120): the staff and team invitation mails to their e-mails are deleted. */
export function eraseInvitationMailsTo(trx: Db, emails: readonly string[]): Promise<void> {
  return deleteInvitationMailsTo(trx, emails);
}
