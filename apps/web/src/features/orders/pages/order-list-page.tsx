import { isOrderStatus, type OrderSummary, orderStates } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Eye, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BulkBar, countOf } from '../../../components/ui/bulk-bar';
import { BulkResult, type BulkResultView, bulkResultOf } from '../../../components/ui/bulk-result';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { Input, Select } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { RowSelectionProvider, SelectAllLoaded, SelectRow } from '../../../components/ui/row-selection';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatListTotal, formatNumber, formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListFilters } from '../../../lib/use-list-filters';
import { NARROW_SCREEN, useMediaQuery } from '../../../lib/use-media-query';
import { useRowSelection } from '../../../lib/use-row-selection';
import { defaultOrderFilters, type OrderFilters, orderExport, useBulkOrders, useOrderList } from '../api';
import { CorrectionMark, OrderStatusBadge } from '../components/order-status-badge';

/** How long the search box waits for typing to pause before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** The customer the list shows for an order: the account's e-mail, else the billing one. */
const customerOf = (order: OrderSummary) => order.user?.email || order.billingInfo.email || 'N/A';

/** The link to an order's detail page, from its row or card. */
function ViewOrderLink({ order, card = false }: { order: OrderSummary; card?: boolean }) {
  return (
    <Link
      to={paths.orders.detail(order._id)}
      className={`inline-flex items-center gap-1 rounded-lg text-sm font-medium text-pink-700 hover:bg-pink-50 ${
        card ? 'h-11 px-3' : 'px-2 py-1'
      }`}
      aria-label={`View order ${order.trackingNumber}`}
    >
      <Eye className="h-4 w-4" aria-hidden />
      View
    </Link>
  );
}

const columns: ColumnDef<OrderSummary>[] = [
  {
    id: 'select',
    // Bulk actions (issue 26): the selection lives in `RowSelectionProvider`.
    header: () => <SelectAllLoaded label="Select all loaded orders" />,
    size: 44,
    meta: { label: 'Select' },
    cell: ({ row: { original } }) => <SelectRow row={original} label={`Select order ${original.trackingNumber}`} />,
  },
  {
    id: 'trackingNumber',
    header: 'Order Number',
    size: 180,
    cell: ({ row: { original } }) => (
      <span className="font-mono text-sm font-medium text-slate-900">{original.trackingNumber}</span>
    ),
  },
  {
    id: 'customer',
    header: 'Customer',
    size: 240,
    cell: ({ row: { original } }) => (
      <span className="block truncate text-sm text-slate-700">{customerOf(original)}</span>
    ),
  },
  {
    id: 'amount',
    header: 'Amount',
    size: 130,
    cell: ({ row: { original } }) => (
      <span className="font-medium text-slate-900">{formatRupees(original.discountedTotal)}</span>
    ),
  },
  {
    id: 'date',
    header: 'Date',
    size: 130,
    cell: ({ row: { original } }) => <span className="text-sm text-slate-600">{formatDate(original.createdAt)}</span>,
  },
  {
    id: 'status',
    header: 'Status',
    size: 130,
    cell: ({ row: { original } }) => (
      <>
        <OrderStatusBadge status={original.status} />
        <CorrectionMark order={original} />
      </>
    ),
  },
  {
    id: 'actions',
    header: 'Actions',
    size: 90,
    cell: ({ row: { original } }) => <ViewOrderLink order={original} />,
  },
];

/**
 * The phone layout of the order list (below 768 px): a card per order with the
 * table's columns and its View link, no sideways scrolling; the next page loads as the
 * user scrolls.
 */
