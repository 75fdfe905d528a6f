import { expressionBuilder } from 'kysely';
import { chunked } from '../../platform/db/chunks.js';
import type { Db } from '../../platform/db/create-db.js';
import { jsonNeedles, redactedText } from '../../platform/db/erasure.js';
import { afterKeyset, type Keyset } from '../../platform/db/lists.js';
import type { ActivityLogTable, Database } from '../../platform/db/schema.js';

/**
 * Every SQL statement on `activity_log`. Lists are newest first, paged by the keyset
 * (created_at, id) over the table's indexes: (created_at, id) unfiltered, (actor_user_id,
 * created_at, id) by person, (record_kind, created_at, id) by kind, and (record_kind,
 * record_id, created_at, id) for one record's history.
 */

const eb = expressionBuilder<Database & { a: ActivityLogTable }, 'a'>();

/** The log's only order; its cursors carry this name. */
export const ACTIVITY_SORT = 'newest';

/** A row to insert: everything but the id. */
export interface NewActivityRow {
  actorUserId: number | null;
  actorName: string;
  actorRole: 'admin' | 'vendor';
  action: string;
  recordKind: string;
  recordId: number;
  recordLabel: string;
  /** JSON text. */
  changes: string;
  createdAt: string;
}

/** Inserts one entry; pass the change's transaction so both commit or neither does. */
export async function insertActivity(db: Db, row: NewActivityRow): Promise<void> {
  await db.insertInto('activityLog').values(row).execute();
}

/** Inserts many entries, a few hundred a statement (a courier manifest's hundreds of dispatches, decision 0143). */
export async function insertActivities(db: Db, rows: readonly NewActivityRow[]): Promise<void> {
  for (const chunk of chunked(rows, 9, 500)) await db.insertInto('activityLog').values(chunk).execute();
}

/** What narrows the log: the admin screen's filters, a record, and who a vendor may see. */
export interface ActivityConditions {
  actorUserId?: number | undefined;
  kind?: string | undefined;
  recordId?: number | undefined;
  /** Inclusive lower bound on created_at (UTC ISO). */
  from?: string | undefined;
  /** Exclusive upper bound on created_at (UTC ISO). */
  before?: string | undefined;
  /** A vendor's view: only admins' entries and this user's own. */
  visibleToUser?: number | undefined;
}

function where(conditions: ActivityConditions) {
  const parts = [];
  if (conditions.actorUserId !== undefined) parts.push(eb('a.actorUserId', '=', conditions.actorUserId));
  if (conditions.kind !== undefined) parts.push(eb('a.recordKind', '=', conditions.kind));
  if (conditions.recordId !== undefined) parts.push(eb('a.recordId', '=', conditions.recordId));
  if (conditions.from !== undefined) parts.push(eb('a.createdAt', '>=', conditions.from));
  if (conditions.before !== undefined) parts.push(eb('a.createdAt', '<', conditions.before));
  if (conditions.visibleToUser !== undefined)
    parts.push(eb.or([eb('a.actorRole', '=', 'admin'), eb('a.actorUserId', '=', conditions.visibleToUser)]));
  return eb.and(parts);
}

const columns = [
  'a.id',
  'a.actorUserId',
  'a.actorName',
  'a.actorRole',
  'a.action',
  'a.recordKind',
  'a.recordId',
  'a.recordLabel',
  'a.changes',
  'a.createdAt',
] as const;

/** Up to `limit + 1` entries matching `conditions` after `after`, newest first. */
export function listActivity(
  db: Db,
  conditions: ActivityConditions,
  page: { limit: number; after?: Keyset | undefined },
) {
  let query = db.selectFrom('activityLog as a').select(columns).where(where(conditions));
  if (page.after) query = query.where(afterKeyset(eb.ref('a.createdAt'), eb.ref('a.id'), 'desc', page.after));
  return query
    .orderBy('a.createdAt', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

export type ActivityRow = Awaited<ReturnType<typeof listActivity>>[number];

/** How many entries match `conditions`. */
export async function countActivity(db: Db, conditions: ActivityConditions): Promise<number> {
  const row = await db
    .selectFrom('activityLog as a')
    .select((qb) => qb.fn.countAll<number>().as('count'))
    .where(where(conditions))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The admins and vendors who appear in the log, by name: the person filter's choices.
 * One index probe (actor_user_id, ...) per staff account rather than a scan of the log.
 */
export function listActivityPeople(db: Db) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.name', 'u.role'])
    .where('u.role', 'in', ['admin', 'vendor'])
    .where((qb) => qb.exists(qb.selectFrom('activityLog as a').select('a.id').whereRef('a.actorUserId', '=', 'u.id')))
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/**
 * An erasure's part in the log (issue 33, decision 0120): in the entries of the orders
 * `orderIds` and of the customer `customerId`, the person's texts (`needles`) are
 * replaced by `replacement` in the label and in the changes' before and after values
 * (JSON, so each needle also as JSON escapes it); the entries of the contact messages
 * `contactIds`, and of deleted messages labelled with one of `names`, are labelled
 * `replacement`. Who did what, and when, stays.
 */
export async function redactActivityOf(
  db: Db,
  records: { customerId: number; orderIds: readonly number[]; contactIds: readonly number[]; names: readonly string[] },
  texts: { needles: readonly string[]; replacement: string },
): Promise<void> {
  const needles = jsonNeedles(texts.needles);
  const redact = (kind: string, ids: readonly number[]) =>
    db
      .updateTable('activityLog')
      .set((row) => ({
        recordLabel: redactedText(row.ref('recordLabel'), texts.needles, texts.replacement),
        changes: redactedText(row.ref('changes'), needles, texts.replacement),
      }))
      .where('recordKind', '=', kind)
      .where('recordId', 'in', ids)
      .execute();
  if (texts.needles.length > 0) {
    await redact('customer', [records.customerId]);
    for (const chunk of chunked(records.orderIds, 1)) await redact('order', chunk);
  }
  for (const chunk of chunked(records.contactIds, 1)) {
    await db
      .updateTable('activityLog')
      .set({ recordLabel: texts.replacement })
      .where('recordKind', '=', 'contact')
      .where('recordId', 'in', chunk)
      .execute();
  }
  if (records.names.length > 0) {
    await db
      .updateTable('activityLog')
      .set({ recordLabel: texts.replacement })
      .where('recordKind', '=', 'contact')
      .where('recordLabel', 'in', records.names)
      .where((w) =>
        w.not(w.exists(w.selectFrom('contacts').select('id').whereRef('contacts.id', '=', 'activityLog.recordId'))),
      )
      .execute();
  }
}
