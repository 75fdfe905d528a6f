import { type Expression, expressionBuilder, type SqlBool } from 'kysely';
import { chunked } from '../../platform/db/chunks.js';
import type { Db } from '../../platform/db/create-db.js';
import { isPostgres } from '../../platform/db/dialect.js';
import { phoneDigits } from '../../platform/db/erasure.js';
import { afterKeyset, type Keyset } from '../../platform/db/lists.js';
import type { ContactsTable, Database } from '../../platform/db/schema.js';
import { anyContains } from '../../platform/db/search-text.js';

/**
 * Every SQL statement on contact messages. The list is newest first, paged by the
 * keyset (created_at, id) over `contacts_created_at_id_idx`; search runs in the database.
 */

const eb = expressionBuilder<Database & { c: ContactsTable }, 'c'>();

/** The contact list's only order; its cursors carry this name. */
export const CONTACT_SORT = 'newest';

/** The inbox's filters: a search, and `waiting` for the messages not handled yet (issue 27). */
export interface ContactFilters {
  search?: string | undefined;
  waiting?: boolean | undefined;
}

function contactWhere(db: Db, filters: ContactFilters): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  // Written as the partial index `contacts_waiting_idx` is, so both databases use it.
  if (filters.waiting) parts.push(eb('c.handledAt', 'is', null));
  if (filters.search) {
    const postgres = isPostgres(db);
    const search = filters.search;
    parts.push(
      anyContains(postgres, [eb.ref('c.name'), eb.ref('c.email'), eb.ref('c.message'), eb.ref('c.phone')], search),
    );
  }
  return eb.and(parts);
}

const contactColumns = ['c.id', 'c.name', 'c.email', 'c.phone', 'c.message', 'c.createdAt', 'c.handledAt'] as const;

/** Contact messages matching the filters (search: name, e-mail, message or phone), newest first; all, or `limit + 1` after the cursor. */
export function listContacts(db: Db, filters: ContactFilters, page?: { limit: number; after?: Keyset | undefined }) {
  let query = db.selectFrom('contacts as c').select(contactColumns).where(contactWhere(db, filters));
  if (page?.after) query = query.where(afterKeyset(eb.ref('c.createdAt'), eb.ref('c.id'), 'desc', page.after));
  query = query.orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc');
  if (page) query = query.limit(page.limit + 1);
  return query.execute();
}

export type ContactRow = Awaited<ReturnType<typeof listContacts>>[number];

/** How many contact messages match the filters. */
export async function countContacts(db: Db, filters: ContactFilters): Promise<number> {
  const row = await db
    .selectFrom('contacts as c')
    .select((qb) => qb.fn.countAll<number>().as('count'))
    .where(contactWhere(db, filters))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One contact message, or undefined. */
export function findContactById(db: Db, id: number) {
  return db.selectFrom('contacts as c').select(contactColumns).where('c.id', '=', id).executeTakeFirst();
}

/** Marks a message handled by `userId` at `at`, or not handled (`at` null); false when it does not exist. */
export async function setContactHandled(
  db: Db,
  id: number,
  handled: { at: string; by: number } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('contacts')
    .set({ handledAt: handled?.at ?? null, handledBy: handled?.by ?? null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Inserts a contact message; returns its id. */
export async function insertContact(
  db: Db,
  values: { name: string; email: string; phone: string | null; message: string; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('contacts')
    .values({ ...values, updatedAt: values.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes a contact message; false when it did not exist. */
export async function deleteContact(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('contacts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The ids of the messages sent from one of `emails` (any case) or one of the phone
 * numbers whose digits are `phoneDigits` (however punctuated): an erased person's
 * messages (issue 33, decision 0120). Reads every message: erasures are rare, and no
 * index serves a phone written with other punctuation.
 */
export async function findContactIdsFrom(
  db: Db,
  emails: readonly string[],
  phoneDigitVariants: readonly string[],
): Promise<number[]> {
  if (emails.length === 0 && phoneDigitVariants.length === 0) return [];
  const rows = await db
    .selectFrom('contacts as c')
    .select('c.id')
    .where((w) =>
      w.or([
        ...(emails.length > 0 ? [w(w.fn('lower', ['c.email']), 'in', emails)] : []),
        ...(phoneDigitVariants.length > 0 ? [w(phoneDigits(w.ref('c.phone')), 'in', phoneDigitVariants)] : []),
      ]),
    )
    .orderBy('c.id')
    .execute();
  return rows.map((row) => row.id);
}

/** Replaces the sender's name, e-mail, phone and text of the messages `ids` (an erasure); `now` UTC. */
export async function redactContacts(
  db: Db,
  ids: readonly number[],
  replacement: { name: string; email: string; message: string },
  now: string,
): Promise<void> {
  for (const chunk of chunked(ids, 1)) {
    await db
      .updateTable('contacts')
      .set({ ...replacement, phone: null, updatedAt: now })
      .where('id', 'in', chunk)
      .execute();
  }
}
