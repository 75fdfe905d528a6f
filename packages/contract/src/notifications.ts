import { z } from 'zod';
import { idParams, idString, isoDateTime, MAX_PAGE_SIZE, pageInfo } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Live notifications (issue 10 'Live notifications'): the events the store produces,
 * as each recipient's list in the top bar's bell, with read state and a stream of
 * "something new" signals.
 */

/** The words of the bell and its panel. */
export const notificationMessages = {
  heading: 'Notifications',
  markAllRead: 'Mark all as read',
  empty: 'No notifications yet',
  loadFailed: 'Failed to load notifications.',
  loadMore: 'Load more',
  notFound: 'Notification not found',
  markedRead: 'Notification marked as read',
  allMarkedRead: 'All notifications marked as read',
  /** 429 to a live stream past `MAX_STREAMS_PER_USER` open at once (issue 23). */
  tooManyStreams: 'Too many live notification streams are open for this account. Close a tab and try again.',
} as const;

/** The most live notification streams one user may hold open at once in one API process (issue 23). */
export const MAX_STREAMS_PER_USER = 10;

/** What happened, as stored in `notifications.kind`. */
export const notificationKinds = [
  'order_placed',
  'low_stock',
  'product_submitted',
  'vendor_registered',
  'contact_received',
  'product_approved',
  'product_rejected',
  'order_cancelled',
  'order_returned',
  'cancel_requested',
  'cancel_declined',
  'payout_paid',
  'bank_details_changed',
  'vendor_approved',
  'export_ready',
  'import_done',
  'bulk_done',
  'kyc_submitted',
  'kyc_approved',
  'kyc_changes_requested',
  'kyc_rejected',
  'shipment_shipped',
  'shipment_delivered',
  'shipment_late',
] as const;
export const notificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKind>;

/** The kinds of record a notification concerns. */
export const notificationSubjects = ['order', 'product', 'vendor', 'contact', 'job'] as const;
export type NotificationSubject = (typeof notificationSubjects)[number];

/** Page size of the bell's list when the caller sends no `limit`. */
export const NOTIFICATION_PAGE_SIZE = 20;

/** A notification as the API answers it; times UTC ISO 8601, `readAt` null while unread. */
export const notification = z.object({
  _id: idString,
  kind: notificationKind,
  title: z.string(),
  message: z.string(),
  subject: z.object({ type: z.enum(notificationSubjects), _id: idString }),
  /** The back office address of the record it concerns (`/admin/orders/12`). */
  link: z.string(),
  createdAt: isoDateTime,
  readAt: isoDateTime.nullable(),
});
export type Notification = z.infer<typeof notification>;

/** `GET /api/notifications` query: always a keyset page, newest first (default 20 a page). */
export const notificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(NOTIFICATION_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

/** `GET /api/notifications`: one page of the caller's notifications, newest first, and their unread count. */
export const notificationListResponse = z.object({
  success: z.literal(true),
  notifications: z.array(notification),
  unread: z.number().int().nonnegative(),
  ...pageInfo,
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/** `GET /api/notifications/unread-count` and the answers of the read routes. */
export const unreadCountResponse = z.object({
  success: z.literal(true),
  unread: z.number().int().nonnegative(),
});
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

/** `PUT /api/notifications/:id/read`: the notification as now read, and the unread count left. */
export const notificationReadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  notification,
  unread: z.number().int().nonnegative(),
});

/** `PUT /api/notifications/read-all`: how many were marked, and the unread count left (0). */
export const notificationsReadAllResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  marked: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});

/**
 * The data of each `notification` event on `GET /api/notifications/stream`: a signal
 * that the caller's notifications changed, with their unread count then. The client
 * refetches the list; the database stays the truth.
 */
export const notificationStreamEvent = z.object({ unread: z.number().int().nonnegative() });
export type NotificationStreamEvent = z.infer<typeof notificationStreamEvent>;

/**
 * The signed-in user's notifications (issue 10 'Live notifications'; decisions 0065 and
 * 0066), for admins and approved vendors: each call reads or changes only the caller's
 * own. Times UTC ISO.
 */
export const notificationEndpoints = {
  /**
   * The caller's notifications, newest first, one keyset page (default 20, at most 200)
   * with `total`, `nextCursor` (null on the last page) and `unread`, their unread count.
   */
  list: endpoint('GET', '/api/notifications', { access: 'staff', summary: 'My notifications, newest first' })
    .input(z.object({ query: notificationListQuery }))
    .output(notificationListResponse),
  /** `{ success, unread }`, the caller's unread count. */
  unreadCount: endpoint('GET', '/api/notifications/unread-count', {
    access: 'staff',
    summary: 'How many of my notifications are unread',
  }).output(unreadCountResponse),
  /** Marks every unread notification of the caller read → `{ success, message, marked, unread: 0 }`. */
  readAll: endpoint('PUT', '/api/notifications/read-all', {
    access: 'staff',
    summary: 'Mark all my notifications as read',
  }).output(notificationsReadAllResponse),
  /**
   * Marks the caller's notification read → `{ success, message, notification, unread }`.
   * Another user's notification answers 404, as one that does not exist.
   */
  read: endpoint('PUT', '/api/notifications/{id}/read', {
    access: 'staff',
    summary: 'Mark one of my notifications as read',
  })
    .input(z.object({ params: idParams }))
    .output(notificationReadResponse),
  /**
   * Server-sent events (`text/event-stream`) for the caller, authenticated like every
   * call (the `Authorization` header: the web app reads it with `fetch`, not
   * `EventSource`). At once and whenever the caller's notifications change (in any API
   * process), a `notification` event with data `notificationStreamEvent`, `{"unread":N}`;
   * the client then refetches the list. A `: ping` comment every 20 s. The stream ends
   * when the token expires, is signed out or the account's sessions end (checked at each
   * ping and before each event), and when the server closes. 401 and 403 come before the
   * stream opens, and 429 when the caller already holds `MAX_STREAMS_PER_USER` (10)
   * streams open in this process.
   */
  stream: endpoint('GET', '/api/notifications/stream', {
    access: 'staff',
    summary: 'Live signals of new notifications (text/event-stream)',
    rawAnswer: true,
    errors: [429],
  }),
};
