import { api as endpoints } from '@haat/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, route, signInAs } from '../../../test/screen-kit';
import { NotificationsBell } from '../notifications-bell';
import { unreadKey } from '../use-notifications';

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

/**
 * The API as the live bell meets it: the unread count answers `first` at once, and
 * every later read waits for `releaseStale` and then answers `stale` (a read that left
 * before an event and lands after it); the stream stays open and `push` writes events.
 */
function liveApi({ first, stale }: { first: number; stale: number }) {
  const encoder = new TextEncoder();
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let countReads = 0;
  fakeApi({
    [route(endpoints.notifications.unreadCount)]: async () => {
      countReads += 1;
      if (countReads === 1) return { success: true, unread: first };
      await held;
      return { success: true, unread: stale };
    },
    [route(endpoints.notifications.stream)]: () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          stream = controller;
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    },
    [route(endpoints.notifications.list)]: () => ({
      success: true,
      notifications: [],
      unread: first,
      total: 0,
      nextCursor: null,
    }),
  });
  return {
    push: (unread: number) => stream?.enqueue(encoder.encode(`event: notification\ndata: {"unread":${unread}}\n\n`)),
    streamOpen: () => stream !== null,
    countReads: () => countReads,
    releaseStale: () => release(),
  };
}

describe('the live notification stream', () => {
  it('keeps the count an event brought when an older read of the count lands after it', async () => {
    signInAs('admin');
    const live = liveApi({ first: 2, stale: 2 });
    const { queryClient } = renderScreen(<NotificationsBell />, {
      route: '/admin/dashboard',
      path: '/admin/dashboard',
    });
    expect(await screen.findByRole('button', { name: 'Notifications (2 unread)' })).toBeInTheDocument();
    await vi.waitFor(() => expect(live.streamOpen()).toBe(true));
    // A read of the count leaves (a focus refetch, the refetch when the stream opens) and is still out.
    void queryClient.invalidateQueries({ queryKey: unreadKey });
    await vi.waitFor(() => expect(live.countReads()).toBeGreaterThanOrEqual(2));

    live.push(3);
    expect(await screen.findByRole('button', { name: 'Notifications (3 unread)' })).toBeInTheDocument();

    live.releaseStale();
    // Give the released read every chance to land.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Notifications (3 unread)' })).toBeInTheDocument();
  });
});
