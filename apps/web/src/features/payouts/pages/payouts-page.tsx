import type { Payout, PayoutStatus, VendorBalance } from '@haat/contract';
import { payoutStatuses } from '@haat/contract';
import { Download, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, Input, Select } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatNumber, formatSignedRupees } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMediaQuery } from '../../../lib/use-media-query';
import { downloadBankFile, useCreatePayouts, useDecidePayout, usePayoutList, useVendorBalances } from '../api';

const WIDE = '(min-width: 1024px)';

const statusTones: Record<PayoutStatus, BadgeTone> = { Pending: 'yellow', Paid: 'green', Failed: 'red' };

/** Why a vendor cannot be paid now, or null. */
function bankState(balance: VendorBalance): string | null {
  if (!balance.hasBankDetails) return 'No bank details';
  if (balance.payoutsHeldUntil) return `Held until ${formatDateTime(balance.payoutsHeldUntil)} (bank details changed)`;
  return null;
}

function BalancesSection() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<'available' | 'name'>('available');
  const settled = useDebouncedValue(search, 300);
  const { query, items, total, hasMore, loadingMore, loadMore } = useVendorBalances({ search: settled, sort });
  const pay = useCreatePayouts();
  const wide = useMediaQuery(WIDE);

  const payOne = (balance: VendorBalance) =>
    pay.mutate([balance.vendorId], {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.longError(errorMessage(error, 'Could not create the payout. Please try again.')),
    });
  const action = (balance: VendorBalance) =>
    balance.available > 0 && bankState(balance) === null ? (
      <Button size="sm" variant="secondary" disabled={pay.isPending} onClick={() => payOne(balance)}>
        Pay {balance.businessName}
      </Button>
    ) : (
      <span className="text-xs text-slate-500">{bankState(balance) ?? 'Nothing to pay'}</span>
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
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <Select
          aria-label="Sort vendors"
          value={sort}
          onChange={(event) => setSort(event.target.value as 'available' | 'name')}
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
      ) : wide ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Vendor balances</caption>
            <thead className="bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th className="px-4 py-3">Vendor</th>
                <th className="px-4 py-3 text-right">Pending</th>
                <th className="px-4 py-3 text-right">Available</th>
                <th className="px-4 py-3 text-right">In payout</th>
                <th className="px-4 py-3 text-right">Paid</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((balance) => (
                <tr key={balance.vendorId}>
                  <td className="px-4 py-3 font-medium text-slate-900">{balance.businessName}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatSignedRupees(balance.pending)}</td>
                  <td className="px-4 py-3 text-right font-medium tabular-nums">
                    {formatSignedRupees(balance.available)}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatSignedRupees(balance.processing)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatSignedRupees(balance.paid)}</td>
                  <td className="px-4 py-3 text-right">{action(balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul aria-label="Vendor balances" className="space-y-3">
          {items.map((balance) => (
            <li
              key={balance.vendorId}
              aria-label={balance.businessName}
              className="rounded-xl border border-slate-200 bg-white p-4"
            >
              <p className="font-medium text-slate-900">{balance.businessName}</p>
              <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
                <dt className="text-slate-500">Available</dt>
                <dd className="text-right font-medium tabular-nums">{formatSignedRupees(balance.available)}</dd>
                <dt className="text-slate-500">Pending</dt>
                <dd className="text-right tabular-nums">{formatSignedRupees(balance.pending)}</dd>
                <dt className="text-slate-500">In payout</dt>
                <dd className="text-right tabular-nums">{formatSignedRupees(balance.processing)}</dd>
                <dt className="text-slate-500">Paid</dt>
                <dd className="text-right tabular-nums">{formatSignedRupees(balance.paid)}</dd>
              </dl>
              <div className="mt-3">{action(balance)}</div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} />
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

function PayoutsSection() {
  const [status, setStatus] = useState<PayoutStatus | ''>('');
  const { query, items, hasMore, loadingMore, loadMore } = usePayoutList(status);
  const [deciding, setDeciding] = useState<{ payout: Payout; outcome: 'Paid' | 'Failed' } | null>(null);
  const wide = useMediaQuery(WIDE);
  const detail = (payout: Payout) =>
    payout.status === 'Paid'
      ? `UTR ${payout.reference ?? ''}${payout.paidOn ? ` on ${payout.paidOn}` : ''}`
      : payout.status === 'Failed'
        ? (payout.failureReason ?? '')
        : `${payout.accountHolder} · ${payout.ifsc}`;
  const actions = (payout: Payout) =>
    payout.status === 'Pending' ? (
      <div className="flex flex-wrap justify-end gap-2">
        <Button size="sm" onClick={() => setDeciding({ payout, outcome: 'Paid' })}>
          Mark paid
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setDeciding({ payout, outcome: 'Failed' })}>
          Mark failed
        </Button>
      </div>
    ) : null;
  return (
    <section aria-labelledby="payouts-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="payouts-title" className="text-lg font-semibold text-slate-900">
          Payout history
        </h2>
        <Select
          aria-label="Payout status"
          value={status}
          onChange={(event) => setStatus(event.target.value as PayoutStatus | '')}
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
        <EmptyState
          title="No payouts yet"
          description="Pay all creates one payout per vendor with an available balance."
        />
      ) : wide ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Payouts</caption>
            <thead className="bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th className="px-4 py-3">Vendor</th>
                <th className="px-4 py-3 text-right">Amount</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">Details</th>
                <th className="px-4 py-3">Created</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((payout) => (
                <tr key={payout._id}>
                  <td className="px-4 py-3 font-medium text-slate-900">{payout.businessName}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatSignedRupees(payout.amount)}</td>
                  <td className="px-4 py-3">
                    <Badge tone={statusTones[payout.status]}>{payout.status}</Badge>
                  </td>
                  <td className="px-4 py-3 text-slate-600">{detail(payout)}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-500">{formatDateTime(payout.createdAt)}</td>
                  <td className="px-4 py-3">{actions(payout)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul aria-label="Payouts" className="space-y-3">
          {items.map((payout) => (
            <li
              key={payout._id}
              aria-label={payout.businessName}
              className="rounded-xl border border-slate-200 bg-white p-4"
            >
              <div className="flex items-start justify-between gap-2">
                <p className="font-medium text-slate-900">{payout.businessName}</p>
                <Badge tone={statusTones[payout.status]}>{payout.status}</Badge>
              </div>
              <p className="mt-1 text-lg font-semibold tabular-nums">{formatSignedRupees(payout.amount)}</p>
              <p className="text-sm text-slate-600">{detail(payout)}</p>
              <p className="text-xs text-slate-500">{formatDateTime(payout.createdAt)}</p>
              <div className="mt-3">{actions(payout)}</div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} />
      {deciding && <DecideDialog {...deciding} onClose={() => setDeciding(null)} />}
    </section>
  );
}

/**
 * Payouts (issue 25; /admin/payouts, admins): every vendor's pending, available, in-payout
 * and paid balances (largest available first, searchable), "Pay all" for every vendor
 * past the minimum, a payout for one vendor, the bank's bulk-transfer file of the
 * Pending payouts, and marking each Paid (UTR) or Failed (reason).
 */
export function PayoutsPage() {
  useDocumentTitle('Payouts');
  const pay = useCreatePayouts();
  const [confirming, setConfirming] = useState(false);
  const payAll = () =>
    pay.mutate(undefined, {
      onSuccess: (answer) =>
        answer.payouts.length === 0 ? notify.info(answer.message) : notify.success(answer.message),
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
            <Button onClick={() => setConfirming(true)} disabled={pay.isPending}>
              Pay all
            </Button>
          </div>
        }
      />
      <BalancesSection />
      <PayoutsSection />
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
            details, with a payout still pending, or who changed bank details recently are left out.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
