import { type Contact, type ContactBulkBody, contactMessages } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { MailOpen, Search, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { BulkBar, countOf } from '../../../components/ui/bulk-bar';
import { BulkResult, type BulkResultView, bulkResultOf } from '../../../components/ui/bulk-result';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { RowSelectionProvider, SelectAllLoaded, SelectRow } from '../../../components/ui/row-selection';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRowSelection } from '../../../lib/use-row-selection';
import { contactExport, useBulkContacts, useContactList, useDeleteContact, useSetHandled } from '../api';
import { useContactFilters } from '../hooks/use-contact-filters';

type ContactBulkAction = ContactBulkBody['action'];

const messages = { one: 'message', many: 'messages' };

/** Each bulk action's question and what it does (issue 26). */
const bulkQuestions: Record<ContactBulkAction, string> = {
  'mark-handled': 'Mark handled',
  'mark-waiting': 'Mark not handled',
  delete: 'Delete',
};
const bulkConsequences: Record<ContactBulkAction, string> = {
  'mark-handled': 'Each message is marked handled by you now. Those already handled are skipped.',
  'mark-waiting': 'Each message goes back to waiting. Those not handled yet are skipped.',
  delete: 'Each message is deleted. This cannot be undone.',
};

function DeleteButton({ contact, onDelete }: { contact: Contact; onDelete: (contact: Contact) => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Delete message from ${contact.name}`}
      onClick={() => onDelete(contact)}
    >
      <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
    </Button>
  );
}

/** Opens a message to its whole text and its actions (issue 27). */
function OpenButton({ contact, onOpen }: { contact: Contact; onOpen: (contact: Contact) => void }) {
  return (
    <Button variant="ghost" size="sm" aria-label={`Open message from ${contact.name}`} onClick={() => onOpen(contact)}>
      <MailOpen className="h-4 w-4" aria-hidden />
    </Button>
  );
}

function HandledBadge({ contact }: { contact: Contact }) {
  return contact.handledAt ? <Badge tone="green">Handled</Badge> : null;
}

/** What a message's row or card can do. */
interface ContactRowActions {
  onDelete: (contact: Contact) => void;
  onOpen: (contact: Contact) => void;
}

/** The inbox's columns: a checkbox for bulk actions, who wrote, the message, when, Open and Delete. */
function columnsFor({ onDelete, onOpen }: ContactRowActions): ColumnDef<Contact>[] {
  return [
    {
      id: 'select',
      // Bulk actions (issue 26): the selection lives in `RowSelectionProvider`.
      header: () => <SelectAllLoaded label="Select all loaded messages" />,
      size: 44,
      meta: { label: 'Select' },
      cell: ({ row: { original } }) => <SelectRow row={original} label={`Select message from ${original.name}`} />,
    },
    {
      id: 'name',
      header: 'Name',
      size: 140,
      meta: { card: 'title' },
      cell: ({ row: { original } }) => (
        <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">
          {original.name} <HandledBadge contact={original} />
        </span>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      size: 190,
      cell: ({ row: { original } }) => <span className="break-all text-slate-600">{original.email}</span>,
    },
    {
      id: 'phone',
      header: 'Phone',
      size: 130,
      cell: ({ row: { original } }) => <span className="text-slate-600">{original.phone ?? 'N/A'}</span>,
    },
    {
      id: 'message',
      header: 'Message',
      size: 250,
      cell: ({ row: { original } }) => (
        <p className="line-clamp-3 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{original.message}</p>
      ),
    },
    {
      id: 'date',
      header: 'Date',
      size: 120,
      cell: ({ row: { original } }) => <span className="text-slate-500">{formatDateTime(original.createdAt)}</span>,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      size: 96,
      meta: { className: 'text-right whitespace-nowrap', card: 'actions', label: 'Actions' },
      cell: ({ row: { original } }) => (
        <>
          <OpenButton contact={original} onOpen={onOpen} />
          <DeleteButton contact={original} onDelete={onDelete} />
        </>
      ),
    },
  ];
}

/**
 * One message opened (issue 27): its whole text, who sent it and when, a reply by e-mail
 * (`mailto:` with the subject filled in), and marking it handled or not.
 */
function MessageDialog({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const setHandled = useSetHandled();
  const [current, setCurrent] = useState(contact);
  const subject = encodeURIComponent('Re: your message to our store');
  const body = encodeURIComponent(`\n\n> ${current.message.split('\n').join('\n> ')}`);
  const toggle = () =>
    setHandled.mutate(
      { id: current._id, handled: !current.handledAt },
      {
        onSuccess: (answer) => {
          setCurrent(answer.contact);
          notify.success(answer.message);
        },
        onError: (error) => notify.error(errorMessage(error, 'Could not save. Please try again.')),
      },
    );
  return (
    <Modal title={`Message from ${current.name}`} onClose={onClose} width="max-w-2xl">
      <dl className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Email</dt>
        <dd className="break-all">{current.email}</dd>
        <dt className="text-slate-500">Phone</dt>
        <dd>{current.phone ?? 'N/A'}</dd>
        <dt className="text-slate-500">Received</dt>
        <dd>{formatDateTime(current.createdAt)}</dd>
        <dt className="text-slate-500">Status</dt>
        <dd>{current.handledAt ? `Handled ${formatDateTime(current.handledAt)}` : 'Not handled'}</dd>
      </dl>
      <p className="mt-4 max-h-80 overflow-y-auto whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
        {current.message}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <a
          className={buttonClassName('secondary')}
          href={`mailto:${encodeURIComponent(current.email)}?subject=${subject}&body=${body}`}
        >
          Reply by email
        </a>
        <Button onClick={toggle} disabled={setHandled.isPending}>
          {current.handledAt ? 'Mark not handled' : 'Mark handled'}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * Contact Inquiries (spec section 2, 'Contact messages'; /admin/contact): the count,
 * a search run in the database over name, e-mail, message and phone (kept in the
 * address as `?search=`), on the list kit: a table on wide screens and cards under
 * 768 px (spec: card layout on small screens), loading the next page as the user
 * scrolls, and delete with the spec's confirmation.
 */
export function ContactInquiriesPage() {
  useDocumentTitle('Contact Inquiries');
  const { filters, setFilter } = useContactFilters({
    // A search taken from a new address (the sidebar's bare link, Back) replaces the box's text.
    onAdopt: (adopted) => setSearch(adopted.search),
  });
  const [search, setSearch] = useState(filters.search);
  const settled = useDebouncedValue(search.trim(), 300);
  const { query: list, items: contacts, total, hasMore, loadingMore, loadMore } = useContactList(filters);
  const remove = useDeleteContact();
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [opened, setOpened] = useState<Contact | null>(null);
  const columns = useMemo(() => columnsFor({ onDelete: setDeleting, onOpen: setOpened }), []);

  useEffect(() => {
    setFilter('search', settled);
  }, [settled, setFilter]);

  // Bulk actions (issue 26).
  const selection = useRowSelection(contacts, JSON.stringify(filters));
  const bulk = useBulkContacts();
  const [asking, setAsking] = useState<ContactBulkAction | null>(null);
  const [bulkResult, setBulkResult] = useState<BulkResultView | null>(null);
  const runBulk = (action: ContactBulkAction) =>
    bulk.mutate(
      { action, ids: [...selection.selected.keys()] },
      {
        onSuccess: (answer) => {
          setBulkResult(bulkResultOf(answer, (id) => selection.selected.get(id)?.name, 'Message'));
          selection.clear();
        },
        onError: (error) => notify.longError(errorMessage(error, 'Could not update the messages. Please try again.')),
        onSettled: () => setAsking(null),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        notify.success(contactMessages.deleted);
        setDeleting(null);
      },
      onError: () => {
        notify.longError(contactMessages.deleteFailed);
        setDeleting(null);
      },
    });
  };

  if (list.isError && contacts.length === 0) {
    return <EmptyState title={contactMessages.loadFailed} />;
  }

  return (
    <div>
      <PageHeader
        title="Contact Inquiries"
        subtitle={
          list.isPending ? 'Loading messages...' : `${formatNumber(total)} ${total === 1 ? 'message' : 'messages'}`
        }
        actions={<ExportButton request={contactExport(filters)} fallbackName="contact-messages.csv" />}
      />
      <div className="mb-5 flex flex-wrap gap-3">
        <div className="relative w-full max-w-md">
          <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" aria-hidden />
          <Input
            type="search"
            aria-label="Search messages"
            placeholder="Search by name, email, message or phone..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <Select
          aria-label="Show"
          value={filters.show}
          onChange={(event) => setFilter('show', event.target.value as 'all' | 'waiting')}
          className="sm:w-56"
        >
          <option value="all">All messages</option>
          <option value="waiting">Not handled</option>
        </Select>
      </div>
      {/* The last bulk action's result stays above the list, even when the action emptied it. */}
      {bulkResult && <BulkResult result={bulkResult} onDismiss={() => setBulkResult(null)} />}
      {list.isPending ? (
        <Spinner label="Loading messages..." />
      ) : contacts.length === 0 ? (
        <EmptyState
          title={contactMessages.emptyTitle}
          description={
            filters.search
              ? contactMessages.emptySearch
              : filters.show === 'waiting'
                ? contactMessages.emptyWaiting
                : contactMessages.emptyNone
          }
        />
      ) : (
        <RowSelectionProvider selection={selection.context}>
          {selection.count > 0 && (
            <BulkBar
              noun={messages}
              count={selection.count}
              matching={total}
              busy={bulk.isPending}
              onClear={selection.clear}
            >
              <Button size="sm" variant="secondary" disabled={bulk.isPending} onClick={() => setAsking('mark-handled')}>
                Mark handled
              </Button>
              <Button size="sm" variant="secondary" disabled={bulk.isPending} onClick={() => setAsking('mark-waiting')}>
                Mark not handled
              </Button>
              <Button size="sm" variant="danger" disabled={bulk.isPending} onClick={() => setAsking('delete')}>
                Delete
              </Button>
            </BulkBar>
          )}
          <DataTable
            label="Contact messages"
            columns={columns}
            data={contacts}
            getRowId={(contact) => contact._id}
            totalRows={total}
            hasMore={hasMore}
            loadingMore={loadingMore}
            onEndReached={loadMore}
            loadingMoreLabel="Loading more messages..."
            estimateRowHeight={80}
            cardLabel={(contact) => contact.name}
          />
          <p className="mt-4 text-sm text-slate-500">
            Showing {formatNumber(contacts.length)} of {formatNumber(total)} messages
          </p>
        </RowSelectionProvider>
      )}
      {asking && (
        <ConfirmDialog
          title={`${bulkQuestions[asking]} ${countOf(selection.count, messages)}?`}
          confirmLabel={bulkQuestions[asking]}
          busyLabel="Working..."
          busy={bulk.isPending}
          onConfirm={() => runBulk(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>{bulkConsequences[asking]}</p>
        </ConfirmDialog>
      )}
      {opened && <MessageDialog contact={opened} onClose={() => setOpened(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete Contact"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          <p>{contactMessages.deleteConfirm}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
