import { vendorPortalMessages as m, type OrderStatus, orderStatuses } from '@haat/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useVendorOrders } from '../api';

/** A vendor's orders (issue 8): orders holding their products, with their own lines' units and total; read-only. */
export function VendorOrdersPage() {
  const [status, setStatus] = useState<'all' | OrderStatus>('all');
  const orders = useVendorOrders(status);
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title={m.ordersHeading} subtitle={m.ordersSubtitle} />
      <Select
        aria-label="Filter by status"
        className="w-56"
        value={status}
        onChange={(event) => setStatus(event.target.value as 'all' | OrderStatus)}
      >
        <option value="all">All statuses</option>
        {orderStatuses.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      {orders.isPending ? (
        <Spinner label="Loading orders..." />
      ) : orders.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(orders.error, 'Failed to load orders')}
        </p>
      ) : rows.length === 0 ? (
        <EmptyState title={m.noOrders} />
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{m.ordersHeading}</caption>
            <thead className="bg-slate-50 text-slate-500">
              <tr>
                <th className="px-4 py-3">Order ID</th>
                <th className="px-4 py-3">Customer</th>
                <th className="px-4 py-3">My Items</th>
                <th className="px-4 py-3">My Total</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">Date</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((order) => (
                <tr key={order._id} className="border-t border-slate-100">
                  <td className="px-4 py-3">
                    <Link className="text-pink-600 hover:underline" to={paths.myOrders.detail(order._id)}>
                      {order.trackingNumber}
                    </Link>
                  </td>
                  <td className="px-4 py-3">{order.customerName}</td>
                  <td className="px-4 py-3">{order.itemCount}</td>
                  <td className="px-4 py-3">{formatRupees(order.total)}</td>
                  <td className="px-4 py-3">{order.status}</td>
                  <td className="px-4 py-3">{formatDate(order.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore
        hasMore={Boolean(orders.hasNextPage)}
        loading={orders.isFetchingNextPage}
        onLoadMore={() => orders.fetchNextPage()}
      />
    </div>
  );
}
