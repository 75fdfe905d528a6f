import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** Below this width the sidebar starts collapsed, so a phone keeps room for the content. */
const NARROW_SCREEN = '(max-width: 767px)';

/**
 * The admin shell (spec section 2): collapsible sidebar, top bar and the content area.
 * The sidebar opens expanded (15rem), or collapsed (4rem) on a narrow screen.
 */
export function AdminLayout() {
  const [collapsed, setCollapsed] = useState(() => window.matchMedia?.(NARROW_SCREEN).matches ?? false);
  return (
    <div className="flex h-full min-h-screen">
      <Sidebar collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main className="flex-1 overflow-auto p-4 md:p-6">
          <Suspense fallback={<Spinner label="Loading..." />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
