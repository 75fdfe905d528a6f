import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../lib/paths';
import { hasPermission, mayUseVendorArea, permissionForScreen } from '../lib/permissions';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * Everything under /admin needs a session (spec section 6: judged by the token);
 * without one the user goes to /login and the origin is kept in the redirect state.
 * A staff member the store requires to turn on two-factor sign-in first goes to
 * Profile → Security, the only screen the server lets them use (decision 0147).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (session.user.twoFactorSetupRequired && location.pathname !== paths.profile)
    return <Navigate to={{ pathname: paths.profile, hash: '#security' }} replace />;
  return children;
}

/** A screen only admins use; vendors are told so instead of seeing calls fail. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const adminsOnly = session?.user.role !== 'admin';
  // An admin's screen names the tab itself.
  useDocumentTitle(adminsOnly ? 'Admins only' : null);
  if (adminsOnly) {
    return (
      <div className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-amber-900">
        <h1 className="text-lg font-semibold">Admins only</h1>
        <p className="mt-1 text-sm">This screen is available to store administrators.</p>
      </div>
    );
  }
  return children;
}

/** The vendor screens of money areas, by the API area they read (decision 0129: managers and the owner). */
const vendorScreenAreas: readonly [string, string][] = [
  [paths.earnings, '/api/vendor/earnings'],
  [paths.documents, '/api/documents'],
];

/**
 * Every screen of the back office shows only to a role that may use it (issue 36): an
 * admin needs the screen's permission (`permissionForScreen`), a seller's staff member
 * is kept out of money screens. Others are told so instead of seeing calls fail; the
 * dashboard of an admin without `orders:read` sends them to their first screen instead.
 */
export function ScreenGuard({ children }: { children: ReactNode }) {
  const user = useSession()?.user;
  const { pathname } = useLocation();
  const needed = user?.role === 'admin' ? permissionForScreen(pathname) : null;
  const vendorArea =
    user?.role === 'vendor' ? vendorScreenAreas.find(([base]) => pathname.startsWith(base))?.[1] : undefined;
  const refused =
    (needed !== null && !hasPermission(user, needed) && pathname !== paths.dashboard) ||
    (vendorArea !== undefined && !mayUseVendorArea(user, vendorArea));
  useDocumentTitle(refused ? 'Not available to your role' : null);
  if (refused) {
    return (
      <div className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-amber-900">
        <h1 className="text-lg font-semibold">Not available to your role</h1>
        <p className="mt-1 text-sm">Ask the store's owner if you need this screen.</p>
      </div>
    );
  }
  return children;
}
