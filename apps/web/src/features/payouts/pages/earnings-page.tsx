import {
  type LedgerEntry,
  type LedgerEntryKind,
  ledgerEntryKindLabels,
  ledgerEntryKinds,
  type Payout,
} from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { DayRange } from '../../../components/ui/day-range';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, Select } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatListTotal, formatNumber, formatSignedRupees } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { downloadLedger, useEarnings, useMyPayouts } from '../api';
import { BankDetailsForm } from '../components/bank-details-form';
import { BalanceFigures, EntryKind } from '../components/money';
import { MonthlyStatement } from '../components/monthly-statement';
import { useLedgerFilters } from '../hooks/use-ledger-filters';

/** The ledger's columns: when, the kind, the order, the note and the signed amount. */
const ledgerColumns: ColumnDef<LedgerEntry>[] = [
  {
    id: 'date',
    header: 'Date',
    size: 170,
    cell: ({ row: { original } }) => <span className="text-slate-500">{formatDateTime(original.createdAt)}</span>,
  },
  {
    id: 'kind',
    header: 'Kind',
    size: 150,
    meta: { card: 'title' },
    cell: ({ row: { original } }) => <EntryKind kind={original.kind} />,
  },
  {
    id: 'order',
    header: 'Order',
    size: 170,
    cell: ({ row: { original } }) => (
      <span className="font-mono text-xs [overflow-wrap:anywhere]">{original.trackingNumber ?? ''}</span>
    ),
  },
  {
    id: 'note',
    header: 'Note',
    size: 260,
    cell: ({ row: { original } }) => <span className="text-slate-600">{original.note ?? ''}</span>,
  },
  {
    id: 'amount',
    header: 'Amount',
    size: 130,
    meta: { className: 'text-right tabular-nums' },
    cell: ({ row: { original } }) => formatSignedRupees(original.amount),
  },
];

function MyPayouts() {
  const { query, items, hasMore, loadingMore, loadMore } = useMyPayouts();
  const line = (payout: Payout) =>
    payout.status === 'Paid'
      ? `Paid${payout.paidOn ? ` on ${payout.paidOn}` : ''}, UTR ${payout.reference ?? ''}`
      : payout.status === 'Failed'
        ? `Failed: ${payout.failureReason ?? ''}`
        : 'Sent to the bank';
  return (
    <section aria-labelledby="my-payouts" className="mt-8">
      <h2 id="my-payouts" className="mb-3 text-lg font-semibold text-slate-900">
        Payouts
      </h2>
      {query.isPending ? (
        <Spinner label="Loading payouts..." />
      ) : items.length === 0 ? (
        <EmptyState title="No payouts yet" />
      ) : (
        <ul aria-label="My payouts" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {items.map((payout) => (
            <li key={payout._id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <div>
                <p className="font-medium tabular-nums text-slate-900">{formatSignedRupees(payout.amount)}</p>
                <p className="text-slate-600">
                  {line(payout)} · to {payout.accountNumber}
                </p>
              </div>
              <div className="text-right">
                <Badge tone={payout.status === 'Paid' ? 'green' : payout.status === 'Failed' ? 'red' : 'yellow'}>
                  {payout.status}
                </Badge>
                <p className="mt-1 text-xs text-slate-500">{formatDateTime(payout.createdAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} />
    </section>
  );
}

/**
 * Earnings (issue 25; /admin/earnings, vendors): their pending, available, in-payout and
 * paid balances, their ledger (filter by kind and dates kept in the address, loaded as
 * they scroll, on the list kit, a CSV download), their monthly statement (issue 35), their
 * payouts and the bank details payouts go to.
 */
export function EarningsPage() {
  useDocumentTitle('Earnings');
  const { filters, setFilter } = useLedgerFilters();
  const { query, items, total, totalIsLowerBound, hasMore, loadingMore, loadMore } = useEarnings(filters);
  const balances = query.data?.pages[0]?.balances;
  const download = () =>
    downloadLedger(filters).catch((error: unknown) =>
      notify.longError(errorMessage(error, 'Could not download the ledger. Please try again.')),
    );

  return (
    <div>
      <PageHeader
        title="Earnings"
        subtitle="What you earned, net of the store's commission, and when it is paid"
        actions={
          <Button variant="secondary" onClick={download}>
            <Download className="h-4 w-4" aria-hidden /> Download CSV
          </Button>
        }
      />
      {balances ? <BalanceFigures balances={balances} /> : <Spinner label="Loading balances..." />}

      {/* The month's sales, returns, commission, its GST, TCS, TDS and payouts, for the seller's GST returns (issue 35). */}
      <MonthlyStatement />

      <section aria-labelledby="ledger-title" className="mt-8">
        <h2 id="ledger-title" className="mb-3 text-lg font-semibold text-slate-900">
          Ledger
        </h2>
        <div className="mb-4 grid gap-3 sm:grid-cols-3">
          <Field label="Kind">
            {(c) => (
              <Select
                {...c}
                value={filters.kind}
                onChange={(event) => setFilter('kind', event.target.value as LedgerEntryKind | '')}
              >
                <option value="">All kinds</option>
                {ledgerEntryKinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {ledgerEntryKindLabels[kind]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <DayRange
            from={filters.from}
            to={filters.to}
            onFromChange={(day) => setFilter('from', day)}
            onToChange={(day) => setFilter('to', day)}
            bounded={false}
          />
        </div>
        {query.isPending ? (
          <Spinner label="Loading the ledger..." />
        ) : query.isError && items.length === 0 ? (
          <EmptyState title="Could not load your earnings" description={errorMessage(query.error, '')} />
        ) : items.length === 0 ? (
          <EmptyState title="No entries" description="Sales of your products appear here as orders are placed." />
        ) : (
          <DataTable
            label="Ledger"
            columns={ledgerColumns}
            data={items}
            getRowId={(entry) => entry._id}
            totalRows={totalIsLowerBound ? 'unknown' : total}
            hasMore={hasMore}
            loadingMore={loadingMore}
            onEndReached={loadMore}
            loadingMoreLabel="Loading more entries..."
            estimateRowHeight={48}
            // An entry's row holds nothing to focus: the keyboard scrolls the box itself.
            keyboardScroll
          />
        )}
        {items.length > 0 && (
          <p className="mt-2 text-sm text-slate-500">
            Showing {formatNumber(items.length)} of {formatListTotal(total, totalIsLowerBound)} entries
          </p>
        )}
      </section>

      <MyPayouts />
      <div className="mt-8">
        <BankDetailsForm />
      </div>
    </div>
  );
}
