import { type DocumentKind, type DocumentSummary, documentKindLabels, documentKinds } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { FileDown } from 'lucide-react';
import { createContext, useContext, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { DataTable, LongText } from '../../../components/ui/data-table';
import { DayRange } from '../../../components/ui/day-range';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, Select } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatRupees } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type DocumentFilters, downloadDocument, useDocuments } from '../api';

/** The toast when a document cannot be downloaded and the server gave no reason. */
export const DOCUMENT_DOWNLOAD_FAILED = 'Could not download the document. Please try again.';

/** What a row's Download asks the page: the document, and which one is on its way. */
const DownloadContext = createContext<{ download: (row: DocumentSummary) => void; busyId: string | null }>({
  download: () => undefined,
  busyId: null,
});

function DownloadButton({ row }: { row: DocumentSummary }) {
  const { download, busyId } = useContext(DownloadContext);
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={busyId === row._id}
      onClick={() => download(row)}
      aria-label={`Download ${row.number}`}
    >
      <FileDown className="h-4 w-4" aria-hidden />
      Download
    </Button>
  );
}

/** The list's columns: number and kind, date, from and to, the order, the amounts, Download. */
const columns: ColumnDef<DocumentSummary>[] = [
  {
    id: 'number',
    header: 'Number',
    size: 170,
    meta: { card: 'title' },
    cell: ({ row: { original } }) => (
      <span className="font-mono text-sm font-medium text-slate-900">{original.number}</span>
    ),
  },
  {
    id: 'kind',
    header: 'Kind',
    size: 160,
    cell: ({ row: { original } }) => (
      <span>
        {documentKindLabels[original.kind]}
        {original.refersTo && <span className="block text-xs text-slate-500">Against {original.refersTo}</span>}
        {original.period && <span className="block text-xs text-slate-500">Month {original.period}</span>}
      </span>
    ),
  },
  {
    id: 'issued',
    header: 'Issued',
    size: 150,
    cell: ({ row: { original } }) => <span className="text-slate-600">{formatDateTime(original.issuedAt)}</span>,
  },
  {
    id: 'issuer',
    header: 'Issued by',
    size: 200,
    cell: ({ row: { original } }) => (
      <span>
        <LongText text={original.issuer.name} />
        <span className="block font-mono text-xs text-slate-500">{original.issuer.gstin ?? 'No GSTIN'}</span>
      </span>
    ),
  },
  {
    id: 'recipient',
    header: 'Issued to',
    size: 180,
    cell: ({ row: { original } }) => <LongText text={original.recipient.name} />,
  },
  {
    id: 'order',
    header: 'Order',
    size: 130,
    cell: ({ row: { original } }) => original.order?.trackingNumber ?? '—',
  },
  {
    id: 'tax',
    header: 'GST',
    size: 150,
    cell: ({ row: { original } }) =>
      original.igst > 0 || (original.cgst === 0 && original.sgst === 0)
        ? `IGST ${formatRupees(original.igst)}`
        : `CGST ${formatRupees(original.cgst)} + SGST ${formatRupees(original.sgst)}`,
  },
  {
    id: 'total',
    header: 'Total',
    size: 120,
    cell: ({ row: { original } }) => <span className="font-medium">{formatRupees(original.total)}</span>,
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    size: 130,
    meta: { card: 'actions', label: 'Actions' },
    cell: ({ row: { original } }) => <DownloadButton row={original} />,
  },
];

const isKind = (value: string | null): value is DocumentKind => documentKinds.includes(value as DocumentKind);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * Documents (issue 35; /admin/documents): the GST documents an admin (with money:read:
 * all) or a vendor (a manager of their team: their own) may see, tax invoices, credit
 * notes and commission invoices, newest first, filtered by kind and dates of issue (kept
 * in the address), each downloadable as its PDF; on the list kit (cards under 768 px).
 */
export function DocumentsPage() {
  useDocumentTitle('Documents');
  const vendor = useSession()?.user.role === 'vendor';
  const [params, setParams] = useSearchParams();
  const filters: DocumentFilters = {
    kind: isKind(params.get('kind')) ? (params.get('kind') as DocumentKind) : '',
    from: isDay(params.get('from')) ? (params.get('from') as string) : '',
    to: isDay(params.get('to')) ? (params.get('to') as string) : '',
  };
  const setFilter = (key: keyof DocumentFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const filtered = Boolean(filters.kind || filters.from || filters.to);
  const { query, items, total, hasMore, loadingMore, loadMore } = useDocuments(filters);
  const [busyId, setBusyId] = useState<string | null>(null);
  const download = (row: DocumentSummary) => {
    setBusyId(row._id);
    downloadDocument(row._id, row.number)
      .catch((error: unknown) => notify.longError(errorMessage(error, DOCUMENT_DOWNLOAD_FAILED)))
      .finally(() => setBusyId(null));
  };

  return (
    <div>
      <PageHeader
        title="Documents"
        subtitle={
          vendor
            ? 'Your tax invoices and credit notes, and the store’s commission invoices to you'
            : 'Tax invoices, credit notes and commission invoices, as issued'
        }
      />
      <div className="mb-5 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <Field label="Kind">
          {(control) => (
            <Select {...control} value={filters.kind} onChange={(event) => setFilter('kind', event.target.value)}>
              <option value="">All documents</option>
              {documentKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {documentKindLabels[kind]}
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
        />
        <div>
          <Button variant="secondary" disabled={!filtered} onClick={() => setParams({}, { replace: true })}>
            Clear filters
          </Button>
        </div>
      </div>
      {query.isPending ? (
        <Spinner label="Loading documents..." />
      ) : items.length === 0 ? (
        <EmptyState
          title={filtered ? 'No documents match these filters' : 'No documents yet'}
          description={
            filtered
              ? 'Choose another kind or other dates, or clear the filters.'
              : 'A tax invoice is issued when a shipment goes on the road, a credit note when invoiced units are returned, a commission invoice each month.'
          }
        />
      ) : (
        <DownloadContext.Provider value={{ download, busyId }}>
          <DataTable
            label="Documents"
            columns={columns}
            data={items}
            getRowId={(row) => row._id}
            totalRows={total}
            hasMore={hasMore}
            loadingMore={loadingMore}
            onEndReached={loadMore}
            loadingMoreLabel="Loading more documents..."
            estimateRowHeight={64}
            cardLabel={(row) => `${documentKindLabels[row.kind]} ${row.number}`}
          />
        </DownloadContext.Provider>
      )}
    </div>
  );
}
