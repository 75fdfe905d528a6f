import type { Customer } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Eye, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, LongText } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { Input } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatListTotal, formatNumber, formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListFilters } from '../../../lib/use-list-filters';
import { type CustomerFilters, customerExport, defaultCustomerFilters, useCustomerList } from '../api';

/** How long the search box waits for typing to pause before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** The link to a customer's page, from their row or card. */
function ViewCustomerLink({ customer }: { customer: Customer }) {
  return (
    <Link
      to={paths.customers.detail(customer._id)}
      aria-label={`View customer ${customer.name}`}
      className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-pink-700 hover:bg-pink-50 max-md:h-11 max-md:px-3"
    >
      <Eye className="h-4 w-4" aria-hidden />
      View
    </Link>
  );
}

const columns: ColumnDef<Customer>[] = [
  {
    id: 'customer',
    header: 'Customer',
    size: 260,
    meta: { card: 'title' },
    cell: ({ row: { original } }) => (
      <div className="min-w-0">
        <LongText text={original.name} className="font-medium text-slate-900" />
        {original.anonymisedAt && <Badge tone="grey">Anonymised</Badge>}
      </div>
    ),
  },
  {
    id: 'email',
    header: 'Email',
    size: 240,
    cell: ({ row: { original } }) => <span className="break-all text-sm text-slate-700">{original.email}</span>,
  },
  {
    id: 'phone',
    header: 'Phone',
    size: 150,
    cell: ({ row: { original } }) => <span className="text-sm text-slate-700">{original.phone || 'N/A'}</span>,
  },
  {
    id: 'orders',
    header: 'Orders',
    size: 90,
    cell: ({ row: { original } }) => (
      <span className="text-sm text-slate-900">{formatNumber(original.ordersCount)}</span>
    ),
  },
  {
    id: 'spent',
    header: 'Total Spent',
    size: 130,
    cell: ({ row: { original } }) => (
      <span className="font-medium text-slate-900">{formatRupees(original.totalSpent)}</span>
    ),
  },
  {
    id: 'lastOrder',
    header: 'Last Order',
    size: 130,
    cell: ({ row: { original } }) => (
      <span className="text-sm text-slate-600">{original.lastOrderAt ? formatDate(original.lastOrderAt) : 'None'}</span>
    ),
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    size: 90,
    meta: { card: 'actions', label: 'Actions' },
    cell: ({ row: { original } }) => <ViewCustomerLink customer={original} />,
  },
];

function parseFilters(params: URLSearchParams): CustomerFilters {
  return { search: (params.get('search') ?? '').trim().slice(0, 100) };
}

/**
 * Customers (issue 26 'Customers', /admin/customers, admins): the people who placed
 * orders, newest first, with their orders count, total spent (net of refunds) and last
 * order; the search (name, e-mail, phone) runs in the database and is kept in the
 * address; rows load as the user scrolls, a card per customer under 768 px.
 */
export function CustomerListPage() {
  useDocumentTitle('Customers');
  const { filters, setFilter } = useListFilters<CustomerFilters>({
    defaults: defaultCustomerFilters,
    parse: parseFilters,
    onAdopt: (adopted) => setSearchText(adopted.search),
  });
  const [searchText, setSearchText] = useState(filters.search);
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setFilter('search', search), [search, setFilter]);
  const list = useCustomerList(filters);
  const { items: customers, total, totalIsLowerBound, hasMore, loadingMore, loadMore } = list;
  const shownTotal = formatListTotal(total, totalIsLowerBound);

  return (
    <div>
      <PageHeader
        title="Customers"
        subtitle={list.query.isPending ? undefined : `${shownTotal} ${total === 1 ? 'customer' : 'customers'}`}
        actions={<ExportButton request={customerExport(filters)} fallbackName="customers.csv" />}
      />
      <div className="mb-4 rounded-xl border border-slate-200 bg-white p-4">
        <div className="relative">
          <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            type="search"
            aria-label="Search customers"
            placeholder="Search by name, email or phone..."
            className="pl-9"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
      </div>
      {list.query.isPending ? (
        <Spinner label="Loading customers..." />
      ) : list.query.isError && customers.length === 0 ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
          <p className="font-medium">
            {errorMessage(list.query.error, 'Could not load the customers. Please try again.')}
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => void list.query.refetch()}>
            Retry
          </Button>
        </div>
      ) : customers.length === 0 ? (
        <EmptyState
          title="No customers found"
          description={filters.search ? 'No customers match your search' : 'No one has placed an order yet'}
        />
      ) : (
        <DataTable
          label="Customers"
          columns={columns}
          data={customers}
          getRowId={(customer) => customer._id}
          totalRows={totalIsLowerBound ? 'unknown' : total}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onEndReached={loadMore}
          loadingMoreLabel="Loading more customers..."
          cardLabel={(customer) => customer.name}
        />
      )}
      {!list.query.isPending && customers.length > 0 && (
        <p className="mt-4 text-sm text-slate-600">
          Showing {formatNumber(customers.length)} of {shownTotal} customers
        </p>
      )}
    </div>
  );
}
