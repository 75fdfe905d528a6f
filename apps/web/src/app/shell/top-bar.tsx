import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import * as Popover from '@radix-ui/react-popover';
import { Bell, ChevronDown, CircleHelp, LogOut, Search, Shield, SlidersHorizontal, UserRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { displayName, useSession } from '../../lib/session';
import { useLogout } from './use-logout';

/** The clock refreshes every second (spec section 9). */
const CLOCK_REFRESH_MS = 1000;

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="hidden text-right leading-tight md:block">
      <p className="text-sm font-semibold text-slate-800" data-testid="clock-time">
        {now.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' })}
      </p>
      <p className="text-xs text-slate-500">
        {now.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}
      </p>
    </div>
  );
}

/** The fixed sample notifications of spec section 2. */
export const sampleNotifications = [
  { id: 1, title: 'New order received', detail: 'An order is waiting to be packed', time: '2 min ago' },
  { id: 2, title: 'Low inventory', detail: 'Some products are running low on stock', time: '1 hour ago' },
  { id: 3, title: 'Weekly report', detail: 'Your weekly sales report is ready', time: '1 day ago' },
];

/** The unread badge: the count, or 9+ above 9 (spec section 9). */
export function unreadBadge(count: number): string {
  return count > 9 ? '9+' : String(count);
}

function Notifications() {
  const unread = sampleNotifications.length;
  const headingId = useId();
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={`Notifications (${unread} unread)`}
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100"
      >
        <Bell className="h-5 w-5" />
        <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-pink-600 px-1 text-center text-[10px] font-bold leading-5 text-white">
          {unreadBadge(unread)}
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-labelledby={headingId}
          className="z-40 w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white shadow-lg focus:outline-none"
        >
          <p id={headingId} className="border-b border-slate-100 px-4 py-3 text-sm font-semibold">
            Notifications
          </p>
          <ul>
            {sampleNotifications.map((item) => (
              <li key={item.id} className="border-b border-slate-50 px-4 py-3 last:border-0">
                <p className="text-sm font-medium text-slate-800">{item.title}</p>
                <p className="text-xs text-slate-500">{item.detail}</p>
                <p className="mt-1 text-[11px] text-slate-400">{item.time}</p>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function UserMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const name = displayName(session?.user ?? null);
  const item =
    'flex w-full cursor-pointer items-center gap-2 px-4 py-2 text-left text-sm text-slate-700 outline-none hover:bg-slate-50 data-[highlighted]:bg-slate-100';
  // Security and Help & Support only close the menu (spec section 2).
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label="User menu"
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100"
      >
        <span className="bg-brand-gradient flex h-8 w-8 items-center justify-center rounded-full text-sm font-semibold text-white">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="hidden text-sm font-medium text-slate-700 sm:inline">{name}</span>
        <ChevronDown className="h-4 w-4 text-slate-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-40 w-56 rounded-xl border border-slate-200 bg-white py-2 shadow-lg focus:outline-none"
        >
          <DropdownMenu.Item className={item} onSelect={() => navigate(paths.profile)}>
            <UserRound className="h-4 w-4" /> Profile Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => navigate(paths.dashboardSettings)}>
            <SlidersHorizontal className="h-4 w-4" /> Dashboard Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => navigate(paths.profileSecurity)}>
            <Shield className="h-4 w-4" /> Security
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item}>
            <CircleHelp className="h-4 w-4" /> Help &amp; Support
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 border-t border-slate-100" />
          <DropdownMenu.Item className={`${item} text-red-600`} onSelect={logout}>
            <LogOut className="h-4 w-4" /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The top bar (spec section 2): clock and date, search box, notifications and the user
 * menu. `leading` goes first (the phone's menu button, issue 12).
 */
export function TopBar({ leading }: { leading?: ReactNode } = {}) {
  const [query, setQuery] = useState('');
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    // The spec's search only logs the text; there is no global search yet.
    console.log('Search:', query);
  };
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 md:gap-4 md:px-6">
      {leading}
      <form onSubmit={onSearch} className="relative w-full max-w-md">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <input
          type="search"
          aria-label="Search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search products, orders, customers..."
          className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pl-9 pr-3 text-sm outline-none focus:border-pink-400 focus:bg-white"
        />
      </form>
      <div className="flex shrink-0 items-center gap-2 md:gap-4">
        <Clock />
        <Notifications />
        <UserMenu />
      </div>
    </header>
  );
}
