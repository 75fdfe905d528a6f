import { type DashboardSummary, dashboardMessages } from '@haat/contract';
import { formatDate, formatRupees } from '../../../lib/format';
import { OrderStatusBadge } from './order-status-badge';

/**
 * 'Recent Orders' (spec section 2): the 5 newest orders. Order ID is the tracking
 * number; Customer the name or 'N/A'; Total the discounted total; Date en-IN or 'N/A'.
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
        <section
          className="overflow-x-auto"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone; focus lets the keyboard scroll it (axe's scrollable-region-focusable).
          tabIndex={0}
          aria-label="Recent orders, scrollable"
        >
          <table aria-labelledby="recent-orders-title" className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-5 py-3">
                  Order ID
                </th>
                <th scope="col" className="px-5 py-3">
                  Customer
                </th>
                <th scope="col" className="px-5 py-3">
                  Total
                </th>
                <th scope="col" className="px-5 py-3">
                  Status
                </th>
                <th scope="col" className="px-5 py-3">
                  Date
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {orders.map((order) => (
                <tr key={order._id}>
                  <td className="px-5 py-3 font-medium text-slate-900">{order.trackingNumber}</td>
                  <td className="px-5 py-3 text-slate-700">{order.customerName || 'N/A'}</td>
                  <td className="px-5 py-3 text-slate-700">{formatRupees(order.discountedTotal)}</td>
                  <td className="px-5 py-3">
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className="px-5 py-3 text-slate-700">{formatDate(order.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
