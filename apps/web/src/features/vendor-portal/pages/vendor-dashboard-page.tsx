import { type DashboardWidget, vendorPortalMessages as m, type VendorDashboard } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { SellerPerformance } from '../../../components/ui/seller-performance';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { shows, useDashboardSettings } from '../../../lib/dashboard-settings';
import { formatDate, formatNumber, formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyPerformance, useVendorDashboard } from '../api';
import { NeedsYouToday } from '../components/needs-you-today';

type RecentOrder = VendorDashboard['recentOrders'][number];

/** The newest orders holding the vendor's products: their own lines' total, the tracking number opening the order. */
const recentColumns: ColumnDef<RecentOrder>[] = [
  {
    id: 'trackingNumber',
    header: 'Order ID',
    size: 160,
    meta: { card: 'title' },
    cell: ({ row: { original } }) => (
      <Link className="break-all text-pink-600 hover:underline" to={paths.myOrders.detail(original._id)}>
        {original.trackingNumber}
      </Link>
    ),
  },
  { id: 'total', header: 'My Total', size: 120, cell: ({ row: { original } }) => formatRupees(original.total) },
  { id: 'status', header: 'Status', size: 130, cell: ({ row: { original } }) => original.status },
  { id: 'date', header: 'Date', size: 120, cell: ({ row: { original } }) => formatDate(original.createdAt) },
];

function Card({ label, value, caption }: { label: string; value: string; caption?: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <p className="text-sm text-slate-500">{label}</p>
      {/* A figure wraps rather than being cut: Rs.12,34,567.89 is wider than half a phone (issue 33). */}
      <p className="mt-1 break-words text-lg font-semibold text-slate-900 sm:text-2xl">{value}</p>
      {caption && <p className="mt-1 text-xs text-slate-500">{caption}</p>}
    </div>
  );
}

/**
 * A vendor's dashboard (issue 8): their products in every approval state, the orders
 * holding their products, and revenue from their own lines of delivered orders. Their
 * Dashboard Settings (issue 10) hide cards and sections. It leads with what needs them
 * today and shows their seller performance (issue 34). Recent Orders are on the list kit
 * (a table, a card per order on a phone).
 */
export function VendorDashboardPage() {
  useDocumentTitle('Dashboard');
  const dashboard = useVendorDashboard();
  const settings = useDashboardSettings();
  const performance = useMyPerformance();
  if (dashboard.isPending || settings.isPending) return <Spinner label="Loading dashboard..." />;
  if (dashboard.isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        {errorMessage(dashboard.error, 'Failed to load dashboard')}
      </p>
    );
  const d = dashboard.data;
  const show = (widget: DashboardWidget) => shows(settings.data, widget);
  return (
    <div className="space-y-6">
      <PageHeader title={m.dashboardHeading} subtitle={m.dashboardSubtitle} />
      {/* What needs the vendor today leads (issue 34): their shipments to pack, due and late. */}
      <NeedsYouToday />
      <section aria-label="Figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {show('products') && (
          <Card
            label={m.totalProducts}
            value={formatNumber(d.totalProducts)}
            caption={`${d.productsByApproval.approved} approved · ${d.productsByApproval.pending} pending · ${d.productsByApproval.rejected} rejected`}
          />
        )}
        {show('totalOrders') && <Card label={m.totalOrders} value={formatNumber(d.totalOrders)} />}
        {show('ordersToday') && <Card label={m.ordersToday} value={formatNumber(d.ordersToday)} />}
        {show('totalRevenue') && (
          <Card label={m.totalRevenue} value={formatRupees(d.totalRevenue)} caption={m.revenueCaption} />
        )}
        {show('totalRevenue') && d.netEarnings !== undefined && (
          <Card
            label="Net earnings"
            value={formatRupees(d.netEarnings)}
            caption="After the store's commission, cancellations and refunds"
          />
        )}
      </section>
      {show('statusChart') && (
        <section aria-label="Order status" className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="text-base font-semibold text-slate-900">Orders by status</h2>
          <ul className="mt-3 flex flex-wrap gap-3 text-sm">
            {d.statusDistribution.map((entry) => (
              <li key={entry.status}>
                <Badge>{`${entry.status}: ${entry.count}`}</Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
      <SellerPerformance query={performance} />
      {show('recentOrders') && (
        <section aria-label="Recent Orders" className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="text-base font-semibold text-slate-900">Recent Orders</h2>
          {d.recentOrders.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500">{m.noOrders}</p>
          ) : (
            <div className="mt-3">
              <DataTable
                label="Recent Orders"
                columns={recentColumns}
                data={d.recentOrders}
                getRowId={(order) => order._id}
                estimateRowHeight={48}
                cardLabel={(order) => order.trackingNumber}
              />
            </div>
          )}
        </section>
      )}
    </div>
  );
}
