import { type KycListItem, type KycStatus, kycStatuses, kycStatusLabels } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link';
import { DataTable, LongText } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useKycList } from '../api';
import { KycStatusBadge } from '../components/kyc-parts';

/** The review list's columns: the vendor, their identity, where it stands, when, and Review. */
const columns: ColumnDef<KycListItem>[] = [
  {
    id: 'vendor',
    header: 'Vendor',
    size: 200,
    meta: { card: 'title' },
    cell: ({ row: { original } }) => <LongText text={original.businessName} className="font-medium text-slate-900" />,
  },
  {
    id: 'legalName',
    header: 'Legal name',
    size: 200,
    cell: ({ row: { original } }) => <LongText text={original.legalName} />,
  },
  {
    id: 'gstin',
    header: 'PAN / GSTIN',
    size: 190,
    cell: ({ row: { original } }) => (
      <span className="font-mono text-xs text-slate-700">
        {original.gstin ?? original.enrolmentNumber ?? original.pan}
      </span>
    ),
  },
  {
    id: 'state',
    header: 'State',
    size: 140,
    cell: ({ row: { original } }) => original.state.name,
  },
  {
    id: 'status',
    header: 'Status',
    size: 150,
    cell: ({ row: { original } }) => <KycStatusBadge status={original.status} />,
  },
  {
    id: 'updated',
    header: 'Updated',
    size: 150,
    cell: ({ row: { original } }) => <span className="text-slate-500">{formatDateTime(original.updatedAt)}</span>,
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    size: 110,
    meta: { card: 'actions', label: 'Actions' },
    cell: ({ row: { original } }) => (
      <ButtonLink
        size="sm"
        to={paths.kycReview.detail(original.vendorId)}
        aria-label={`Review ${original.businessName}`}
      >
        Review
      </ButtonLink>
    ),
  },
];

/**
 * KYC review (issue 35; /admin/kyc-review, admins): every vendor's KYC by status (the
 * submitted ones first by default), newest change first, on the list kit (cards under
 * 768 px); Review opens one vendor's KYC with its documents and the decision.
 */
export function KycReviewPage() {
  useDocumentTitle('KYC review');
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: KycStatus | '' =
    requested === 'all' ? '' : kycStatuses.includes(requested as KycStatus) ? (requested as KycStatus) : 'submitted';
  const { query, items, total, hasMore, loadingMore, loadMore } = useKycList(status);
  const list = useMemo(() => items, [items]);
  return (
    <div>
      <PageHeader title="KYC review" subtitle="Vendors’ PAN, GSTIN and documents: payouts wait for approval" />
      <div className="mb-3 flex flex-wrap items-center justify-end gap-3">
        <Select
          aria-label="KYC status"
          value={status || 'all'}
          onChange={(event) => setParams({ status: event.target.value }, { replace: true })}
          className="sm:w-64"
        >
          <option value="all">All statuses</option>
          {kycStatuses.map((value) => (
            <option key={value} value={value}>
              {kycStatusLabels[value]}
            </option>
          ))}
        </Select>
      </div>
      {query.isPending ? (
        <Spinner label="Loading KYC..." />
      ) : list.length === 0 ? (
        <EmptyState
          title={status ? `No KYC ${kycStatusLabels[status].toLowerCase()}` : 'No KYC yet'}
          description={
            status
              ? 'No vendor’s KYC has this status. Choose All statuses to see every one.'
              : 'Vendors give theirs on their KYC screen.'
          }
        />
      ) : (
        <DataTable
          label="KYC"
          columns={columns}
          data={list}
          getRowId={(row) => row.vendorId}
          totalRows={total}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onEndReached={loadMore}
          loadingMoreLabel="Loading more KYC..."
          estimateRowHeight={56}
          cardLabel={(row) => row.businessName}
        />
      )}
    </div>
  );
}
