import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** The admin shell (spec section 2): collapsible sidebar, top bar and the content area. */
export function AdminLayout() {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <div className="flex h-full min-h-screen">
      <Sidebar collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main className="flex-1 overflow-auto p-6">
          <Suspense fallback={<Spinner label="Loading..." />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
