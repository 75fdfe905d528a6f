import {
  apiError,
  idParams,
  notificationListQuery,
  notificationListResponse,
  notificationMessages,
  notificationReadResponse,
  notificationsReadAllResponse,
  unreadCountResponse,
} from '@haat/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/access.js';
import { NotificationHub } from './notifications.hub.js';
import { listNotifications, readAllNotifications, readNotification, unreadCount } from './notifications.service.js';

const tags = ['notifications'];

/** A comment line on every open stream this often, so proxies keep it open; sessions are rechecked then too. */
export const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting a dropped stream (the `retry:` field). */
const RETRY_MS = 3000;
/** Longest timer Node accepts (about 24.8 days); a longer token is still checked at each heartbeat. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The signed-in user's notifications (issue 10 'Live notifications'; decisions 0065
 * and 0066). Mounted at `/api/notifications`; every route is `staff` (admins and
 * approved vendors) and reads or changes only the caller's own notifications.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new NotificationHub(app.db, app.dbKind, app.config.databaseUrl, app.log);
  await hub.start();
  // Streams end before the server waits for its connections to close, so closing the
  // app never hangs on an open stream; the LISTEN connection closes after.
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => hub.close());

  /**
   * `GET /api/notifications?limit=&cursor=`: the caller's notifications, newest first,
   * one keyset page (default 20, at most 200) with `total`, `nextCursor` (null on the
   * last page) and `unread` (their unread count). Times UTC ISO.
   * Errors: 400 bad limit or cursor, 401, 403.
   */
  app.get(
    '/',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'My notifications, newest first',
        querystring: notificationListQuery,
        response: { 200: notificationListResponse, 400: apiError, 401: apiError, 403: apiError },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listNotifications(app.db, app.lists, actorOf(request).userId, request.query)),
    }),
  );

  /** `GET /api/notifications/unread-count` → `{ unread }`, the caller's unread count. Errors: 401, 403. */
  app.get(
    '/unread-count',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'How many of my notifications are unread',
        response: { 200: unreadCountResponse, 401: apiError, 403: apiError },
      },
    },
    async (request) => ({ success: true as const, unread: await unreadCount(app.db, actorOf(request).userId) }),
  );

  /**
   * `PUT /api/notifications/read-all`: marks every unread notification of the caller
   * read → `{ message, marked, unread: 0 }`. Errors: 401, 403.
   */
  app.put(
    '/read-all',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Mark all my notifications as read',
        response: { 200: notificationsReadAllResponse, 401: apiError, 403: apiError },
      },
    },
    async (request) => {
      const userId = actorOf(request).userId;
      const marked = await readAllNotifications(app.db, userId);
      return {
        success: true as const,
        message: notificationMessages.allMarkedRead,
        marked,
        unread: await unreadCount(app.db, userId),
      };
    },
  );

  /**
   * `PUT /api/notifications/:id/read`: marks the caller's notification read →
   * `{ message, notification, unread }`. Another user's notification answers 404, as
   * one that does not exist. Errors: 400 bad id, 401, 403, 404.
   */
  app.put(
    '/:id/read',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Mark one of my notifications as read',
        params: idParams,
        response: { 200: notificationReadResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request) => ({
      success: true as const,
      message: notificationMessages.markedRead,
      ...(await readNotification(app.db, actorOf(request).userId, request.params.id)),
    }),
  );

  /**
   * `GET /api/notifications/stream`: server-sent events for the caller, authenticated
   * like every call (the `Authorization` header; the web app streams with `fetch`).
   * At once and whenever the caller's notifications change (in any API process), a
   * `notification` event with data `{"unread":N}`; the client then refetches the list.
   * A `: ping` comment every 20 s. The stream ends when the token expires, is signed
   * out or the account's sessions end (checked at each ping and before each event),
   * and when the server closes. Errors (before the stream opens): 401, 403.
   */
  app.get(
    '/stream',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Live signals of new notifications (text/event-stream)',
        response: { 401: apiError, 403: apiError },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);

      let ended = false;
      let remove: () => void = () => undefined;
      const timers: NodeJS.Timeout[] = [];
      const end = () => {
        if (ended) return;
        ended = true;
        for (const timer of timers) clearTimeout(timer);
        remove();
        raw.end();
      };
      const subscriber = {
        userId: actor.userId,
        session: { jti: actor.token.jti, version: request.user.ver, expiresAt: actor.token.expiresAt },
        send: (unread: number) => {
          if (!ended) raw.write(`event: notification\ndata: ${JSON.stringify({ unread })}\n\n`);
        },
        end,
      };
      raw.on('close', end);
      timers.push(
        setTimeout(end, Math.min(MAX_TIMER_MS, Math.max(0, actor.token.expiresAt.getTime() - Date.now()))),
        setInterval(() => {
          void hub.sessionLives(subscriber).then((lives) => {
            if (!lives) end();
            else if (!ended) raw.write(': ping\n\n');
          });
        }, HEARTBEAT_MS),
      );
      try {
        const unsubscribe = await hub.subscribe(subscriber);
        if (ended) unsubscribe();
        else remove = unsubscribe;
      } catch (error) {
        request.log.error({ err: error }, 'notifications: opening a stream failed');
        end();
      }
    },
  );
};
