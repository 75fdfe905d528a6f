import type { OutboxMail } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Eye, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOutboxList, useOutboxMail } from '../api';

const statusTone = { queued: 'yellow', sent: 'green', failed: 'red' } as const;
const statusLabel = { queued: 'Queued', sent: 'Sent', failed: 'Failed' } as const;

function columnsFor(onOpen: (mail: OutboxMail) => void): ColumnDef<OutboxMail>[] {
  return [
    {
      id: 'recipient',
      header: 'Recipient',
      size: 200,
      meta: { card: 'title' },
      cell: ({ row: { original } }) => (
        <span className="break-all font-medium text-slate-900">{original.recipient}</span>
      ),
    },
    {
      id: 'subject',
      header: 'Subject',
      size: 240,
      cell: ({ row: { original } }) => (
        <span className="text-slate-700 [overflow-wrap:anywhere]">{original.subject}</span>
      ),
    },
    {
      id: 'template',
      header: 'Template',
      size: 150,
      cell: ({ row: { original } }) => <span className="text-slate-500">{original.template}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      size: 100,
      cell: ({ row: { original } }) => <Badge tone={statusTone[original.status]}>{statusLabel[original.status]}</Badge>,
    },
    {
      id: 'attempts',
      header: 'Attempts',
      size: 90,
      cell: ({ row: { original } }) => <span className="text-slate-600">{original.attempts}</span>,
    },
    {
      id: 'lastError',
      header: 'Last error',
      size: 200,
      cell: ({ row: { original } }) => (
        <span className="text-xs text-red-700 [overflow-wrap:anywhere]">{original.lastError ?? ''}</span>
      ),
    },
    {
      id: 'date',
      header: 'Date',
      size: 130,
      cell: ({ row: { original } }) => <span className="text-slate-500">{formatDateTime(original.createdAt)}</span>,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      size: 60,
      meta: { className: 'text-right', card: 'actions', label: 'Actions' },
      cell: ({ row: { original } }) => (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Preview mail to ${original.recipient}`}
          onClick={() => onOpen(original)}
        >
          <Eye className="h-4 w-4" aria-hidden />
        </Button>
      ),
    },
  ];
}

/** A mail's preview: its HTML in a sandboxed frame (no scripts, no links followed) and its text. */
function MailPreview({ id, onClose }: { id: string; onClose: () => void }) {
  const mail = useOutboxMail(id);
  return (
    <Modal title={mail.data?.mail.subject ?? 'Mail'} onClose={onClose} width="max-w-3xl">
      {mail.isPending ? (
        <Spinner label="Loading mail..." />
      ) : mail.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(mail.error, 'Failed to load mail')}
        </p>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">To: {mail.data.mail.recipient}</p>
          <iframe
            title="HTML version"
            sandbox=""
            srcDoc={mail.data.mail.html}
            className="h-80 w-full rounded-lg border border-slate-200"
          />
          <section aria-label="Text version">
            <h3 className="mb-1 text-sm font-semibold text-slate-700">Text version</h3>
            <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-50 p-3 text-xs text-slate-800">
              {mail.data.mail.text}
            </pre>
          </section>
        </div>
      )}
    </Modal>
  );
}

/**
 * The Outbox (`/admin/outbox`, issue 36): every mail the store wrote, newest first, its
 * state and last error, searched by recipient, each previewed as HTML and text. Without
 * `SMTP_URL` mails stay here queued, and an admin reads them (a password reset link too).
 */
export function OutboxPage() {
  useDocumentTitle('Outbox');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const { query, items: mails, total, hasMore, loadingMore, loadMore } = useOutboxList(debounced);
  const [open, setOpen] = useState<string | null>(null);
  const columns = useMemo(() => columnsFor((mail) => setOpen(mail._id)), []);
  return (
    <div className="space-y-4">
      <PageHeader title="Outbox" subtitle="Mails the store sends, and whether they went" />
      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <Input
          aria-label="Search by recipient"
          placeholder="Search by recipient..."
          className="pl-9"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {query.isPending ? (
        <Spinner label="Loading mails..." />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(query.error, 'Failed to load mails')}
        </p>
      ) : mails.length === 0 ? (
        <EmptyState title="No mails found" />
      ) : (
        <>
          <DataTable
            label="Outbox"
            columns={columns}
            data={mails}
            getRowId={(mail) => mail._id}
            totalRows={total}
            hasMore={hasMore}
            loadingMore={loadingMore}
            onEndReached={loadMore}
            loadingMoreLabel="Loading more mails..."
            estimateRowHeight={64}
            cardLabel={(mail) => mail.recipient}
          />
          <p className="text-sm text-slate-500">
            Showing {formatNumber(mails.length)} of {formatNumber(total)} mails
          </p>
        </>
      )}
      {open && <MailPreview id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
