import {
  type BulkResponse,
  bulkMessages,
  type Contact,
  type contactBody,
  type contactBulkBody,
  type contactExportQuery,
  type contactListQuery,
  contactMessages,
} from '@haat/contract';
import type { z } from 'zod';
import { bulkSummary, distinctIds, eachRecord } from '../../platform/bulk.js';
import { type CsvColumn, csvText, csvTime } from '../../platform/csv/csv-export.js';
import { keysetBatches } from '../../platform/csv/export-batches.js';
import type { Exporter } from '../../platform/csv/exporter.js';
import type { Db } from '../../platform/db/create-db.js';
import { type ErasedIdentity, type ErasureReplacement, phoneDigitVariants } from '../../platform/db/erasure.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { type ActivityActor, recordActivity } from '../activity/activity.service.js';
import {
  CONTACT_SORT,
  type ContactRow,
  countContacts,
  deleteContact as deleteContactRow,
  findContactById,
  findContactIdsFrom,
  insertContact,
  listContacts as listContactRows,
  redactContacts,
  setContactHandled,
} from './contacts.repository.js';

/**
 * Contact messages (spec section 2 'Contact messages', sections 3 and 7): the
 * storefront posts them, admins read, search and delete them.
 */

/** A contact row as the wire shape; no phone is `null` (the screen shows 'N/A'). */
export function toContact(row: ContactRow): Contact {
  return {
    _id: String(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.createdAt,
    handledAt: row.handledAt ?? null,
  };
}

/**
 * `GET /api/contacts`: every message newest first (the spec's answer) or, with
 * `limit`, one page plus the total for the search and the next cursor.
 * @throws AppError BAD_REQUEST (400) for a malformed cursor.
 */
export async function listContacts(
  db: Db,
  bounds: ListBounds,
  query: z.output<typeof contactListQuery>,
): Promise<{ contacts: Contact[]; total?: number; nextCursor?: string | null }> {
  const filters = contactFiltersOf(query);
  const { items, ...paging } = await listOrPage(
    { ...query, sort: CONTACT_SORT },
    {
      keyType: 'instant',
      fetchAll: () => listContactRows(db, filters),
      fetchPage: (page) => listContactRows(db, filters, page),
      count: () => countContacts(db, filters),
      keyOf: (row) => ({ key: row.createdAt, id: row.id }),
      toItems: (rows) => rows.map(toContact),
    },
    bounds,
  );
  return { contacts: items, ...paging };
}

/** `GET /api/contacts/:id`. @throws AppError NOT_FOUND (404). */
export async function getContact(db: Db, id: number): Promise<Contact> {
  const row = await findContactById(db, id);
  if (!row) throw notFound(contactMessages.notFound);
  return toContact(row);
}

/**
 * `POST /api/contacts`: stores the message, time-stamped now (UTC), and publishes
 * `contact.received` (every admin's bell) in the same transaction.
 */
export async function createContact(db: Db, events: EventBus, body: z.output<typeof contactBody>): Promise<Contact> {
  const now = new Date().toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const contactId = await insertContact(trx, {
      name: body.name,
      email: body.email,
      phone: body.phone ?? null,
      message: body.message,
      createdAt: now,
    });
    await events.publish(trx, {
      type: 'contact.received',
      contact: { id: contactId, name: body.name, message: body.message },
      at: now,
    });
    return contactId;
  });
  return getContact(db, id);
}

/**
 * `PUT /api/contacts/:id/handled` (issue 27): marks the message handled by `actor` now,
 * or not handled. @returns the message as now stored. @throws AppError NOT_FOUND (404).
 */
export async function setHandled(db: Db, actor: ActivityActor, id: number, handled: boolean): Promise<Contact> {
  const at = new Date().toISOString();
  if (!(await setContactHandled(db, id, handled ? { at, by: actor.userId } : null)))
    throw notFound(contactMessages.notFound);
  return getContact(db, id);
}

/** `DELETE /api/contacts/:id`. @throws AppError NOT_FOUND (404). */
export async function deleteContact(db: Db, actor: ActivityActor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findContactById(trx, id);
    if (!before || !(await deleteContactRow(trx, id))) throw notFound(contactMessages.notFound);
    // The message itself is not copied into the log: deleting it should remove it.
    await recordActivity(trx, { actor, action: 'delete', kind: 'contact', recordId: id, label: before.name });
  });
}

