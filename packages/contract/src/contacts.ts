import { z } from 'zod';
import { bulkIds, bulkResponse } from './bulk.js';
import {
  EMAIL_PATTERN,
  idParams,
  idString,
  isoDateTime,
  isPhoneNumber,
  messageResponse,
  optionalSafeText,
  pageInfo,
  pageQuery,
  requiredText,
} from './common.js';
import { endpoint } from './endpoint.js';
import { exportAnswer, jobStartedResponse } from './jobs.js';

/** Spec section 2 'Contact messages', section 5 and section 8 'Contacts'. */
export const contactMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  phoneInvalid: 'Please enter a valid phone number',
  messageRequired: 'Message is required',
  received: 'Thank you for contacting us! We will get back to you soon.',
  deleted: 'Contact deleted successfully!',
  notFound: 'Contact message not found',
  tooMany: 'You have sent several messages in a short time. Please wait a few minutes and try again.',
  deleteConfirm: 'Are you sure you want to delete this contact?',
  deleteFailed: 'Failed to delete contact.',
  loadFailed: 'Failed to fetch contacts.',
  unexpectedResponse: 'Unexpected response structure',
  emptyTitle: 'No messages found',
  emptySearch: 'No messages match your search',
  emptyNone: 'No contact messages have been received yet',
  emptyWaiting: 'Every message has been handled',
  markedHandled: 'Marked as handled',
  markedWaiting: 'Marked as not handled',
  alreadyHandled: 'Already handled',
  notHandledYet: 'Not handled yet',
} as const;

/** Longest contact message, in characters. */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** `POST /api/contacts` body: the storefront's contact form (spec section 3, Contact message). */
export const contactBody = z.object({
  name: requiredText(contactMessages.nameRequired, 100),
  email: requiredText(contactMessages.emailRequired, 254).pipe(
    z.string().regex(EMAIL_PATTERN, contactMessages.emailInvalid),
  ),
  phone: optionalSafeText(20).refine(
    (value) => value === undefined || isPhoneNumber(value),
    contactMessages.phoneInvalid,
  ),
  message: requiredText(contactMessages.messageRequired, CONTACT_MESSAGE_MAX_LENGTH),
});
export type ContactBody = z.input<typeof contactBody>;

/** A contact message as the API answers it. `phone` is null when none was given (the screen shows 'N/A'). */
export const contact = z.object({
  _id: idString,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  createdAt: isoDateTime,
  /** When an admin marked it handled (issue 27), or null while it waits. Optional on the wire. */
  handledAt: isoDateTime.nullable().optional(),
});
export type Contact = z.infer<typeof contact>;

/**
 * `GET /api/contacts` query, newest first. Without `limit` the spec's unpaged list;
 * with it a page. `search` matches name, e-mail, message or phone (case-insensitive
 * substring, spec section 5).
 */
export const contactListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  /** `false`: only the messages not handled yet (issue 27). */
  handled: z.enum(['true', 'false']).optional(),
});
export type ContactListQuery = z.input<typeof contactListQuery>;

/** `GET /api/contacts/export` query: the list's own filters (`search`, `handled`), every matching message. */
export const contactExportQuery = contactListQuery.omit({ limit: true, cursor: true });
export type ContactExportQuery = z.input<typeof contactExportQuery>;

/** `POST /api/contacts/bulk` body: the action and the selected messages. */
export const contactBulkActions = ['mark-handled', 'mark-waiting', 'delete'] as const;
export const contactBulkBody = z.object({
  action: z.enum(contactBulkActions, { error: `Action must be one of ${contactBulkActions.join(', ')}` }),
  ids: bulkIds,
});
export type ContactBulkBody = z.input<typeof contactBulkBody>;

export const contactListResponse = z.object({
  success: z.literal(true),
  contacts: z.array(contact),
  ...pageInfo,
});
export type ContactListResponse = z.infer<typeof contactListResponse>;

/** `GET /api/contacts/:id`: the spec's single `contact`. */
export const contactResponse = z.object({ success: z.literal(true), contact });

/** `POST /api/contacts` answer (201). */
export const contactCreatedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  contact,
});

/**
 * Contact messages (spec sections 2 'Contact messages', 3, 7): the storefront's contact
 * form sends them (public, rate limited per IP address), admins read and delete them.
 * The spec's `/contacts...` spellings reach the same routes through the legacy-path
 * rewrite.
 */
export const contactEndpoints = {
  /**
   * The storefront's contact form, `{ name, email, phone?, message }` → 201 `{ success,
   * message, contact }`. 400 with spec section 5's messages ('Name is required', 'Invalid
   * email format'...); 429 past `CONTACT_RATE_LIMIT` messages per 10 minutes from one
   * address (counted in the database, so every API process shares it).
   */
  create: endpoint('POST', '/api/contacts', {
    access: 'public',
    summary: 'Send a message through the storefront contact form',
    status: 201,
    rateLimited: true,
  })
    .input(z.object({ body: contactBody }))
    .output(contactCreatedResponse),
  /**
   * `{ success, contacts }` newest first; `search` matches name, e-mail, message or
   * phone; with `limit` a page plus `total` and `nextCursor`.
   */
  list: endpoint('GET', '/api/contacts', {
    access: 'admin',
    permission: 'customers:read',
    summary: 'Contact messages, newest first',
  })
    .input(z.object({ query: contactListQuery }))
    .output(contactListResponse),
  /**
   * Every message the list's `search` selects, newest first, as a `text/csv` download
   * (issue 26 'Exports'): UTF-8 with a BOM, times in the store's time zone, text cells
   * neutralised against formula injection, streamed from the database.
   */
  export: endpoint('GET', '/api/contacts/export', {
    access: 'admin',
    permission: 'customers:read',
    summary: 'Contact messages as CSV',
    rawAnswer: true,
    answers: { 202: jobStartedResponse },
  })
    .input(z.object({ query: contactExportQuery }))
    .output(exportAnswer),
  /** The spec's single `contact`. */
  get: endpoint('GET', '/api/contacts/{id}', {
    access: 'admin',
    permission: 'customers:read',
    summary: 'One contact message',
  })
    .input(z.object({ params: idParams }))
    .output(contactResponse),
  /** 'Are you sure you want to delete this contact?' → 'Contact deleted successfully!'. */
  /** Marks a message handled (`{ handled: true }`) or not (issue 27). 404. */
  setHandled: endpoint('PUT', '/api/contacts/{id}/handled', {
    access: 'admin',
    permission: 'customers:write',
    summary: 'Mark a message handled or not',
  })
    .input(
      z.object({ params: idParams, body: z.object({ handled: z.boolean({ error: 'Say whether it is handled' }) }) }),
    )
    .output(z.object({ success: z.literal(true), message: z.string(), contact })),
  remove: endpoint('DELETE', '/api/contacts/{id}', {
    access: 'admin',
    permission: 'customers:write',
    summary: 'Delete a contact message',
  })
    .input(z.object({ params: idParams }))
    .output(messageResponse),
  /**
   * Marks the selected messages handled or not yet handled, or deletes them (issue 26
   * 'Bulk actions'), each as the single action would: `{ message, done, refused }`.
   */
  bulk: endpoint('POST', '/api/contacts/bulk', {
    access: 'admin',
    permission: 'customers:write',
    summary: 'Act on many contact messages',
  })
    .input(z.object({ body: contactBulkBody }))
    .output(bulkResponse),
};
