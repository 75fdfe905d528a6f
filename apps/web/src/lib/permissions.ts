import {
  grants,
  type Permission,
  type SessionUser,
  type TeamRole,
  teamRoleAllows,
  teamRoleNeeded,
} from '@haat/contract';
import { paths } from './paths';
import { useSession } from './session';

/**
 * What the signed-in user may use (issue 36; decisions 0128, 0129), to show only that:
 * an admin's permissions and a vendor member's team role come with the session. The
 * server checks every call itself; this only hides what would be refused. A session
 * stored before roles carries none and shows everything, as before.
 */

/** True when `user` (an admin) has `permission`; vendors never have staff permissions. */
export function hasPermission(user: SessionUser | null | undefined, permission: Permission): boolean {
  if (user?.role !== 'admin') return false;
  return user.permissions === undefined || grants(user.permissions, permission);
}

/** True when `user` (a vendor member) is at least `needed` in their team. */
export function hasTeamRole(user: SessionUser | null | undefined, needed: TeamRole): boolean {
  if (user?.role !== 'vendor') return false;
  return teamRoleAllows(user.teamRole ?? 'owner', needed);
}

/** True when a vendor member may use the API area at `apiPath` (money areas are managers'). */
export function mayUseVendorArea(user: SessionUser | null | undefined, apiPath: string): boolean {
  return hasTeamRole(user, teamRoleNeeded(apiPath));
}

/** The signed-in user's permission check, re-rendering on sign-in and sign-out. */
export function useCan(): (permission: Permission) => boolean {
  const user = useSession()?.user;
  return (permission) => hasPermission(user, permission);
}

/**
 * The permission each admin screen needs, by path prefix (the first that matches
 * wins); a screen not listed needs none (profile, dashboard settings, a job).
 */
export const screenPermissions: readonly [string, Permission][] = [
  [paths.products.pending, 'catalog:read'],
  [paths.products.list, 'catalog:read'],
  [paths.categories, 'catalog:read'],
  [paths.coupons, 'catalog:read'],
  [paths.couponsAlias, 'catalog:read'],
  [paths.orders.list, 'orders:read'],
  [paths.customers.list, 'customers:read'],
  [paths.contact, 'customers:read'],
  [paths.vendors, 'vendors:read'],
  [paths.commissionRates, 'money:read'],
  [paths.payouts, 'money:read'],
  [paths.taxSettings, 'money:read'],
  [paths.kycReview.list, 'vendors:read'],
  [paths.documents, 'money:read'],
  [paths.taxReports, 'money:read'],
  [paths.blog.list, 'content:read'],
  [paths.blog.listAlias, 'content:read'],
  [paths.websiteConfig, 'content:read'],
  [paths.activity, 'settings:read'],
  [paths.staff, 'staff:read'],
  // Reset and invitation links pass through the Outbox: the Owner's (staff) alone, as its API.
  [paths.outbox, 'staff:read'],
  [paths.dashboard, 'orders:read'],
];

/** The permission the admin screen at `pathname` needs, or null. */
export function permissionForScreen(pathname: string): Permission | null {
  const match = screenPermissions.find(([base]) => pathname === base || pathname.startsWith(`${base}/`));
  return match ? match[1] : null;
}
