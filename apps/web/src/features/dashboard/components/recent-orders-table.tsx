import { type DashboardSummary, dashboardMessages } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../components/ui/data-table';
import { formatDate, formatRupees } from '../../../lib/format';
import { OrderStatusBadge } from './order-status-badge';

type RecentOrder = DashboardSummary['recentOrders'][number];

// Narrow columns: the table holds no link or button to take the keyboard's focus, so it
// must fit its box beside the sidebar rather than scroll sideways (axe's
// scrollable-region-focusable); a wider screen widens them alike.
const columns: ColumnDef<RecentOrder>[] = [
  {
    id: 'trackingNumber',
    header: 'Order ID',
    size: 130,
    meta: { card: 'title' },
    cell: ({ row: { original } }) => <span className="font-medium text-slate-900">{original.trackingNumber}</span>,
  },
  {
    id: 'customer',
    header: 'Customer',
    size: 160,
    cell: ({ row: { original } }) => <span className="text-slate-700">{original.customerName || 'N/A'}</span>,
  },
  {
    id: 'total',
    header: 'Total',
    size: 110,
    cell: ({ row: { original } }) => <span className="text-slate-700">{formatRupees(original.discountedTotal)}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    size: 120,
    cell: ({ row: { original } }) => <OrderStatusBadge status={original.status} />,
  },
  {
    id: 'date',
    header: 'Date',
    size: 110,
    cell: ({ row: { original } }) => <span className="text-slate-700">{formatDate(original.createdAt)}</span>,
  },
];

/**
 * 'Recent Orders' (spec section 2): the 5 newest orders, on the list kit (a table, a
 * card per order under 768 px). Order ID is the tracking number; Customer the name or
 * 'N/A'; Total the discounted total; Date en-IN or 'N/A'.
 */
export function RecentOrdersTable({ orders }: { orders: DashboardSummary['recentOrders'] }) {
  return (
    <section aria-labelledby="recent-orders-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2
        id="recent-orders-title"
        className="border-b border-slate-100 px-5 py-4 text-base font-semibold text-slate-900"
      >
        {dashboardMessages.recentOrders}
      </h2>
      {orders.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-500">{dashboardMessages.noRecentOrders}</p>
      ) : (
        <div className="p-4">
          <DataTable
            label={dashboardMessages.recentOrders}
            columns={columns}
            data={orders}
            getRowId={(order) => order._id}
            estimateRowHeight={48}
            cardLabel={(order) => order.trackingNumber}
          />
        </div>
      )}
    </section>
  );
}
