import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * Everything under /admin needs a session (spec section 6: judged by the token);
 * without one the user goes to /login and the origin is kept in the redirect state.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login} replace state={{ from: location }} />;
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
