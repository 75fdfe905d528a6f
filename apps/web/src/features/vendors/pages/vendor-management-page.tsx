import { type Vendor, type VendorStatus, vendorMessages } from '@haat/contract';
import { Plus, Search } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { BulkBar, countOf } from '../../../components/ui/bulk-bar';
import { BulkResult, type BulkResultView, bulkResultOf } from '../../../components/ui/bulk-result';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, Select } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { RowSelectionProvider } from '../../../components/ui/row-selection';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoadAnnouncement } from '../../../lib/use-load-announcement';
import { useRowSelection } from '../../../lib/use-row-selection';
import {
  useBulkVendors,
  useDeleteVendor,
  useVendorCounts,
  useVendorList,
  useVendorStatus,
  type VendorFilters,
} from '../api';
import { VendorDetailsModal } from '../components/vendor-details-modal';
import { VendorForm } from '../components/vendor-form';
import { VendorList } from '../components/vendor-table';
import { useVendorFilters } from '../hooks/use-vendor-filters';

const statusFilters: { value: VendorFilters['status']; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/** The message for a failed vendor call (spec section 8: 401 has its own). */
function vendorError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 401) return vendorMessages.authFailed;
  return errorMessage(error, fallback);
}

const vendorNoun = { one: 'vendor', many: 'vendors' };

/**
 * Vendor management (`/admin/vendors`, spec section 2; admins only): the vendors,
 * searched and filtered in the database and loaded as the user scrolls; details,
 * add and edit, approve and reject while pending, and delete with its confirmation.
 */
