import { api, notificationStreamEvent, pathOf } from '@haat/contract';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { client, queries } from '../../lib/api-client';
import { connectivity } from '../../lib/connectivity';
import { useSession } from '../../lib/session';
import { useCursorList } from '../../lib/use-cursor-list';

/**
 * The signed-in user's notifications (issue 10 'Live notifications'; decision 0066):
 * the unread count, the list newest first page by page, marking read, and the live
 * stream that tells the bell something changed. The stream carries only a signal and
 * the unread count; the list is refetched from the API, which stays the truth, so it
 * is right after any reconnect.
 */

/** The unread count's query, which the stream and the read calls set directly. */
export const unreadKey = queries.notifications.unreadCount.queryKey();

/** Notifications per page in the bell. */
export const NOTIFICATION_PAGE = 20;

/** The unread count, kept current by the stream. */
export function useUnreadCount() {
  const session = useSession();
  return useQuery({
    ...queries.notifications.unreadCount.queryOptions(),
    select: (data) => data.unread,
    enabled: Boolean(session),
  });
}

/** The list newest first, one page at a time (`loadMore` for the next); loaded while `enabled`. */
export function useNotificationList(enabled: boolean) {
  return useCursorList({
    queryKey: queries.notifications.list.key({ type: 'infinite' }),
    limit: NOTIFICATION_PAGE,
    fetchPage: ({ limit, cursor, signal }) => client.notifications.list({ query: { limit, cursor } }, { signal }),
    items: (page) => page.notifications,
    enabled,
  });
}

/** Marks one notification read, then refreshes the count and the list. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.notifications.read({ params: { id } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(unreadKey, { success: true, unread: answer.unread });
      void queryClient.invalidateQueries({ queryKey: queries.notifications.list.key() });
    },
  });
}

/** Marks every notification read, then refreshes the count and the list. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.notifications.readAll(),
    onSuccess: (answer) => {
      queryClient.setQueryData(unreadKey, { success: true, unread: answer.unread });
      void queryClient.invalidateQueries({ queryKey: queries.notifications.list.key() });
    },
  });
}

/** Reconnect waits: 1 s, doubling to 30 s; back to 1 s once a stream opens. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** The stream refused this session (signed out, expired): do not retry with it. */
class StreamRefused extends Error {}

/**
 * Listens to `GET /api/notifications/stream` (`notificationEndpoints.stream`) while
 * signed in, with the session's token in the `Authorization` header (fetch-based:
 * EventSource cannot send it; the path is the contract's, `pathOf`). On
 * each open (the first and every reconnect) and each event, the count is updated and
 * the list refetched. A dropped stream reconnects with backoff; a refused one (401 or
 * 403) stops until the session changes.
 */
export function useNotificationStream() {
  const session = useSession();
  const queryClient = useQueryClient();
  const token = session?.token;

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let delay = RETRY_FIRST_MS;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queries.notifications.key() });
    // The typed client reads JSON answers; the event stream is read with fetch, at the contract's path.
    void fetchEventSource(pathOf(api.notifications.stream), {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
      // The bell stays live in a background tab.
      openWhenHidden: true,
      async onopen(response) {
        const type = response.headers.get('content-type') ?? '';
        if (response.ok && type.startsWith(EventStreamContentType)) {
          delay = RETRY_FIRST_MS;
          refresh();
          return;
        }
        if (response.status === 401 || response.status === 403) throw new StreamRefused();
        throw new Error(`stream answered ${response.status}`);
      },
      onmessage(message) {
        if (message.event !== 'notification') return;
        const parsed = notificationStreamEvent.safeParse(safeJson(message.data));
        if (parsed.success) {
          // A count fetched before this event (the refetch on open, a focus refetch)
          // must not land after it and put the older count back: cancel it first.
          const unread = parsed.data.unread;
          void queryClient
            .cancelQueries({ queryKey: unreadKey })
            .then(() => queryClient.setQueryData(unreadKey, { success: true, unread }));
        }
        void queryClient.invalidateQueries({ queryKey: queries.notifications.list.key() });
      },
      onclose() {
        // The server ended the stream (it is closing, or the session ended): reconnect,
        // and a refused session stops there.
        throw new Error('stream closed');
      },
      onerror(error) {
        if (error instanceof StreamRefused) throw error;
        // A dropped stream is often the first sign that the server is gone: ask its health
        // now, so the offline banner shows at once rather than at the next call (issue 33).
        void connectivity.probe();
        const wait = delay;
        delay = Math.min(delay * 2, RETRY_MAX_MS);
        return wait;
      },
    }).catch(() => undefined);
    return () => controller.abort();
  }, [token, queryClient]);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
