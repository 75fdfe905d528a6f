import { type Contact, contactMessages } from '@haat/contract';
import { Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContactList, useDeleteContact } from '../api';
import { useContactFilters } from '../hooks/use-contact-filters';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useMediaQuery } from '../hooks/use-media-query';

/** Below this width the inbox shows cards instead of a table (spec: card layout on small screens). */
const WIDE = '(min-width: 768px)';

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

function ContactTable({ contacts, onDelete }: { contacts: Contact[]; onDelete: (contact: Contact) => void }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Contact messages</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-500">
          <tr>
            <th className="px-4 py-3">Name</th>
            <th className="px-4 py-3">Email</th>
            <th className="px-4 py-3">Phone</th>
            <th className="px-4 py-3">Message</th>
            <th className="px-4 py-3">Date</th>
            <th className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {contacts.map((contact) => (
            <tr key={contact._id} className="align-top">
              <td className="px-4 py-3 font-medium text-slate-900">{contact.name}</td>
              <td className="px-4 py-3 text-slate-600">{contact.email}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">{contact.phone ?? 'N/A'}</td>
              <td className="max-w-md px-4 py-3 whitespace-pre-line text-slate-700">{contact.message}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-500">{formatDateTime(contact.createdAt)}</td>
              <td className="px-4 py-3 text-right">
                <DeleteButton contact={contact} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ContactCards({ contacts, onDelete }: { contacts: Contact[]; onDelete: (contact: Contact) => void }) {
  return (
    <ul aria-label="Contact messages" className="space-y-3">
      {contacts.map((contact) => (
        <li key={contact._id} aria-label={contact.name} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{contact.name}</p>
              <p className="truncate text-sm text-slate-600">{contact.email}</p>
              <p className="text-sm text-slate-600">{contact.phone ?? 'N/A'}</p>
            </div>
            <DeleteButton contact={contact} onDelete={onDelete} />
          </div>
          <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{contact.message}</p>
          <p className="mt-2 text-xs text-slate-500">{formatDateTime(contact.createdAt)}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Contact Inquiries (spec section 2, 'Contact messages'; /admin/contact): the count,
 * a search run in the database over name, e-mail, message and phone (kept in the
 * address as `?search=`), a table on wide screens and cards under 768 px, loading the
 * next page as the user scrolls, and delete with the spec's confirmation.
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
  const wide = useMediaQuery(WIDE);
  const [deleting, setDeleting] = useState<Contact | null>(null);

  useEffect(() => {
    setFilter('search', settled);
  }, [settled, setFilter]);

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
      />
      <div className="relative mb-5 max-w-md">
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
      {list.isPending ? (
        <Spinner label="Loading messages..." />
      ) : contacts.length === 0 ? (
        <EmptyState
          title={contactMessages.emptyTitle}
          description={filters.search ? contactMessages.emptySearch : contactMessages.emptyNone}
        />
      ) : (
        <>
          {wide ? (
            <ContactTable contacts={contacts} onDelete={setDeleting} />
          ) : (
            <ContactCards contacts={contacts} onDelete={setDeleting} />
          )}
          <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} />
          <p className="mt-4 text-sm text-slate-500">
            Showing {formatNumber(contacts.length)} of {formatNumber(total)} messages
          </p>
        </>
      )}
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
