import { api as endpoints, type Notification } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs } from '../../../test/screen-kit';
import { NotificationsBell, timeAgo, unreadBadge } from '../notifications-bell';

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

const notice = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  _id: String(id),
  kind: 'order_placed',
  title: 'New order received',
  message: `Order HT${id}: 2 items, Rs. 1,998.00.`,
  subject: { type: 'order', _id: String(id) },
  link: `/admin/orders/${id}`,
  createdAt: new Date(Date.now() - id * 60_000).toISOString(),
  readAt: null,
  ...overrides,
});

/** The API as the bell sees it: `unread` unread of `items`; the stream refuses (no live server here). */
function api(state: { unread: number; items: Notification[] }) {
  return fakeApi({
    [route(endpoints.notifications.unreadCount)]: () => ({ success: true, unread: state.unread }),
    [route(endpoints.notifications.list)]: () => ({
      success: true,
      notifications: state.items,
      unread: state.unread,
      total: state.items.length,
      nextCursor: null,
    }),
    [route(endpoints.notifications.readAll)]: () => {
      state.unread = 0;
      state.items = state.items.map((item) => ({ ...item, readAt: new Date().toISOString() }));
      return { success: true, message: 'All notifications marked as read', marked: 2, unread: 0 };
    },
    [route(endpoints.notifications.read, { id: '1' })]: () => {
      state.unread -= 1;
      return {
        success: true,
        message: 'Notification marked as read',
        notification: state.items[0],
        unread: state.unread,
      };
    },
    [route(endpoints.notifications.stream)]: () =>
      reply(401, { success: false, message: 'Unauthorized', code: 'UNAUTHENTICATED' }),
  });
}

const render = () => renderScreen(<NotificationsBell />, { route: '/admin/dashboard', path: '/admin/dashboard' });

describe('NotificationsBell', () => {
  it('shows the unread count on the bell', async () => {
    signInAs('admin');
    api({ unread: 3, items: [] });
    render();
    expect(await screen.findByRole('button', { name: 'Notifications (3 unread)' })).toBeInTheDocument();
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('3');
  });

  it('shows 9+ above 9', async () => {
    signInAs('vendor');
    api({ unread: 12, items: [] });
    render();
    expect(await screen.findByRole('button', { name: 'Notifications (12 unread)' })).toBeInTheDocument();
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('9+');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
  });

  it('shows no badge with nothing unread, and says so in the panel', async () => {
    signInAs('admin');
    api({ unread: 0, items: [] });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (0 unread)' }));
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('lists them newest first; opening one marks it read and goes to its record', async () => {
    signInAs('admin');
    const calls = api({
      unread: 2,
      items: [notice(1), notice(2, { title: 'Low inventory', link: '/admin/products/edit/9' })],
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('New order received (unread)Order HT1'),
      expect.stringContaining('Low inventory (unread)Order HT2'),
    ]);
    await userEvent.click(items[0] as HTMLElement);
    expect(await screen.findByText('Elsewhere: /admin/orders/1')).toBeInTheDocument();
    expect(calls.callsTo(endpoints.notifications.read, { id: '1' })).toHaveLength(1);
  });

  it('marks all as read', async () => {
    signInAs('admin');
    const calls = api({ unread: 2, items: [notice(1), notice(2)] });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications (0 unread)' })).toBeInTheDocument();
    expect(calls.callsTo(endpoints.notifications.readAll)).toHaveLength(1);
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
  });

  it('writes times as how long ago', () => {
    const now = Date.parse('2026-11-23T10:00:00.000Z');
    expect(timeAgo('2026-11-23T09:58:00.000Z', now)).toBe('2 minutes ago');
    expect(timeAgo('2026-11-22T10:00:00.000Z', now)).toBe('yesterday');
  });
});
