import { lazy } from 'react';
import { Navigate } from 'react-router';
import { hasPermission } from '../lib/permissions';
import { useSession } from '../lib/session';
import { firstScreenFor } from './shell/sidebar';

const AdminDashboard = lazy(() =>
  import('../features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const VendorDashboard = lazy(() =>
  import('../features/vendor-portal/pages/vendor-dashboard-page').then((m) => ({ default: m.VendorDashboardPage })),
);

/**
 * `/admin/dashboard` for whoever is signed in: the store's dashboard for an admin
 * (spec section 2), a vendor's own figures for a vendor (issue 8). The screen's code
 * loads on first visit; the root's Suspense shows 'Loading...' meanwhile.
 */
export function DashboardForRole() {
  const session = useSession();
  if (session?.user.role === 'vendor') return <VendorDashboard />;
  // A staff role without orders (Content editor, Catalog manager...) starts on its first screen (issue 36).
  if (session && !hasPermission(session.user, 'orders:read')) {
    const first = firstScreenFor(session.user);
    if (first) return <Navigate to={first} replace />;
  }
  return <AdminDashboard />;
}
