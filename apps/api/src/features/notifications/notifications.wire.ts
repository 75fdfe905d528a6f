import type { Notification } from '@haat/contract';
import type { NotificationRow } from './notifications.repository.js';

/** A notification row as the wire shape (`_id` strings, UTC ISO times). */
export function toNotification(row: NotificationRow): Notification {
  return {
    _id: String(row.id),
    kind: row.kind,
    title: row.title,
    message: row.message,
    subject: { type: row.subjectType, _id: String(row.subjectId) },
    link: row.link,
    createdAt: row.createdAt,
    readAt: row.readAt,
  };
}
