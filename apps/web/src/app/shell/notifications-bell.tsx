import { type Notification, notificationMessages } from '@haat/contract';
import * as Popover from '@radix-ui/react-popover';
import { Bell } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadMore } from '../../components/ui/load-more';
import { Spinner } from '../../components/ui/spinner';
import {
  useMarkAllRead,
  useMarkRead,
  useNotificationList,
  useNotificationStream,
  useUnreadCount,
} from './use-notifications';

/** The unread badge: the count, or 9+ above 9 (spec section 9). */
export function unreadBadge(count: number): string {
  return count > 9 ? '9+' : String(count);
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** `2 minutes ago`, `yesterday`, `3 days ago`... from a UTC ISO time. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
    ['week', 4.35],
    ['month', 12],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return relative.format(Math.trunc(value), unit);
    value /= size;
  }
  return relative.format(Math.trunc(value), 'year');
}

function Item({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const unread = item.readAt === null;
  return (
    <li className="border-b border-slate-100 last:border-0">
      <button
        type="button"
        onClick={() => onOpen(item)}
        className={`flex w-full gap-3 px-4 py-3 text-left outline-none hover:bg-slate-50 focus-visible:bg-slate-100 ${unread ? 'bg-pink-50/60' : ''}`}
      >
        <span
          aria-hidden
          className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${unread ? 'bg-pink-600' : 'bg-transparent'}`}
        />
        <span className="min-w-0 flex-1">
          <span className={`block text-sm text-slate-800 ${unread ? 'font-semibold' : 'font-medium'}`}>
            {item.title}
            {unread && <span className="sr-only"> (unread)</span>}
          </span>
          <span className="block break-words text-xs text-slate-600">{item.message}</span>
          <time dateTime={item.createdAt} className="mt-1 block text-[11px] text-slate-400">
            {timeAgo(item.createdAt)}
          </time>
        </span>
      </button>
    </li>
  );
}

function Panel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const list = useNotificationList(open);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const unread = useUnreadCount().data ?? 0;

  const openItem = (item: Notification) => {
    if (item.readAt === null) markRead.mutate(item._id);
    onClose();
    navigate(item.link);
  };

  return (
    <>
      <div className="max-h-[min(28rem,70vh)] overflow-y-auto overscroll-contain">
        {list.query.isPending ? (
          <Spinner label="Loading..." />
        ) : list.query.isError ? (
          <p className="px-4 py-6 text-center text-sm text-red-600">{notificationMessages.loadFailed}</p>
        ) : list.items.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">{notificationMessages.empty}</p>
        ) : (
          <ul aria-label={notificationMessages.heading}>
            {list.items.map((item) => (
              <Item key={item._id} item={item} onOpen={openItem} />
            ))}
          </ul>
        )}
        <div className="pb-3">
          <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} rootMargin="0px" />
        </div>
      </div>
      <div className="border-t border-slate-100 px-4 py-2 text-right">
        <button
          type="button"
          disabled={unread === 0 || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
          className="rounded px-2 py-1 text-xs font-medium text-pink-700 hover:bg-pink-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
        >
          {notificationMessages.markAllRead}
        </button>
      </div>
    </>
  );
}

/**
 * The top bar's bell (issue 10 'Live notifications'; spec sections 2 and 9): the
 * unread count as a badge (9+ above 9), and on click a panel of the user's
 * notifications newest first, loading more as it scrolls; choosing one marks it read
 * and opens its record; 'Mark all as read' clears the count. New ones arrive live
 * through the stream, without a reload. The panel fits a 390 px screen.
 */
export function NotificationsBell() {
  useNotificationStream();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount().data ?? 0;
  const headingId = useId();
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      {/* Named by its own text, not aria-label: the badge shows '9+' past nine, which an
          aria-label of the exact count would not contain (WCAG 2.5.3, label in name; issue 33). */}
      <Popover.Trigger className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100">
        <Bell className="h-5 w-5" aria-hidden />
        <span className="sr-only">{`Notifications (${unread} unread)`}</span>
        {unread > 0 && (
          <span
            aria-hidden
            data-testid="notifications-badge"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-pink-600 px-1 text-center text-[10px] font-bold leading-5 text-white"
          >
            {unreadBadge(unread)}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-40 w-96 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white shadow-lg focus:outline-none"
        >
          <p id={headingId} className="border-b border-slate-100 px-4 py-3 text-sm font-semibold">
            {notificationMessages.heading}
          </p>
          <Panel open={open} onClose={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
