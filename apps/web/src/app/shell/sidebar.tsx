import type { Permission, SessionUser } from '@haat/contract';
import * as Dialog from '@radix-ui/react-dialog';
import {
  ChevronsLeft,
  ChevronsRight,
  FileSpreadsheet,
  FileText,
  History,
  Landmark,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Mail,
  Package,
  Percent,
  Receipt,
  Send,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Store,
  Tags,
  TicketPercent,
  Truck,
  UserCog,
  Users,
  Wallet,
  X,
} from 'lucide-react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { hasPermission, mayUseVendorArea } from '../../lib/permissions';
import { displayName, useSession } from '../../lib/session';
import { useLogout } from './use-logout';

interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Vendors see only the screens they work in. */
  vendor?: boolean;
  /** Only vendors see it (their own screens). */
  vendorOnly?: boolean;
  /** Other paths whose screens (and those under them) highlight this item too. */
  alsoActiveUnder?: string[];
  /** The staff permission an admin needs to see it (decision 0128). */
  permission?: Permission;
  /** The vendor API area it reads: a seller's staff member does not see money areas (decision 0129). */
  vendorArea?: string;
}

/** True when `pathname` is `base` or a path under it. */
function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Sidebar items and sections (spec section 2, Admin shell). */
export const navSections: { title: string | null; items: NavItem[] }[] = [
  {
    title: null,
    items: [
      { label: 'Dashboard', to: paths.dashboard, icon: LayoutDashboard, vendor: true, permission: 'orders:read' },
    ],
  },
  {
    title: 'Inventory',
    items: [
      { label: 'Product Categories', to: paths.categories, icon: Tags, permission: 'catalog:read' },
      { label: 'Products', to: paths.products.list, icon: Package, vendor: true, permission: 'catalog:read' },
      { label: 'Coupons Code', to: paths.coupons, icon: TicketPercent, permission: 'catalog:read' },
      { label: 'Orders', to: paths.orders.list, icon: ShoppingCart, permission: 'orders:read' },
      { label: 'Orders', to: paths.myOrders.list, icon: ShoppingCart, vendor: true, vendorOnly: true },
      { label: 'Shipments', to: paths.shipments.list, icon: Truck, vendor: true, vendorOnly: true },
      { label: 'Customers', to: paths.customers.list, icon: Users, permission: 'customers:read' },
      { label: 'Vendors', to: paths.vendors, icon: Store, permission: 'vendors:read' },
    ],
  },
  {
    title: 'Money',
    items: [
      { label: 'Commission rates', to: paths.commissionRates, icon: Percent, permission: 'money:read' },
      { label: 'Tax settings', to: paths.taxSettings, icon: Receipt, permission: 'money:read' },
      { label: 'Tax reports', to: paths.taxReports, icon: FileSpreadsheet, permission: 'money:read' },
      { label: 'Payouts', to: paths.payouts, icon: Landmark, permission: 'money:read' },
      {
        label: 'Earnings',
        to: paths.earnings,
        icon: Wallet,
        vendor: true,
        vendorOnly: true,
        vendorArea: '/api/vendor/earnings',
      },
      // GST documents (issue 35): money, so an admin needs money:read and a seller's member a manager's role.
      {
        label: 'Documents',
        to: paths.documents,
        icon: FileText,
        vendor: true,
        permission: 'money:read',
        vendorArea: '/api/documents',
      },
      { label: 'KYC review', to: paths.kycReview.list, icon: ShieldCheck, permission: 'vendors:read' },
      {
        label: 'KYC',
        to: paths.kyc,
        icon: ShieldCheck,
        vendor: true,
        vendorOnly: true,
        vendorArea: '/api/vendor/kyc',
      },
    ],
  },
  {
    title: 'Others',
    items: [
      {
        label: 'Blog Posts',
        to: paths.blog.list,
        icon: FileText,
        alsoActiveUnder: [paths.blog.listAlias],
        permission: 'content:read',
      },
      { label: 'Contact Inquiries', to: paths.contact, icon: Mail, permission: 'customers:read' },
      { label: 'Outbox', to: paths.outbox, icon: Send, permission: 'staff:read' },
      { label: 'Website Configuration', to: paths.websiteConfig, icon: Settings, permission: 'content:read' },
      { label: 'Activity log', to: paths.activity, icon: History, permission: 'settings:read' },
      { label: 'Staff', to: paths.staff, icon: ShieldCheck, permission: 'staff:read' },
      { label: 'Team', to: paths.team, icon: UserCog, vendor: true, vendorOnly: true },
    ],
  },
];

