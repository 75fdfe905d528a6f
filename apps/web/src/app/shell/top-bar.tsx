import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, CircleHelp, LogOut, Shield, SlidersHorizontal, UserRound } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { displayName, useSession } from '../../lib/session';
import { GlobalSearch } from './global-search';
import { NotificationsBell } from './notifications-bell';
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
        {now.toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', second: '2-digit' })}
      </p>
      <p className="text-xs text-slate-500">
        {now.toLocaleDateString('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
      </p>
    </div>
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
      {/* Named by what it shows plus 'User menu' (issue 27: an accessible name holds the visible label). */}
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100">
        <span
          aria-hidden
          className="bg-brand-gradient flex h-8 w-8 items-center justify-center rounded-full text-sm font-semibold text-white"
        >
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="hidden text-sm font-medium text-slate-700 sm:inline">{name}</span>
        <span className="sr-only">User menu</span>
        <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden />
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
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 md:gap-4 md:px-6">
      {leading}
      <GlobalSearch />
      <div className="flex shrink-0 items-center gap-2 md:gap-4">
        <Clock />
        <NotificationsBell />
        <UserMenu />
      </div>
    </header>
  );
}
