import type { CreatePayoutsResponse, Payout, PayoutStatus, SkippedVendor, VendorBalance } from '@haat/contract';
import { payoutMessages, payoutStatuses } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Download, Search } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, LongText } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatNumber, formatSignedRupees } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  downloadBankFile,
  useCreatePayouts,
  useDecidePayout,
  useLargestAvailable,
  usePayoutList,
  useVendorBalances,
} from '../api';
import { type PayoutsFilters, usePayoutsFilters } from '../hooks/use-payouts-filters';

/** How long the search box waits for typing to pause before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** Sets one of the screen's filters (`useListFilters`' `setFilter`). */
type SetPayoutsFilter = <K extends keyof PayoutsFilters>(key: K, value: PayoutsFilters[K]) => void;

const statusTones: Record<PayoutStatus, BadgeTone> = { Pending: 'yellow', Paid: 'green', Failed: 'red' };

/** Why a vendor cannot be paid now, or null. */
function bankState(balance: VendorBalance): string | null {
  if (!balance.hasBankDetails) return 'No bank details';
  if (balance.payoutsHeldUntil) return `Held until ${formatDateTime(balance.payoutsHeldUntil)} (bank details changed)`;
  return null;
}

/** The balances' columns: the vendor, their four balances, and paying them now (or why not). */
function balanceColumnsFor({
  busy,
  onPay,
}: {
  busy: boolean;
  onPay: (balance: VendorBalance) => void;
}): ColumnDef<VendorBalance>[] {
  const money = (id: 'pending' | 'available' | 'processing' | 'paid', header: string, strong = false) =>
    ({
      id,
      header,
      size: 120,
      meta: { className: `text-right tabular-nums${strong ? ' font-medium' : ''}` },
      cell: ({ row: { original } }) => formatSignedRupees(original[id]),
    }) satisfies ColumnDef<VendorBalance>;
  return [
    {
      id: 'vendor',
      header: 'Vendor',
      size: 220,
      meta: { card: 'title' },
      cell: ({ row: { original } }) => <LongText text={original.businessName} className="font-medium text-slate-900" />,
    },
    money('pending', 'Pending'),
    money('available', 'Available', true),
    money('processing', 'In payout'),
    money('paid', 'Paid'),
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      size: 200,
      meta: { className: 'text-right', card: 'actions', label: 'Actions' },
      cell: ({ row: { original: balance } }) =>
        balance.available > 0 && bankState(balance) === null ? (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => onPay(balance)}>
            Pay {balance.businessName}
          </Button>
        ) : (
          <span className="text-xs text-slate-500">{bankState(balance) ?? 'Nothing to pay'}</span>
        ),
    },
  ];
}

function BalancesSection({
  filters,
  setFilter,
  searchText,
  onSearchTextChange,
  onRun,
}: {
  filters: PayoutsFilters;
  setFilter: SetPayoutsFilter;
  searchText: string;
  onSearchTextChange: (text: string) => void;
  /** A payout run's answer, to show who was left out and why (issue 35). */
  onRun: (answer: CreatePayoutsResponse) => void;
}) {
  const { query, items, total, hasMore, loadingMore, loadMore } = useVendorBalances(filters);
  const pay = useCreatePayouts();
  const { mutate } = pay;
  const columns = useMemo(
    () =>
      balanceColumnsFor({
        busy: pay.isPending,
        onPay: (balance) =>
          mutate([balance.vendorId], {
            onSuccess: (answer) => {
              if (answer.payouts.length === 0) notify.info(answer.message);
              else notify.success(answer.message);
              onRun(answer);
            },
            onError: (error) => notify.longError(errorMessage(error, 'Could not create the payout. Please try again.')),
          }),
      }),
    [pay.isPending, mutate, onRun],
  );

  return (
    <section aria-labelledby="balances-title" className="mb-8">
      <h2 id="balances-title" className="mb-3 text-lg font-semibold text-slate-900">
        Vendor balances
      </h2>
      <div className="mb-4 flex flex-wrap gap-3">
        <div className="relative w-full max-w-sm">
          <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            type="search"
            aria-label="Search vendors"
            placeholder="Search by business name..."
            value={searchText}
            onChange={(event) => onSearchTextChange(event.target.value)}
            className="pl-9"
          />
        </div>
        <Select
          aria-label="Sort vendors"
          value={filters.sort}
          onChange={(event) => setFilter('sort', event.target.value as PayoutsFilters['sort'])}
          className="sm:w-64"
        >
          <option value="available">Largest available first</option>
          <option value="name">Business name</option>
        </Select>
      </div>
      {query.isPending ? (
        <Spinner label="Loading balances..." />
      ) : items.length === 0 ? (
        <EmptyState title="No vendors found" />
      ) : (
        <DataTable
          label="Vendor balances"
          columns={columns}
          data={items}
          getRowId={(balance) => balance.vendorId}
          totalRows={total}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onEndReached={loadMore}
          loadingMoreLabel="Loading more vendors..."
          estimateRowHeight={56}
          cardLabel={(balance) => balance.businessName}
        />
      )}
      {!query.isPending && items.length > 0 && (
        <p className="mt-2 text-sm text-slate-500">
          Showing {formatNumber(items.length)} of {formatNumber(total)} vendors
        </p>
      )}
    </section>
  );
}