/** True when `user` sees `item`: admins by the item's permission, vendors by their screens and team role. */
export function showsItem(user: SessionUser | null | undefined, item: NavItem): boolean {
  if (user?.role === 'admin') return !item.vendorOnly && (!item.permission || hasPermission(user, item.permission));
  if (!item.vendor) return false;
  return !item.vendorArea || mayUseVendorArea(user, item.vendorArea);
}

/** The first screen of the sidebar `user` may use (where an admin without the dashboard starts), or null. */
export function firstScreenFor(user: SessionUser): string | null {
  for (const section of navSections)
    for (const item of section.items) if (item.to !== paths.dashboard && showsItem(user, item)) return item.to;
  return null;
}

export interface SidebarProps {
  collapsed: boolean;
  /** Collapses or expands it (wide screens), or closes the overlay (`drawer`). */
  onToggle: () => void;
  /** In the phone's overlay: full height of the dialog, a 'Close menu' button in place of the toggle. */
  drawer?: boolean;
  /** Called when one of its links is followed (the overlay closes then, even on the current page's link). */
  onNavigate?: () => void;
}

/** The collapsible sidebar: 15rem expanded, 4rem collapsed; footer with the user and Logout. */
export function Sidebar({ collapsed, onToggle, drawer = false, onNavigate }: SidebarProps) {
  const session = useSession();
  const logout = useLogout();
  const name = displayName(session?.user ?? null);
  const { pathname } = useLocation();

  return (
    <aside
      aria-label="Sidebar"
      data-collapsed={collapsed}
      style={{ width: collapsed ? '4rem' : '15rem' }}
      className={`bg-brand-gradient flex shrink-0 flex-col text-white ${
        drawer ? 'h-full' : 'sticky top-0 h-screen transition-[width] duration-200'
      }`}
    >
      <div className="flex h-16 items-center justify-between gap-2 px-4">
        {!collapsed && <span className="truncate text-lg font-bold tracking-wide">Haat Admin</span>}
        <button
          type="button"
          onClick={onToggle}
          aria-label={drawer ? 'Close menu' : collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          className="rounded-md p-1.5 hover:bg-white/10"
        >
          {drawer ? (
            <X className="h-5 w-5" aria-hidden />
          ) : collapsed ? (
            <ChevronsRight className="h-5 w-5" aria-hidden />
          ) : (
            <ChevronsLeft className="h-5 w-5" aria-hidden />
          )}
        </button>
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-2">
        {navSections.map((section) => {
          const items = section.items.filter((item) => showsItem(session?.user, item));
          if (items.length === 0) return null;
          return (
            <div key={section.title ?? 'main'} className="mb-4">
              {section.title && !collapsed && (
                <p className="px-3 pb-1 text-[11px] font-semibold uppercase tracking-wider text-white/60">
                  {section.title}
                </p>
              )}
              <ul className="space-y-1">
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.to === paths.products.list ? false : undefined}
                      onClick={onNavigate}
                      title={collapsed ? item.label : undefined}
                      aria-label={collapsed ? item.label : undefined}
                      className={({ isActive }) =>
                        `flex items-center gap-3 rounded-lg px-3 py-2 text-sm transition ${
                          isActive || item.alsoActiveUnder?.some((base) => isUnder(pathname, base))
                            ? 'bg-white/20 font-semibold'
                            : 'text-white/85 hover:bg-white/10'
                        }`
                      }
                    >
                      <item.icon className="h-5 w-5 shrink-0" aria-hidden />
                      {!collapsed && <span className="truncate">{item.label}</span>}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>

      <div className="border-t border-white/15 p-3">
        {!collapsed && (
          <div className="mb-2 px-1">
            <p className="truncate text-sm font-semibold">{name}</p>
            <p className="truncate text-xs text-white/70">{session?.user.email}</p>
          </div>
        )}
        <button
          type="button"
          onClick={logout}
          aria-label="Logout"
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm text-white/90 hover:bg-white/10"
        >
          <LogOut className="h-5 w-5 shrink-0" aria-hidden />
          {!collapsed && <span>Logout</span>}
        </button>
      </div>
    </aside>
  );
}

/**
 * The sidebar on a phone (under 768 px, issue 12): an overlay over the content on a
 * Radix Dialog, so focus moves in and stays, the page behind is inert, and Escape or a
 * tap outside closes it; following a link closes it too. Rendered expanded (15rem, at
 * most 85% of the screen).
 */
export function SidebarDrawer({
  open,
  onClose,
  onCloseAutoFocus,
}: {
  open: boolean;
  onClose: () => void;
  /** Where focus goes when it closes (the menu button that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="sidebar-backdrop" className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-y-0 left-0 z-50 w-60 max-w-[85vw] shadow-xl focus:outline-none"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Sidebar collapsed={false} drawer onToggle={onClose} onNavigate={onClose} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
