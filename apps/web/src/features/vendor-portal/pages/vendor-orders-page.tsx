import { vendorPortalMessages as m, type OrderStatus, orderStates, type VendorOrderSummary } from '@haat/contract';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { Input, Select } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { NARROW_SCREEN, useMediaQuery } from '../../../lib/use-media-query';
import { useVendorOrders, vendorOrderExport } from '../api';
import { useVendorOrderFilters } from '../hooks/use-vendor-order-filters';

/**
 * A vendor's orders (issue 8): orders holding their products, with their own lines'
 * units and total; read-only. Searched by tracking number and filtered by status in the
 * database (filters in the address), loaded as the user scrolls; a card per order on phones.
 */
export function VendorOrdersPage() {
  useDocumentTitle('Orders');
  const { filters, setFilter } = useVendorOrderFilters({ onAdopt: (adopted) => setSearchText(adopted.search) });
  const [searchText, setSearchText] = useState(filters.search);
  const { query, items: rows, hasMore, loadingMore, loadMore } = useVendorOrders(filters);
  const narrow = useMediaQuery(NARROW_SCREEN);

  // The search box waits for a pause in typing before asking the server.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchText !== filters.search) setFilter('search', searchText);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, filters.search, setFilter]);

  const filtered = filters.search.trim() !== '' || filters.status !== 'all';
  return (
    <div className="space-y-6">
      <PageHeader
        title={m.ordersHeading}
        subtitle={m.ordersSubtitle}
        actions={<ExportButton request={vendorOrderExport(filters)} fallbackName="my-order-lines.csv" />}
      />
      <div className="flex flex-wrap items-center gap-3">
        <div className="relative min-w-0 flex-1 sm:min-w-64">
          <Search className="absolute left-3 top-2.5 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            aria-label="Search by tracking number"
            placeholder="Search by tracking number..."
            className="pl-9"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <Select
          aria-label="Filter by status"
          className="w-full sm:w-56"
          value={filters.status}
          onChange={(event) => setFilter('status', event.target.value as 'all' | OrderStatus)}
        >
          <option value="all">All statuses</option>
          {orderStates.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </div>
      {query.isPending ? (
        <Spinner label="Loading orders..." />
      ) : query.isError && rows.length === 0 ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(query.error, 'Failed to load orders')}
        </p>
      ) : rows.length === 0 ? (
        filtered ? (
          <EmptyState title="No orders found" description="No orders match these filters." />
        ) : (
          <EmptyState title={m.noOrders} />
        )
      ) : narrow ? (
        <VendorOrderCards orders={rows} />
      ) : (
        <VendorOrderTable orders={rows} />
      )}
      <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} />
    </div>
  );
}

const orderLink = (order: VendorOrderSummary) => (
  <Link className="text-pink-600 hover:underline" to={paths.myOrders.detail(order._id)}>
    {order.trackingNumber}
  </Link>
);

/** The vendor's orders as a table (768 px and up). */
function VendorOrderTable({ orders }: { orders: VendorOrderSummary[] }) {
  return (
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
          {orders.map((order) => (
            <tr key={order._id} className="border-t border-slate-100">
              <td className="px-4 py-3">{orderLink(order)}</td>
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
  );
}

/** The vendor's orders as cards (phones, below 768 px): the table's columns, the tracking number opening the order. */
function VendorOrderCards({ orders }: { orders: VendorOrderSummary[] }) {
  return (
    <ul aria-label={m.ordersHeading} className="space-y-3">
      {orders.map((order) => (
        <li key={order._id}>
          <article
            aria-label={order.trackingNumber}
            className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 break-all font-medium">{orderLink(order)}</p>
              <span className="shrink-0 text-slate-700">{order.status}</span>
            </div>
            <dl className="mt-3 grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-1">
              <dt className="text-slate-500">Customer</dt>
              <dd className="min-w-0 break-words text-slate-900">{order.customerName}</dd>
              <dt className="text-slate-500">My Items</dt>
              <dd className="text-slate-900">{order.itemCount}</dd>
              <dt className="text-slate-500">My Total</dt>
              <dd className="text-slate-900">{formatRupees(order.total)}</dd>
              <dt className="text-slate-500">Date</dt>
              <dd className="text-slate-900">{formatDate(order.createdAt)}</dd>
            </dl>
          </article>
        </li>
      ))}
    </ul>
  );
}