/** Mark a payout Paid (the bank's reference) or Failed (a reason). */
function DecideDialog({
  payout,
  outcome,
  onClose,
}: {
  payout: Payout;
  outcome: 'Paid' | 'Failed';
  onClose: () => void;
}) {
  const decide = useDecidePayout();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) {
      setError(outcome === 'Paid' ? 'Please enter the bank reference (UTR)' : 'Please give a reason');
      return;
    }
    const body =
      outcome === 'Paid'
        ? { status: 'Paid' as const, reference: value, updatedAt: payout.updatedAt }
        : { status: 'Failed' as const, reason: value, updatedAt: payout.updatedAt };
    decide.mutate(
      { id: payout._id, body },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
        onError: (failure) => notify.longError(errorMessage(failure, 'Could not save. Please try again.')),
      },
    );
  };
  return (
    <Modal
      title={outcome === 'Paid' ? `Mark paid: ${payout.businessName}` : `Mark failed: ${payout.businessName}`}
      onClose={onClose}
      busy={decide.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          {formatSignedRupees(payout.amount)} to {payout.accountHolder}, account {payout.accountNumber}, IFSC{' '}
          {payout.ifsc}.
        </p>
        <Field label={outcome === 'Paid' ? 'Bank reference (UTR)' : 'Reason'} required error={error}>
          {(c) => <Input {...c} value={text} onChange={(event) => setText(event.target.value)} autoFocus />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={decide.isPending}>
            {decide.isPending ? 'Saving...' : outcome === 'Paid' ? 'Mark paid' : 'Mark failed'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** What the bank said of a payout: its UTR and day, why it failed, or where it is going. */
const detailOf = (payout: Payout) =>
  payout.status === 'Paid'
    ? `UTR ${payout.reference ?? ''}${payout.paidOn ? ` on ${payout.paidOn}` : ''}`
    : payout.status === 'Failed'
      ? (payout.failureReason ?? '')
      : `${payout.accountHolder} · ${payout.ifsc}`;

type Deciding = { payout: Payout; outcome: 'Paid' | 'Failed' };

/** The payouts' columns: the vendor, amount, status, the bank's details, when, and marking a Pending one. */
function payoutColumnsFor(onDecide: (deciding: Deciding) => void): ColumnDef<Payout>[] {
  return [
    {
      id: 'vendor',
      header: 'Vendor',
      size: 200,
      meta: { card: 'title' },
      cell: ({ row: { original } }) => <LongText text={original.businessName} className="font-medium text-slate-900" />,
    },
    {
      id: 'amount',
      header: 'Amount',
      size: 120,
      meta: { className: 'text-right tabular-nums' },
      cell: ({ row: { original } }) => formatSignedRupees(original.amount),
    },
    {
      id: 'status',
      header: 'Status',
      size: 100,
      cell: ({ row: { original } }) => <Badge tone={statusTones[original.status]}>{original.status}</Badge>,
    },
    {
      id: 'details',
      header: 'Details',
      size: 220,
      cell: ({ row: { original } }) => (
        <span className="text-slate-600 [overflow-wrap:anywhere]">{detailOf(original)}</span>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      size: 150,
      cell: ({ row: { original } }) => <span className="text-slate-500">{formatDateTime(original.createdAt)}</span>,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      size: 190,
      meta: { card: 'actions', label: 'Actions' },
      cell: ({ row: { original: payout } }) =>
        payout.status === 'Pending' ? (
          <div className="flex flex-wrap justify-end gap-2">
            <Button size="sm" onClick={() => onDecide({ payout, outcome: 'Paid' })}>
              Mark paid
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onDecide({ payout, outcome: 'Failed' })}>
              Mark failed
            </Button>
          </div>
        ) : null,
    },
  ];
}

function PayoutsSection({ filters, setFilter }: { filters: PayoutsFilters; setFilter: SetPayoutsFilter }) {
  const { query, items, total, hasMore, loadingMore, loadMore } = usePayoutList(filters.status);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const columns = useMemo(() => payoutColumnsFor(setDeciding), []);
  return (
    <section aria-labelledby="payouts-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="payouts-title" className="text-lg font-semibold text-slate-900">
          Payout history
        </h2>
        <Select
          aria-label="Payout status"
          value={filters.status}
          onChange={(event) => setFilter('status', event.target.value as PayoutStatus | '')}
          className="sm:w-64"
        >
          <option value="">All statuses</option>
          {payoutStatuses.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
      </div>
      {query.isPending ? (
        <Spinner label="Loading payouts..." />
      ) : items.length === 0 ? (
        filters.status ? (
          // Under a status filter the history is not empty: nothing has this status (issue 33).
          <EmptyState
            title={`No ${filters.status} payouts`}
            description="No payout has this status. Choose All statuses to see every payout."
          />
        ) : (
          <EmptyState
            title="No payouts yet"
            description="Pay all creates one payout per vendor with an available balance."
          />
        )
      ) : (
        <DataTable
          label="Payouts"
          columns={columns}
          data={items}
          getRowId={(payout) => payout._id}
          totalRows={total}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onEndReached={loadMore}
          loadingMoreLabel="Loading more payouts..."
          estimateRowHeight={56}
          cardLabel={(payout) => payout.businessName}
        />
      )}
      {deciding && <DecideDialog {...deciding} onClose={() => setDeciding(null)} />}
    </section>
  );
}

/**
 * The vendors the last payout run left out, each with why (issue 35: no bank details,
 * bank details changed within the hold, a payout still Pending, below the minimum...),
 * in the server's words; a list, so it reads the same on a phone.
 */
function LeftOutPanel({ skipped, onDismiss }: { skipped: readonly SkippedVendor[]; onDismiss: () => void }) {
  return (
    <section
      aria-labelledby="left-out-title"
      className="mb-8 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-slate-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="left-out-title" className="text-base font-semibold text-slate-900">
          Left out of the last run ({formatNumber(skipped.length)})
        </h2>
        <Button variant="secondary" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      <ul aria-label="Vendors left out" className="mt-3 divide-y divide-amber-200">
        {skipped.map((vendor) => (
          <li key={vendor.vendorId} className="flex flex-col gap-1 py-2 sm:flex-row sm:justify-between sm:gap-4">
            <span className="font-medium break-words">{vendor.businessName}</span>
            <span>
              {vendor.message}
              {vendor.heldUntil ? ` (until ${formatDateTime(vendor.heldUntil)})` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Payouts (issue 25; /admin/payouts, admins): every vendor's pending, available, in-payout
 * and paid balances (largest available first, searchable), "Pay all" for every vendor
 * past the minimum, a payout for one vendor, the bank's bulk-transfer file of the
 * Pending payouts, and marking each Paid (UTR) or Failed (reason). Both lists are on the
 * list kit (cards under 768 px); their search, order and status are kept in the address.
 */
export function PayoutsPage() {
  useDocumentTitle('Payouts');
  const { filters, setFilter } = usePayoutsFilters({
    // A search taken from a new address (the sidebar's bare link, Back) replaces the box's text.
    onAdopt: (adopted) => setSearchText(adopted.search),
  });
  const [searchText, setSearchText] = useState(filters.search);
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setFilter('search', search), [search, setFilter]);
  const pay = useCreatePayouts();
  const largest = useLargestAvailable();
  const [confirming, setConfirming] = useState(false);
  // Who the last run left out, and why (issue 35); null until a run, or once dismissed.
  const [leftOut, setLeftOut] = useState<SkippedVendor[] | null>(null);
  const showRun = useCallback((answer: CreatePayoutsResponse) => {
    setLeftOut(answer.skipped && answer.skipped.length > 0 ? answer.skipped : null);
  }, []);
  // With nothing available anywhere, Pay all says so at once instead of asking first (issue 33).
  const askToPayAll = () =>
    largest.isSuccess && (largest.data === null || largest.data.available <= 0)
      ? notify.info(payoutMessages.nothingToPay)
      : setConfirming(true);
  const payAll = () =>
    pay.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.payouts.length === 0) notify.info(answer.message);
        else notify.success(answer.message);
        showRun(answer);
      },
      onError: (error) => notify.longError(errorMessage(error, 'Could not create the payouts. Please try again.')),
      onSettled: () => setConfirming(false),
    });
  const download = () =>
    downloadBankFile().catch((error: unknown) =>
      notify.longError(errorMessage(error, 'Could not download the bank file. Please try again.')),
    );
  return (
    <div>
      <PageHeader
        title="Payouts"
        subtitle="What the store owes each vendor, and paying it"
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={download}>
              <Download className="h-4 w-4" aria-hidden /> Bank file
            </Button>
            <Button onClick={askToPayAll} disabled={pay.isPending}>
              Pay all
            </Button>
          </div>
        }
      />
      {leftOut && <LeftOutPanel skipped={leftOut} onDismiss={() => setLeftOut(null)} />}
      <BalancesSection
        filters={filters}
        setFilter={setFilter}
        searchText={searchText}
        onSearchTextChange={setSearchText}
        onRun={showRun}
      />
      <PayoutsSection filters={filters} setFilter={setFilter} />
      {confirming && (
        <ConfirmDialog
          title="Pay all vendors"
          confirmLabel="Pay all"
          busyLabel="Creating payouts..."
          busy={pay.isPending}
          onConfirm={payAll}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Create one payout for every vendor whose available balance is at least the minimum? Vendors without bank
            details, with a payout still pending, or who changed bank details recently are left out, and listed here
            with the reason.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
