import {
  type ActivityAction,
  type ActivityEntry,
  type ActivityKind,
  type ActivityPeopleResponse,
  type activityExportQuery,
  type activityHistoryQuery,
  type activityListQuery,
  activityMessages,
} from '@haat/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { notFound } from '../../platform/errors.js';
import {
  ACTIVITY_SORT,
  type ActivityConditions,
  type ActivityRow,
  countActivity,
  insertActivities,
  insertActivity,
  listActivity,
  listActivityPeople,
  redactActivityOf,
} from './activity.repository.js';
import { type ActivityChanges, redactChanges } from './activity-changes.js';

export { type ActivityChanges, diffFields } from './activity-changes.js';

/**
 * The activity log (issue 10, 'Activity log'; docs/decisions/0070-activity-log.md):
 * services record each change an admin or vendor makes, in the change's own
 * transaction; admins read the whole log, and a record's history is shown on its screen.
 */

/**
 * Lets a vendor read one record's history only when they may see the record itself,
 * else throws NOT_FOUND (404) so ids are not confirmed. The feature that owns records of
 * a kind knows who sees them and supplies its guard when the app is built (products:
 * `assertProductVisible`), so the log itself depends on no feature (decision 0114).
 */
export type HistoryGuard = (db: Db, viewer: Actor, id: number) => Promise<void>;

/** The guard of each kind of record vendors may read the history of; any other kind is admins' only. */
export type HistoryGuards = Partial<Record<ActivityKind, HistoryGuard>>;

/** Who made a change: the signed-in actor (or a vendor registering their own account). */
export type ActivityActor = Pick<Actor, 'userId' | 'role' | 'name'>;

/** One change to record. */
export interface ActivityRecord {
  actor: ActivityActor;
  action: ActivityAction;
  kind: ActivityKind;
  recordId: number;
  /** The record's name (or tracking number) as it now is, or as it was when deleted. */
  label: string;
  /** `{ field: { before, after } }` from `diffFields`; secrets are dropped again here. */
  changes?: ActivityChanges;
}

/**
 * Writes one entry of the log, stamped now (UTC). Call it with the transaction that
 * makes the change, after the change, so a refused or rolled-back change records
 * nothing. An `update` or `config_save` that changed no field is not recorded.
 */
export async function recordActivity(trx: Db, entry: ActivityRecord): Promise<void> {
  await recordActivities(trx, [entry]);
}

/**
 * Writes many entries of the log at once (a few statements; decision 0143), each as
 * `recordActivity` would, in their order.
 */
export async function recordActivities(trx: Db, entries: readonly ActivityRecord[]): Promise<void> {
  const rows = entries.flatMap((entry) => {
    const changes = redactChanges(entry.changes ?? {});
    if ((entry.action === 'update' || entry.action === 'config_save') && Object.keys(changes).length === 0) return [];
    return [
      {
        actorUserId: entry.actor.userId,
        actorName: entry.actor.name,
        actorRole: entry.actor.role,
        action: entry.action,
        recordKind: entry.kind,
        recordId: entry.recordId,
        recordLabel: entry.label.slice(0, 300),
        changes: JSON.stringify(changes),
        createdAt: new Date().toISOString(),
      },
    ];
  });
  if (rows.length === 1) await insertActivity(trx, rows[0] as (typeof rows)[number]);
  else if (rows.length > 1) await insertActivities(trx, rows);
}

function toEntry(row: ActivityRow): ActivityEntry {
  return {
    _id: String(row.id),
    actor: {
      _id: row.actorUserId === null ? null : String(row.actorUserId),
      name: row.actorName,
      role: row.actorRole,
    },
    action: row.action as ActivityAction,
    kind: row.recordKind as ActivityKind,
    recordId: String(row.recordId),
    label: row.recordLabel,
    changes: JSON.parse(row.changes) as ActivityChanges,
    createdAt: row.createdAt,
  };
}

