/**
 * Who among the staff and a seller's team may do what (issue 36; decisions 0128 and 0129).
 *
 * Staff (admins): every admin route declares the permission it needs in its endpoint
 * (`permission` beside `access`, `endpoint.ts`), and a staff member's role grants a set
 * of permissions. A permission is an area of the back office and a level: `read` (see
 * it) or `write` (change it; implies `read`).
 *
 * A seller's team (vendor members): a vendor route needs the least team role given by
 * its area (`teamRoleNeeded`): money areas (earnings, payouts, bank details, KYC) need
 * a manager, everything else (products, orders, shipments...) any member, unless the
 * endpoint declares `teamRole` itself (the team's own changes: the owner).
 */

/** The areas of the back office a permission names (issue 36's catalogue). */
export const permissionAreas = [
  'catalog',
  'orders',
  'customers',
  'vendors',
  'money',
  'content',
  'settings',
  'staff',
] as const;
export type PermissionArea = (typeof permissionAreas)[number];

/** An area and a level: `orders:read` sees orders, `orders:write` also changes them. */
export type Permission = `${PermissionArea}:${'read' | 'write'}`;

/** Every permission, read before write, in the catalogue's order. */
export const permissions: readonly Permission[] = permissionAreas.flatMap(
  (area) => [`${area}:read`, `${area}:write`] as Permission[],
);

/** What each area covers, as the Staff screen and decision 0128 word it. */
export const permissionAreaLabels: Record<PermissionArea, string> = {
  catalog: 'Catalog: products, categories, coupons',
  orders: 'Orders: orders, cancellations, returns',
  customers: 'Customers: customers and the contact inbox',
  vendors: 'Vendors: applications and vendor records',
  money: 'Money: commission, payouts, tax',
  content: 'Content: blog and website configuration',
  settings: 'Settings: the activity log and store settings',
  staff: 'Staff: members and their roles',
};

/** Built-in staff roles. `owner` is the spec's admin; it is never invited. */
export const staffRoles = ['owner', 'admin', 'catalog', 'orders', 'finance', 'support', 'content'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The roles an invitation or a role change may give (never `owner`). */
export const assignableStaffRoles = ['admin', 'catalog', 'orders', 'finance', 'support', 'content'] as const;
export type AssignableStaffRole = (typeof assignableStaffRoles)[number];

/** A staff role's name on screen. */
export const staffRoleLabels: Record<StaffRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  catalog: 'Catalog manager',
  orders: 'Order operations',
  finance: 'Finance',
  support: 'Support',
  content: 'Content editor',
};

const all = (area: PermissionArea): Permission[] => [`${area}:read`, `${area}:write`];

/**
 * The permissions of each staff role (decision 0128's table). `write` always comes
 * with `read`.
 */
export const staffRolePermissions: Record<StaffRole, readonly Permission[]> = {
  owner: permissions,
  admin: permissionAreas.filter((area) => area !== 'staff').flatMap(all),
  catalog: all('catalog'),
  orders: all('orders'),
  finance: all('money'),
  support: ['orders:read', ...all('customers')],
  content: all('content'),
};

/** True when `granted` (a role's permissions) includes `needed`; `x:write` implies `x:read`. */
export function grants(granted: readonly string[], needed: Permission): boolean {
  if (granted.includes(needed)) return true;
  const [area, level] = needed.split(':');
  return level === 'read' && granted.includes(`${area}:write`);
}

/** A seller's team roles: the owner (who signed up, or to whom it was handed), managers and staff. */
export const teamRoles = ['owner', 'manager', 'staff'] as const;
export type TeamRole = (typeof teamRoles)[number];

/** The roles an invitation or a role change may give (ownership is handed, not set). */
export const assignableTeamRoles = ['manager', 'staff'] as const;
export type AssignableTeamRole = (typeof assignableTeamRoles)[number];

/** A team role's name on screen. */
export const teamRoleLabels: Record<TeamRole, string> = { owner: 'Owner', manager: 'Manager', staff: 'Staff' };

const teamRank: Record<TeamRole, number> = { staff: 0, manager: 1, owner: 2 };

/** True when a member of `role` may use a route needing `needed`. */
export function teamRoleAllows(role: TeamRole, needed: TeamRole): boolean {
  return teamRank[role] >= teamRank[needed];
}

/**
 * The vendor areas a seller's staff may not use: money and the business's identity
 * (earnings, payouts, bank details, KYC). A route under one of these paths needs a
 * manager. Any other vendor route (products, orders, shipments, the dashboard) is
 * open to every member, so a route added later under, say, `/api/vendor/shipments`
 * needs no edit here.
 */
export const managerOnlyVendorPaths = [
  '/api/vendor/earnings',
  '/api/vendor/payouts',
  '/api/vendor/bank-details',
  '/api/vendor/kyc',
  // GST documents (issue 35): invoices, credit notes and commission invoices are money.
  '/api/documents',
  '/api/vendor/statements',
] as const;

/**
 * The least team role a vendor member needs for a route: its own `teamRole` when it
 * declares one, `manager` under a money area (`managerOnlyVendorPaths`), else `staff`.
 */
export function teamRoleNeeded(path: string, declared?: TeamRole): TeamRole {
  if (declared) return declared;
  const underManagerArea = managerOnlyVendorPaths.some((base) => path === base || path.startsWith(`${base}/`));
  return underManagerArea ? 'manager' : 'staff';
}
