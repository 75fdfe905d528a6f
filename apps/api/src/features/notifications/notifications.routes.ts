import { MAX_STREAMS_PER_USER, notificationEndpoints, notificationMessages } from '@haat/contract';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../platform/auth/access.js';
import { AppError } from '../../platform/errors.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { NotificationHub } from './notifications.hub.js';
import { listNotifications, readAllNotifications, readNotification, unreadCount } from './notifications.service.js';

/** A comment line on every open stream this often, so proxies keep it open; sessions are rechecked then too. */
export const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting a dropped stream (the `retry:` field). */
const RETRY_MS = 3000;
/** Longest timer Node accepts (about 24.8 days); a longer token is still checked at each heartbeat. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The signed-in user's notifications (issue 10 'Live notifications'; decisions 0065
 * and 0066; `notificationEndpoints`): every route is `staff` (admins and approved
 * vendors) and reads or changes only the caller's own notifications. The plugin owns
 * the hub that carries changes to open streams, in this process and across processes.
 */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const hub = new NotificationHub(app.db, app.dbKind, app.config.databaseUrl, app.log);
  await hub.start();
  // Streams end before the server waits for its connections to close, so closing the
  // app never hangs on an open stream; the LISTEN connection closes after.
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => hub.close());

  registerEndpoints(app, notificationEndpoints, {
    /** `GET /api/notifications?limit=&cursor=` → one page, newest first, with `unread`. Errors: 400. */
    list: async (request) => ({
      success: true as const,
      ...(await listNotifications(app.db, app.lists, actorOf(request).userId, request.query)),
    }),

    /** `GET /api/notifications/unread-count` → `{ success, unread }`. */
    unreadCount: async (request) => ({
      success: true as const,
      unread: await unreadCount(app.db, actorOf(request).userId),
    }),

    /** `PUT /api/notifications/read-all` → `{ success, message, marked, unread: 0 }`. */
    readAll: async (request) => {
      const userId = actorOf(request).userId;
      const marked = await readAllNotifications(app.db, userId);
      return {
        success: true as const,
        message: notificationMessages.allMarkedRead,
        marked,
        unread: await unreadCount(app.db, userId),
      };
    },

    /**
     * `PUT /api/notifications/{id}/read` → `{ success, message, notification, unread }`.
     * Errors: 400 bad id; 404 not the caller's.
     */
    read: async (request) => ({
      success: true as const,
      message: notificationMessages.markedRead,
      ...(await readNotification(app.db, actorOf(request).userId, request.params.id)),
    }),

    /**
     * `GET /api/notifications/stream`: takes over the reply and writes server-sent events
     * itself (`retry:` first, then a `notification` event at once and on each change, a
     * `: ping` at each heartbeat) until the session or the server ends. Errors (before
     * the stream opens): 401, 403, 429 when the caller already holds
     * `MAX_STREAMS_PER_USER` (10) streams open in this process.
     */
    stream: async (request, reply) => {
      const actor = actorOf(request);
      // Counted and then added by `hub.subscribe` with no await between, so racing opens cannot pass together.
      if (hub.streamsOf(actor.userId) >= MAX_STREAMS_PER_USER) {
        throw new AppError('RATE_LIMITED', notificationMessages.tooManyStreams);
      }
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
      return reply;
    },
  });
};
