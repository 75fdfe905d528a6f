import { expressionBuilder, type SqlBool, sql } from 'kysely';
import { chunked } from '../../platform/db/chunks.js';
import type { Db } from '../../platform/db/create-db.js';
import { redactedText } from '../../platform/db/erasure.js';
import { afterKeyset, type Keyset } from '../../platform/db/lists.js';
import type { Database, NotificationsTable } from '../../platform/db/schema.js';
import { startsWithPattern } from '../../platform/db/search-text.js';

/**
 * Every SQL statement on notifications (decision 0065). A user's list is newest first,
 * paged by the keyset (created_at, id) over `notifications_user_created_id_idx`; the
 * unread count reads the partial index `notifications_user_unread_idx`.
 */

const eb = expressionBuilder<Database & { n: NotificationsTable }, 'n'>();

/** The list's only order; its cursors carry this name. */
export const NOTIFICATION_SORT = 'newest';

/** A notification to write: everything but its id and read state. */
export interface NewNotification {
  userId: number;
  kind: NotificationsTable['kind'];
  title: string;
  message: string;
  subjectType: NotificationsTable['subjectType'];
  subjectId: number;
  link: string;
  createdAt: string;
}

/** Writes notifications in one statement (nothing for an empty list). */
export async function insertNotifications(db: Db, rows: readonly NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notifications')
    .values(rows.map((row) => ({ ...row })))
    .execute();
}

const columns = [
  'n.id',
  'n.kind',
  'n.title',
  'n.message',
  'n.subjectType',
  'n.subjectId',
  'n.link',
  'n.createdAt',
  'n.readAt',
] as const;

