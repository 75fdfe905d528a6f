import { type Notification, notificationMessages } from '@haat/contract';
import type { Db } from '../../platform/db/create-db.js';
import { type ListBounds, listOrPage } from '../../platform/db/lists.js';
import { notFound } from '../../platform/errors.js';
import {
  countNotifications,
  countUnread,
  findNotification,
  listNotifications as listNotificationRows,
  markAllRead,
  markRead,
  NOTIFICATION_SORT,
  redactNotificationsAbout,
} from './notifications.repository.js';
import { signalRecipients } from './notifications.signals.js';
import { toNotification } from './notifications.wire.js';

/**
 * A user's bell (issue 10 'Live notifications'; decisions 0065 and 0066): their
 * notifications a page at a time, the unread count, and marking them read. What the
 * store's events tell whom is in `subscribers/`, one file per feature
 * (docs/decisions/0114-domain-events-in-the-transaction.md).
 */

/**
 * `GET /api/notifications`: one keyset page of the user's notifications, newest
 * first, with the total, the next cursor and their unread count.
 * @throws AppError BAD_REQUEST (400) for a cursor not made by this list.
 */
export async function listNotifications(
  db: Db,
  bounds: ListBounds,
  userId: number,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ notifications: Notification[]; unread: number; total?: number; nextCursor?: string | null }> {
  const [{ items, ...paging }, unread] = await Promise.all([
    listOrPage(
      { ...query, sort: NOTIFICATION_SORT },
      {
        keyType: 'instant',
        fetchAll: () => listNotificationRows(db, userId, { limit: query.limit }),
        fetchPage: (page) => listNotificationRows(db, userId, page),
        count: () => countNotifications(db, userId),
        keyOf: (row) => ({ key: row.createdAt, id: row.id }),
        toItems: (rows) => rows.map(toNotification),
      },
      bounds,
    ),
    countUnread(db, userId),
  ]);
  return { notifications: items, unread, ...paging };
}

/** `GET /api/notifications/unread-count`: how many of the user's notifications are unread. */
export function unreadCount(db: Db, userId: number): Promise<number> {
  return countUnread(db, userId);
}

/**
 * `PUT /api/notifications/:id/read`: marks the user's own notification read (reading
 * it again keeps the first time). Another user's, or none, is not found.
 * @throws AppError NOT_FOUND (404).
 */
export async function readNotification(
  db: Db,
  userId: number,
  id: number,
): Promise<{ notification: Notification; unread: number }> {
  const now = new Date().toISOString();
  const row = await db.transaction().execute(async (trx) => {
    await markRead(trx, userId, id, now);
    const found = await findNotification(trx, userId, id);
    if (!found) throw notFound(notificationMessages.notFound);
    await signalRecipients(trx, [userId]);
    return found;
  });
  return { notification: toNotification(row), unread: await countUnread(db, userId) };
}

/** `PUT /api/notifications/read-all`: marks every unread notification of the user read; returns how many. */
export async function readAllNotifications(db: Db, userId: number): Promise<number> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const marked = await markAllRead(trx, userId, now);
    if (marked > 0) await signalRecipients(trx, [userId]);
    return marked;
  });
}

/**
 * An erasure's part in the bell (issue 33, decision 0120): every recipient's
 * notification of the person's contact messages `contactIds` (and of deleted ones sent
 * under one of their `names`) reads
 * `"<replacement>: <erasedText>"` instead of quoting them; those of their orders
 * `orderIds` have the person's texts (`needles`) replaced by `replacement`.
 * @param trx the erasure's transaction.
 */
export async function eraseFromNotifications(
  trx: Db,
  subjects: { contactIds: readonly number[]; orderIds: readonly number[]; names: readonly string[] },
  texts: { needles: readonly string[]; replacement: string; erasedText: string },
): Promise<void> {
  await redactNotificationsAbout(trx, subjects, {
    contactText: `${texts.replacement}: ${texts.erasedText}`,
    needles: texts.needles,
    replacement: texts.replacement,
  });
}