/** The day after a `YYYY-MM-DD` date, as a UTC instant (the exclusive end of a `to` date). */
function dayAfter(date: string): string {
  const time = Date.parse(`${date}T00:00:00.000Z`) + 24 * 60 * 60 * 1000;
  return new Date(time).toISOString();
}

type Page = { entries: ActivityEntry[]; total?: number; nextCursor?: string | null };

async function pageOf(
  db: Db,
  bounds: ListBounds,
  conditions: ActivityConditions,
  paging: { limit: number; cursor?: string | undefined },
): Promise<Page> {
  const { items, ...rest } = await listOrPage(
    { ...paging, sort: ACTIVITY_SORT },
    {
      keyType: 'instant',
      fetchAll: () => listActivity(db, conditions, { limit: paging.limit }),
      fetchPage: (page) => listActivity(db, conditions, page),
      count: () => countActivity(db, conditions),
      keyOf: (row) => ({ key: row.createdAt, id: row.id }),
      toItems: (rows) => rows.map(toEntry),
    },
    bounds,
  );
  return { entries: items, ...rest };
}

/**
 * `GET /api/activity` (admins): the log newest first, one keyset page of `query.limit`
 * (default 50) plus the total and the next cursor; filtered by person (user id), kind
 * and UTC dates `from`..`to` inclusive.
 * @throws AppError BAD_REQUEST (400) for a cursor not made for this list.
 */
export function listActivityLog(db: Db, bounds: ListBounds, query: z.output<typeof activityListQuery>): Promise<Page> {
  return pageOf(db, bounds, logConditions(query), query);
}

/** The log's filters as the repository's conditions: person (user id), kind, UTC dates `from`..`to` inclusive. */
export function logConditions(query: z.output<typeof activityExportQuery>): ActivityConditions {
  return {
    actorUserId: query.person,
    kind: query.kind,
    from: query.from ? `${query.from}T00:00:00.000Z` : undefined,
    before: query.to ? dayAfter(query.to) : undefined,
  };
}

/**
 * `GET /api/activity/:kind/:id`: one record's history, newest first, one page.
 * An admin sees any record's, deleted ones too. A vendor sees only the history of a
 * record its kind's guard lets them see (their own products; any other product, or a
 * kind without a guard, answers 404 so ids are not confirmed), and of it only admins'
 * entries and their own, never another vendor's.
 * @param guards who may read which kind's history (`HistoryGuards`), from the app.
 * @throws AppError NOT_FOUND (404) as above; BAD_REQUEST (400) for a bad cursor.
 */
export async function recordHistory(
  db: Db,
  bounds: ListBounds,
  guards: HistoryGuards,
  viewer: Actor,
  kind: ActivityKind,
  id: number,
  query: z.output<typeof activityHistoryQuery>,
): Promise<Page> {
  const conditions: ActivityConditions = { kind, recordId: id };
  if (viewer.role !== 'admin') {
    const guard = guards[kind];
    if (!guard) throw notFound(activityMessages.notFound);
    await guard(db, viewer, id); // 404 for another vendor's record
    conditions.visibleToUser = viewer.userId;
  }
  return pageOf(db, bounds, conditions, query);
}

/** `GET /api/activity/people`: the admins and vendors who appear in the log, by name. */
export async function listPeople(db: Db): Promise<ActivityPeopleResponse['people']> {
  const rows = await listActivityPeople(db);
  return rows.map((row) => ({ _id: String(row.id), name: row.name, role: row.role as 'admin' | 'vendor' }));
}

/**
 * An erasure's part in the log (issue 33, decision 0120): the entries of the customer,
 * of their orders and of their contact messages keep who did what and when, without the
 * person's texts (`needles`: labels and before/after values) or their name (a message's
 * label). The log is otherwise never rewritten.
 * @param trx the erasure's transaction.
 */
export async function eraseFromActivity(
  trx: Db,
  records: { customerId: number; orderIds: readonly number[]; contactIds: readonly number[]; names: readonly string[] },
  texts: { needles: readonly string[]; replacement: string },
): Promise<void> {
  await redactActivityOf(trx, records, texts);
}
