import { z } from 'zod';
import { idParams, idString, isoDateTime, pageInfo, pageQuery } from './common.js';
import { endpoint } from './endpoint.js';

/** A mail's state in the outbox (issue 36): waiting or being sent, sent, or refused for good. */
export const mailStatuses = ['queued', 'sent', 'failed'] as const;

/** A mail in the outbox as the list shows it (times UTC). */
export const outboxMail = z.object({
  _id: idString,
  recipient: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

/** `GET /api/mail/admin/outbox` query: newest first, `search` matches the recipient's address. */
export const outboxListQuery = pageQuery.extend({
  search: z.string().trim().max(254).optional(),
  status: z.enum(mailStatuses).optional(),
});
export type OutboxListQuery = z.infer<typeof outboxListQuery>;

export const outboxListResponse = z.object({ success: z.literal(true), mails: z.array(outboxMail), ...pageInfo });
export type OutboxListResponse = z.infer<typeof outboxListResponse>;

/** One mail with its HTML and text: as sent, or as it will be sent. */
export const outboxMailResponse = z.object({
  success: z.literal(true),
  mail: outboxMail.extend({ html: z.string(), text: z.string() }),
});
export type OutboxMailResponse = z.infer<typeof outboxMailResponse>;

/** A non-essential mail a user may turn off. */
export const mailPreference = z.object({ template: z.string(), label: z.string(), enabled: z.boolean() });
export type MailPreference = z.infer<typeof mailPreference>;

export const mailPreferencesResponse = z.object({ success: z.literal(true), preferences: z.array(mailPreference) });
export type MailPreferencesResponse = z.infer<typeof mailPreferencesResponse>;

/** `PUT /api/mail/preferences`: each non-essential template on or off (others left as they are). */
export const mailPreferencesBody = z.object({
  preferences: z.array(z.object({ template: z.string().trim().min(1).max(60), enabled: z.boolean() })).max(50),
});
export type MailPreferencesBody = z.input<typeof mailPreferencesBody>;

export const mailMessages = {
  notFound: 'Mail not found',
  unknownTemplate: 'Unknown mail',
  preferencesSaved: 'Mail preferences saved',
} as const;

/** The outbox (admins) and each user's mail preferences (issue 36; decision 0125). */
export const mailEndpoints = {
  /** `{ success, mails }` newest first; with `limit` a keyset page plus `total` and `nextCursor`. */
  outbox: endpoint('GET', '/api/mail/admin/outbox', {
    access: 'admin',
    permission: 'staff:read',
    summary: 'The outbox, newest first',
  })
    .input(z.object({ query: outboxListQuery }))
    .output(outboxListResponse),
  /** One mail with its HTML and plain text. 404 for no such mail. */
  outboxMail: endpoint('GET', '/api/mail/admin/outbox/{id}', {
    access: 'admin',
    permission: 'staff:read',
    summary: 'One mail of the outbox',
  })
    .input(z.object({ params: idParams }))
    .output(outboxMailResponse),
  /** The signed-in user's non-essential mails, each on or off. */
  preferences: endpoint('GET', '/api/mail/preferences', { access: 'staff', summary: 'My mail preferences' }).output(
    mailPreferencesResponse,
  ),
  /** Turns non-essential mails on or off; 400 for an unknown or essential one. */
  savePreferences: endpoint('PUT', '/api/mail/preferences', { access: 'staff', summary: 'Save my mail preferences' })
    .input(z.object({ body: mailPreferencesBody }))
    .output(mailPreferencesResponse),
};