/** The list's filters from its query (`search`; `handled=false` for the messages still waiting). */
function contactFiltersOf(query: { search?: string | undefined; handled?: 'true' | 'false' | undefined }) {
  return { search: query.search || undefined, waiting: query.handled === 'false' };
}

/**
 * The rows of `GET /api/contacts/export`: every message the list's filters select,
 * newest first, read in keyset batches (`keysetBatches`) so that no read holds a long
 * statement and memory stays flat (issue 26 'Exports').
 */
export function contactExportBatches(db: Db, query: z.output<typeof contactExportQuery>): AsyncGenerator<ContactRow[]> {
  const filters = contactFiltersOf(query);
  return keysetBatches(
    (page) => listContactRows(db, filters, page),
    (row) => ({ key: row.createdAt, id: row.id }),
  );
}

/** The columns of the contact messages' CSV; times in `timeZone` (the store's). */
export function contactCsvColumns(timeZone: string): CsvColumn<ContactRow>[] {
  return [
    { header: 'ID', cell: (row) => String(row.id) },
    { header: 'Received', cell: (row) => csvTime(row.createdAt, timeZone) },
    { header: 'Name', cell: (row) => csvText(row.name) },
    { header: 'Email', cell: (row) => csvText(row.email) },
    { header: 'Phone', cell: (row) => csvText(row.phone) },
    { header: 'Message', cell: (row) => csvText(row.message) },
  ];
}

/**
 * `POST /api/contacts/bulk` (issue 26 'Bulk actions'): marks each selected message
 * handled or not yet handled, or deletes it, as the single action would; a message
 * already so is refused with the reason.
 * @returns the summary ('12 marked handled, 1 skipped'), how many were done, and each
 *   refused message with its reason.
 */
export async function bulkContacts(
  db: Db,
  actor: ActivityActor,
  body: z.output<typeof contactBulkBody>,
): Promise<Omit<BulkResponse, 'success'>> {
  const outcome = await eachRecord(distinctIds(body.ids), async (id) => {
    const current = await findContactById(db, id);
    if (!current) return bulkMessages.notFound;
    if (body.action === 'delete') await deleteContact(db, actor, id);
    else {
      const handled = body.action === 'mark-handled';
      if (handled === (current.handledAt !== null))
        return handled ? contactMessages.alreadyHandled : contactMessages.notHandledYet;
      await setHandled(db, actor, id, handled);
    }
    return null;
  });
  return { message: bulkSummary(outcome, contactBulkDone[body.action]), ...outcome };
}

/** The past tense of each bulk action, as the summary says it. */
const contactBulkDone: Record<z.output<typeof contactBulkBody>['action'], string> = {
  'mark-handled': 'marked handled',
  'mark-waiting': 'marked not handled',
  delete: 'deleted',
};

/** The contact messages' export (`GET /api/contacts/export`), admins only. */
export const contactExporter: Exporter<ContactRow, z.output<typeof contactExportQuery>> = {
  name: 'contact-messages',
  fileName: 'contact-messages',
  columns: contactCsvColumns,
  batches: ({ db }, _actor, query) => contactExportBatches(db, query),
};

/**
 * An erasure's part in the inbox (issue 33, decision 0120): the messages sent from one
 * of the person's e-mails or phone numbers lose their sender's name, e-mail and phone
 * and their text (`erasedText`); the inbox keeps that a message came, and when.
 * @param trx the erasure's transaction.
 * @returns the ids of the messages it erased (their notifications and log entries go next).
 */
export async function eraseContactsFrom(
  trx: Db,
  identity: ErasedIdentity,
  replacement: ErasureReplacement & { erasedText: string },
  now: string,
): Promise<number[]> {
  const ids = await findContactIdsFrom(trx, identity.emails, phoneDigitVariants(identity.phones));
  await redactContacts(
    trx,
    ids,
    { name: replacement.name, email: replacement.email, message: replacement.erasedText },
    now,
  );
  return ids;
}
