import { lazy } from 'react';
import { useSession } from '../lib/session';

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
  return session?.user.role === 'vendor' ? <VendorDashboard /> : <AdminDashboard />;
}