function OrderCards({
  orders,
  hasMore,
  loadingMore,
  onEndReached,
}: {
  orders: OrderSummary[];
  hasMore: boolean;
  loadingMore: boolean;
  onEndReached: () => void;
}) {
  return (
    <div>
      <ul aria-label="Orders" className="space-y-3">
        {orders.map((order) => (
          <li key={order._id}>
            <article
              aria-label={`Order ${order.trackingNumber}`}
              className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <SelectRow row={order} label={`Select order ${order.trackingNumber}`} />
                <p className="min-w-0 flex-1 truncate font-mono font-medium text-slate-900">{order.trackingNumber}</p>
                <OrderStatusBadge status={order.status} />
                <CorrectionMark order={order} />
              </div>
              <dl className="mt-3 grid grid-cols-[5.5rem_1fr] gap-x-3 gap-y-1">
                <dt className="text-slate-500">Customer</dt>
                <dd className="min-w-0 break-words text-slate-900">{customerOf(order)}</dd>
                <dt className="text-slate-500">Amount</dt>
                <dd className="font-medium text-slate-900">{formatRupees(order.discountedTotal)}</dd>
                <dt className="text-slate-500">Date</dt>
                <dd className="text-slate-900">{formatDate(order.createdAt)}</dd>
              </dl>
              <div className="mt-3 border-t border-slate-100 pt-2">
                <ViewOrderLink order={order} card />
              </div>
            </article>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={onEndReached} />
    </div>
  );
}

function parseFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    status: status && isOrderStatus(status) ? status : 'all',
    show: params.get('show') === 'corrected' ? 'corrected' : params.get('show') === 'late' ? 'late' : 'all',
  };
}

/** The list's name for `rememberedListSearch`, so 'Back to Orders' returns to the list the user left. */
export const ORDER_LIST_MEMORY = 'orders';

/**
 * Orders (spec section 2, /admin/orders): 'Order Management' with the order count,
 * search by order number or e-mail and the status filter, both run in the database
 * and kept in the address; the table (a card per order below 768 px) loads the next
 * page as the user scrolls.
 */
export function OrderListPage() {
  useDocumentTitle('Orders');
  const narrow = useMediaQuery(NARROW_SCREEN);
  const { filters, setFilter } = useListFilters<OrderFilters>({
    defaults: defaultOrderFilters,
    parse: parseFilters,
    remember: ORDER_LIST_MEMORY,
    onAdopt: (adopted) => setSearchText(adopted.search),
  });
  const [searchText, setSearchText] = useState(filters.search);
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setFilter('search', search), [search, setFilter]);
  const list = useOrderList(filters);
  const { items: orders, total, totalIsLowerBound, hasMore, loadingMore, loadMore } = list;
  const shownTotal = formatListTotal(total, totalIsLowerBound);
  const selection = useRowSelection(orders, JSON.stringify(filters));
  const bulk = useBulkOrders();
  const [asking, setAsking] = useState(false);
  const [bulkResult, setBulkResult] = useState<BulkResultView | null>(null);
  const advance = () =>
    bulk.mutate(
      { action: 'advance', ...selection.idsAndVersions((order) => order.updatedAt) },
      {
        onSuccess: (answer) => {
          setBulkResult(bulkResultOf(answer, (id) => selection.selected.get(id)?.trackingNumber, 'Order'));
          selection.clear();
        },
        onError: (error) => notify.longError(errorMessage(error, 'Could not move the orders. Please try again.')),
        onSettled: () => setAsking(false),
      },
    );
  const hasFilters = filters.search !== '' || filters.status !== 'all' || filters.show !== 'all';

  return (
    <div>
      <PageHeader
        title="Order Management"
        subtitle={list.query.isPending ? undefined : `${shownTotal} ${total === 1 ? 'order' : 'orders'}`}
        actions={<ExportButton request={orderExport(filters)} fallbackName="order-lines.csv" />}
      />

      <div className="mb-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            type="search"
            aria-label="Search orders"
            placeholder="Search by order number or email..."
            className="pl-9"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <Select
          aria-label="Filter by status"
          className="sm:w-52"
          value={filters.status}
          onChange={(event) => setFilter('status', event.target.value as OrderFilters['status'])}
        >
          <option value="all">All Statuses</option>
          {orderStates.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Show orders"
          className="sm:w-64"
          value={filters.show}
          onChange={(event) => setFilter('show', event.target.value as OrderFilters['show'])}
        >
          <option value="all">All orders</option>
          <option value="corrected">With cancellations or returns</option>
          <option value="late">Late shipments</option>
        </Select>
      </div>

      {/* The last bulk action's result stays above the list, even when the action emptied it. */}
      {bulkResult && <BulkResult result={bulkResult} onDismiss={() => setBulkResult(null)} />}
      {list.query.isPending ? (
        <Spinner label="Loading orders..." />
      ) : list.query.isError && orders.length === 0 ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
          <p className="font-medium">{errorMessage(list.query.error, 'Failed to load orders')}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void list.query.refetch()}>
            Retry
          </Button>
        </div>
      ) : orders.length === 0 ? (
        <EmptyState
          title="No orders found"
          description={hasFilters ? 'No orders match your search criteria' : 'No orders have been placed yet'}
        />
      ) : (
        <RowSelectionProvider selection={selection.context}>
          {selection.count > 0 && (
            <BulkBar
              noun={{ one: 'order', many: 'orders' }}
              count={selection.count}
              matching={totalIsLowerBound ? 'unknown' : total}
              busy={bulk.isPending}
              onClear={selection.clear}
            >
              <Button size="sm" disabled={bulk.isPending} onClick={() => setAsking(true)}>
                Move to next status
              </Button>
            </BulkBar>
          )}
          {narrow ? (
            <OrderCards orders={orders} hasMore={hasMore} loadingMore={loadingMore} onEndReached={loadMore} />
          ) : (
            <DataTable
              label="Orders"
              columns={columns}
              data={orders}
              getRowId={(order) => order._id}
              totalRows={totalIsLowerBound ? 'unknown' : total}
              hasMore={hasMore}
              loadingMore={loadingMore}
              onEndReached={loadMore}
              loadingMoreLabel="Loading more orders..."
            />
          )}
        </RowSelectionProvider>
      )}
      {asking && (
        <ConfirmDialog
          title={`Move ${countOf(selection.count, { one: 'order', many: 'orders' })} to their next status?`}
          confirmLabel="Move"
          busyLabel="Moving..."
          busy={bulk.isPending}
          onConfirm={advance}
          onCancel={() => setAsking(false)}
        >
          <p>
            Each order moves one step along Order Placed → Packaging → On The Road → Delivered. Cancelled and delivered
            orders, and any changed since you selected them, are skipped.
          </p>
        </ConfirmDialog>
      )}
      {!list.query.isPending && orders.length > 0 && (
        <p className="mt-4 text-sm text-slate-600">
          Showing {formatNumber(orders.length)} of {shownTotal} orders
        </p>
      )}
    </div>
  );
}
