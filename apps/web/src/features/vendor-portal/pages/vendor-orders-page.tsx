import { vendorPortalMessages as m, type OrderStatus, orderStates, type VendorOrderSummary } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, LongText } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { Input, Select } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useVendorOrders, vendorOrderExport } from '../api';
import { useVendorOrderFilters } from '../hooks/use-vendor-order-filters';

/**
 * A vendor's orders (issue 8): orders holding their products, with their own lines'
 * units and total; read-only. Searched by tracking number and filtered by status in the
 * database (filters in the address), loaded as the user scrolls, on the list kit: a
 * table from 768 px up, a card per order on phones.
 */
export function VendorOrdersPage() {
  useDocumentTitle('Orders');
  const { filters, setFilter } = useVendorOrderFilters({ onAdopt: (adopted) => setSearchText(adopted.search) });
  const [searchText, setSearchText] = useState(filters.search);
  const { query, items: rows, total, hasMore, loadingMore, loadMore } = useVendorOrders(filters);

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
      ) : (
        <DataTable
          label={m.ordersHeading}
          columns={columns}
          data={rows}
          getRowId={(order) => order._id}
          totalRows={total}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onEndReached={loadMore}
          loadingMoreLabel="Loading more orders..."
          estimateRowHeight={48}
          cardLabel={(order) => order.trackingNumber}
        />
      )}
    </div>
  );
}

const orderLink = (order: VendorOrderSummary) => (
  <Link className="text-pink-600 hover:underline" to={paths.myOrders.detail(order._id)}>
    {order.trackingNumber}
  </Link>
);

/** The vendor's orders' columns: the tracking number opening the order, their own lines' units and total. */
const columns: ColumnDef<VendorOrderSummary>[] = [
  {
    id: 'trackingNumber',
    header: 'Order ID',
    size: 160,
    meta: { card: 'title' },
    cell: ({ row: { original } }) => <span className="break-all font-medium">{orderLink(original)}</span>,
  },
  {
    id: 'customer',
    header: 'Customer',
    size: 200,
    cell: ({ row: { original } }) => <LongText text={original.customerName} />,
  },
  { id: 'items', header: 'My Items', size: 100, cell: ({ row: { original } }) => original.itemCount },
  { id: 'total', header: 'My Total', size: 120, cell: ({ row: { original } }) => formatRupees(original.total) },
  { id: 'status', header: 'Status', size: 130, cell: ({ row: { original } }) => original.status },
  { id: 'date', header: 'Date', size: 120, cell: ({ row: { original } }) => formatDate(original.createdAt) },
];