export function VendorManagementPage() {
  useDocumentTitle('Vendors');
  const session = useSession();
  // An address changed elsewhere (the sidebar's bare link, Back): the search box follows.
  const { filters, setFilter } = useVendorFilters({ onAdopt: (adopted) => setSearchText(adopted.search) });
  const [searchText, setSearchText] = useState(filters.search);
  const [mode, setMode] = useState<{ kind: 'list' } | { kind: 'form'; vendor: Vendor | null }>({ kind: 'list' });
  const [viewing, setViewing] = useState<Vendor | null>(null);
  const [deleting, setDeleting] = useState<Vendor | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const {
    query: list,
    items: vendors,
    total,
    hasMore,
    loadingMore,
    loadMore,
  } = useVendorList(filters, Boolean(session));
  const counts = useVendorCounts(Boolean(session));
  const review = useVendorStatus();
  const remove = useDeleteVendor();

  // Bulk approval (issue 26).
  const selection = useRowSelection(vendors, JSON.stringify(filters));
  const bulk = useBulkVendors();
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const [bulkResult, setBulkResult] = useState<BulkResultView | null>(null);
  const runBulk = (action: 'approve' | 'reject') =>
    bulk.mutate(
      { action, ...selection.idsAndVersions((vendor) => vendor.updatedAt) },
      {
        onSuccess: (answer) => {
          setBulkResult(bulkResultOf(answer, (id) => selection.selected.get(id)?.businessName, 'Vendor'));
          selection.clear();
        },
        onError: (error) => notify.longError(errorMessage(error, 'Could not update the vendors. Please try again.')),
        onSettled: () => setAsking(null),
      },
    );

  // The search box waits for a pause in typing before asking the server.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchText !== filters.search) setFilter('search', searchText);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, filters.search, setFilter]);

  // 'Loaded N vendors successfully!' after a reload the user asked for, not on every visit (decision 0053).
  const { reload, reloading } = useLoadAnnouncement(list, (data) => vendorMessages.loaded(data.pages[0]?.total ?? 0));
  useEffect(() => {
    if (list.isError) notify.error(vendorError(list.error, vendorMessages.fetchFailed));
  }, [list.isError, list.error]);

  const onReview = useCallback(
    (vendor: Vendor, status: 'approved' | 'rejected') => {
      const toastId = notify.progress(status === 'approved' ? vendorMessages.approving : vendorMessages.rejecting);
      setBusyId(vendor._id);
      review.mutate(
        { id: vendor._id, status },
        {
          onSuccess: (answer) => {
            notify.dismiss(toastId);
            notify.success(answer.message);
            setViewing((current) => (current?._id === vendor._id ? answer.vendor : current));
          },
          onError: (error) => {
            notify.dismiss(toastId);
            notify.error(vendorError(error, vendorMessages.statusFailed));
          },
          onSettled: () => setBusyId(null),
        },
      );
    },
    [review],
  );

  const actions = useMemo(
    () => ({
      onView: (vendor: Vendor) => setViewing(vendor),
      onEdit: (vendor: Vendor) => setMode({ kind: 'form', vendor }),
      onReview,
      onDelete: (vendor: Vendor) => setDeleting(vendor),
    }),
    [onReview],
  );

  if (!session) {
    return <EmptyState title={vendorMessages.authRequiredTitle} description={vendorMessages.authRequiredText} />;
  }

  if (mode.kind === 'form') {
    return (
      <div className="space-y-6">
        <PageHeader title={vendorMessages.heading} subtitle={vendorMessages.subtitle} />
        <VendorForm key={mode.vendor?._id ?? 'new'} vendor={mode.vendor} onDone={() => setMode({ kind: 'list' })} />
      </div>
    );
  }

  const filtered = filters.search !== '' || filters.status !== 'all';
  const confirmDelete = () => {
    if (!deleting) return;
    const vendor = deleting;
    setBusyId(vendor._id);
    remove.mutate(vendor._id, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        setDeleting(null);
      },
      onError: (error) => notify.longError(vendorError(error, vendorMessages.deleteFailed)),
      onSettled: () => setBusyId(null),
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={vendorMessages.heading}
        subtitle={vendorMessages.subtitle}
        actions={
          <>
            <RefreshButton busy={reloading} onClick={() => void reload()} />
            <Button onClick={() => setMode({ kind: 'form', vendor: null })}>
              <Plus className="mr-1 inline h-4 w-4" aria-hidden />
              {vendorMessages.addNew}
            </Button>
          </>
        }
      />

      <div className="flex flex-wrap items-center gap-3">
        <div className="relative min-w-64 flex-1">
          <Search className="absolute left-3 top-2.5 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            aria-label="Search vendors"
            placeholder="Search by name, email or business..."
            className="pl-9"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <Select
          aria-label="Filter by status"
          className="w-48"
          value={filters.status}
          onChange={(event) => setFilter('status', event.target.value as 'all' | VendorStatus)}
        >
          {statusFilters.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>

      {/* The last bulk action's result stays above the list, even when the action emptied it. */}
      {bulkResult && <BulkResult result={bulkResult} onDismiss={() => setBulkResult(null)} />}
      {list.isPending ? (
        <Spinner label={vendorMessages.loading} />
      ) : list.isError ? (
        <EmptyState
          title={vendorMessages.fetchFailed}
          description={vendorError(list.error, vendorMessages.fetchFailed)}
          action={<Button onClick={() => list.refetch()}>Retry</Button>}
        />
      ) : vendors.length === 0 ? (
        filtered ? (
          <EmptyState title={vendorMessages.emptyTitle} description="No vendors match these filters." />
        ) : (
          <EmptyState
            title={vendorMessages.emptyTitle}
            description={vendorMessages.emptyText}
            action={<Button onClick={() => setMode({ kind: 'form', vendor: null })}>{vendorMessages.addFirst}</Button>}
          />
        )
      ) : (
        <RowSelectionProvider selection={selection.context}>
          {selection.count > 0 && (
            <BulkBar
              noun={vendorNoun}
              count={selection.count}
              matching={total}
              busy={bulk.isPending}
              onClear={selection.clear}
            >
              <Button size="sm" variant="success" disabled={bulk.isPending} onClick={() => setAsking('approve')}>
                Approve
              </Button>
              <Button size="sm" variant="secondary" disabled={bulk.isPending} onClick={() => setAsking('reject')}>
                Reject
              </Button>
            </BulkBar>
          )}
          <VendorList
            vendors={vendors}
            total={total}
            hasMore={hasMore}
            loadingMore={loadingMore}
            onEndReached={loadMore}
            busyId={busyId}
            actions={actions}
          />
          <footer className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
            <span>Showing {total} vendors</span>
            {counts.data && (
              <span className="flex gap-4">
                <span>Approved: {counts.data.approved}</span>
                <span>Pending: {counts.data.pending}</span>
                <span>Rejected: {counts.data.rejected}</span>
              </span>
            )}
          </footer>
        </RowSelectionProvider>
      )}

      {viewing && (
        <VendorDetailsModal
          vendor={viewing}
          busy={busyId === viewing._id}
          onClose={() => setViewing(null)}
          onEdit={() => {
            setMode({ kind: 'form', vendor: viewing });
            setViewing(null);
          }}
          onReview={(status) => onReview(viewing, status)}
        />
      )}

      {asking && (
        <ConfirmDialog
          title={`${asking === 'approve' ? 'Approve' : 'Reject'} ${countOf(selection.count, vendorNoun)}?`}
          confirmLabel={asking === 'approve' ? 'Approve' : 'Reject'}
          busyLabel="Working..."
          busy={bulk.isPending}
          onConfirm={() => runBulk(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>
            {asking === 'approve'
              ? 'Each vendor awaiting approval can sign in and sell. Vendors already decided are skipped.'
              : 'Each vendor awaiting approval is rejected and cannot sign in. Vendors already decided are skipped.'}
          </p>
        </ConfirmDialog>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete Vendor"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => {
            setDeleting(null);
            notify.info(vendorMessages.deletionCancelled);
          }}
        >
          <p>{vendorMessages.deleteConfirm(deleting.name)}</p>
          <p>{vendorMessages.deleteKeepsProducts}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