/** `limit + 1` of the user's notifications after the cursor, newest first. */
export function listNotifications(db: Db, userId: number, page: { limit: number; after?: Keyset | undefined }) {
  let query = db.selectFrom('notifications as n').select(columns).where('n.userId', '=', userId);
  if (page.after) query = query.where(afterKeyset(eb.ref('n.createdAt'), eb.ref('n.id'), 'desc', page.after));
  return query
    .orderBy('n.createdAt', 'desc')
    .orderBy('n.id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

/** How many notifications the user has. */
export async function countNotifications(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications as n')
    .select((qb) => qb.fn.countAll<number>().as('count'))
    .where('n.userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many of the user's notifications are unread. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications as n')
    .select((qb) => qb.fn.countAll<number>().as('count'))
    .where('n.userId', '=', userId)
    .where('n.readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * For each of `userIds`: the unread count and the newest notification's id (0 for
 * none), so a stream can tell whether anything changed for its user.
 */
export async function unreadStates(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, { unread: number; newestId: number }>> {
  const states = new Map<number, { unread: number; newestId: number }>();
  if (userIds.length === 0) return states;
  const rows = await db
    .selectFrom('notifications as n')
    .select((qb) => [
      'n.userId',
      qb.fn.max<number>('n.id').as('newestId'),
      qb.fn.count<number>(qb.case().when('n.readAt', 'is', null).then(1).end()).as('unread'),
    ])
    .where('n.userId', 'in', [...userIds])
    .groupBy('n.userId')
    .execute();
  for (const row of rows) states.set(row.userId, { unread: Number(row.unread), newestId: Number(row.newestId) });
  return states;
}

/** The user's notification `id`, or undefined when it is not theirs or does not exist. */
export function findNotification(db: Db, userId: number, id: number) {
  return db
    .selectFrom('notifications as n')
    .select(columns)
    .where('n.id', '=', id)
    .where('n.userId', '=', userId)
    .executeTakeFirst();
}

/** Marks the user's notification `id` read at `now` (kept as first read when already read). */
export async function markRead(db: Db, userId: number, id: number, now: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ readAt: now })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .execute();
}

/**
 * Marks read, at `now`, every unread notification of `kind` about the record
 * (`subjectType`, `subjectId`), whoever it was for (`notifications_unread_subject_idx`).
 * @returns the users whose notifications it marked.
 */
export async function markSubjectRead(
  db: Db,
  kind: NotificationsTable['kind'],
  subjectType: NotificationsTable['subjectType'],
  subjectId: number,
  now: string,
): Promise<number[]> {
  const rows = await db
    .updateTable('notifications')
    .set({ readAt: now })
    .where('subjectType', '=', subjectType)
    .where('subjectId', '=', subjectId)
    .where('kind', '=', kind)
    .where('readAt', 'is', null)
    .returning('userId')
    .execute();
  return rows.map((row) => row.userId);
}

/** Marks every unread notification of the user read at `now`; returns how many. */
export async function markAllRead(db: Db, userId: number, now: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ readAt: now })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The user ids of every admin. */
export async function findAdminUserIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** Per user of `userIds`, when their newest notification of `kind` was written (UTC ISO); none without one. */
export async function findNewestNoticeTimes(
  db: Db,
  userIds: readonly number[],
  kind: NotificationsTable['kind'],
): Promise<Map<number, string>> {
  const times = new Map<number, string>();
  for (const chunk of chunked(userIds, 1)) {
    const rows = await db
      .selectFrom('notifications')
      .select((qb) => ['userId', qb.fn.max('createdAt').as('newest')])
      .where('userId', 'in', chunk)
      .where('kind', '=', kind)
      .groupBy('userId')
      .execute();
    for (const row of rows) times.set(row.userId, new Date(row.newest).toISOString());
  }
  return times;
}

/** How many of the vendor's shipments of the order are neither delivered nor cancelled. */
export async function countOpenVendorShipments(db: Db, orderId: number, vendorId: number): Promise<number> {
  const row = await db
    .selectFrom('shipments')
    .select((qb) => qb.fn.countAll<number | string>().as('count'))
    .where('orderId', '=', orderId)
    .where('vendorId', '=', vendorId)
    .where('status', 'not in', ['Delivered', 'Cancelled'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Name, owner and stock of each product in `productIds`. */
export function findProductsForNotice(db: Db, productIds: readonly number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .select(['id', 'name', 'vendorId', 'stockQuantity'])
    .where('id', 'in', [...productIds])
    .execute();
}

/**
 * An erasure's part in the bell (issue 33, decision 0120): the notifications about the
 * contact messages `contactIds`, and about deleted messages sent under one of `names`,
 * read `contactText` (they quoted the sender and the message); those about the orders `orderIds` have `needles` replaced by
 * `replacement` in their text (a vendor's reason can name the customer).
 */
export async function redactNotificationsAbout(
  db: Db,
  subjects: { contactIds: readonly number[]; orderIds: readonly number[]; names: readonly string[] },
  texts: { contactText: string; needles: readonly string[]; replacement: string },
): Promise<void> {
  for (const chunk of chunked(subjects.contactIds, 1)) {
    await db
      .updateTable('notifications')
      .set({ message: texts.contactText })
      .where('subjectType', '=', 'contact')
      .where('subjectId', 'in', chunk)
      .execute();
  }
  // A deleted message's notification still quotes it: `<name>: <message>`.
  if (subjects.names.length > 0) {
    await db
      .updateTable('notifications')
      .set({ message: texts.contactText })
      .where('subjectType', '=', 'contact')
      .where((row) =>
        row.or(
          subjects.names.map(
            (name) => sql<SqlBool>`${row.ref('message')} like ${startsWithPattern(`${name}: `)} escape '\\'`,
          ),
        ),
      )
      .where((row) =>
        row.not(
          row.exists(row.selectFrom('contacts').select('id').whereRef('contacts.id', '=', 'notifications.subjectId')),
        ),
      )
      .execute();
  }
  if (texts.needles.length === 0) return;
  for (const chunk of chunked(subjects.orderIds, 1)) {
    await db
      .updateTable('notifications')
      .set((row) => ({
        title: redactedText(row.ref('title'), texts.needles, texts.replacement),
        message: redactedText(row.ref('message'), texts.needles, texts.replacement),
      }))
      .where('subjectType', '=', 'order')
      .where('subjectId', 'in', chunk)
      .execute();
  }
}

/** An order's tracking number and discounted total (paise), for its notice. @throws when there is none. */
export function findOrderForNotice(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['trackingNumber', 'discountedTotalPaise'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

/** A product's name and its vendor's business name (null for the store's own), for its notice. @throws when there is none. */
export function findProductWithVendorName(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .leftJoin('vendors', 'vendors.id', 'products.vendorId')
    .select(['products.name', 'vendors.businessName'])
    .where('products.id', '=', productId)
    .executeTakeFirstOrThrow();
}

/** A vendor's business name, or undefined for no such vendor. */
export async function findVendorName(db: Db, vendorId: number): Promise<string | undefined> {
  const row = await db.selectFrom('vendors').select('businessName').where('id', '=', vendorId).executeTakeFirst();
  return row?.businessName;
}
