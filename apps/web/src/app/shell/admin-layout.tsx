import { Menu } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { UnsavedChangesPrompt } from '../../components/ui/unsaved-changes-prompt';
import { NARROW_SCREEN, useMediaQuery } from '../../lib/use-media-query';
import { ScreenGuard } from '../require-auth';
import { OfflineBanner } from './offline-banner';
import { Sidebar, SidebarDrawer } from './sidebar';
import { TopBar } from './top-bar';
import { useSidebarCollapsed } from './use-sidebar-collapsed';

/** The content area's id, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The admin shell (spec section 2; issue 12 for the phone): sidebar, top bar and the
 * content area, after a 'Skip to content' link. From 768 px up the sidebar sits beside
 * the content, expanded (15rem) or collapsed (4rem) as the user last left it (kept in
 * local storage). Below 768 px the content takes the whole width and the sidebar opens
 * from the top bar's menu button as an overlay (a Radix Dialog) that closes on
 * navigation, on a tap outside it and on Escape (decision 0052).
 */
export function AdminLayout() {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const { pathname } = useLocation();
  // The overlay is open on the address it was opened at, so any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = narrow && menuOpenAt === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);

  return (
    <div className="flex h-full min-h-screen">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={(event) => {
          // Focus moves without touching the address, which the router owns.
          event.preventDefault();
          main.current?.focus();
        }}
        className="sr-only rounded-lg bg-white px-4 py-2 text-sm font-semibold text-pink-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
      >
        Skip to content
      </a>
      {narrow ? (
        <SidebarDrawer
          open={menuOpen}
          onClose={() => setMenuOpenAt(null)}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            menuButton.current?.focus();
          }}
        />
      ) : (
        <Sidebar collapsed={collapsed} onToggle={toggleCollapsed} />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          leading={
            narrow ? (
              <button
                ref={menuButton}
                type="button"
                aria-label="Open menu"
                aria-haspopup="dialog"
                aria-expanded={menuOpen}
                onClick={() => setMenuOpenAt(pathname)}
                className="shrink-0 rounded-md p-2 text-slate-700 hover:bg-slate-100"
              >
                <Menu className="h-5 w-5" aria-hidden />
              </button>
            ) : undefined
          }
        />
        <OfflineBanner />
        {/* Room under the content (pb-28) for the toasts at the bottom: a form's last
            buttons can always scroll above them, never under (issue 27). */}
        <main
          id={MAIN_CONTENT_ID}
          ref={main}
          tabIndex={-1}
          className="min-w-0 flex-1 overflow-auto p-4 pb-28 focus:outline-none md:p-6 md:pb-28"
        >
          <Suspense fallback={<Spinner label="Loading..." />}>
            <ScreenGuard>
              <Outlet />
            </ScreenGuard>
          </Suspense>
        </main>
      </div>
      <UnsavedChangesPrompt />
    </div>
  );
}
