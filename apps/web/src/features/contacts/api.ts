import type { ContactBulkBody, ContactListQuery } from '@haat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import type { ExportRequest } from '../../lib/download';
import { useCursorList } from '../../lib/use-cursor-list';

/** Messages per page. */
export const CONTACT_PAGE_SIZE = 50;

/**
 * Filters of the contact inbox: the search over name, e-mail, message and phone ('' for
 * none), and `waiting` for the messages not handled yet (issue 27).
 */
export interface ContactFilters {
  search: string;
  show: 'all' | 'waiting';
}

/** The inbox as it first opens: no search, every message. */
export const defaultContactFilters: ContactFilters = { search: '', show: 'all' };

/** The list's query for `filters` (an empty search is left out). */
const listQuery = (filters: ContactFilters): ContactListQuery => ({
  search: filters.search.trim() || undefined,
  handled: filters.show === 'waiting' ? 'false' : undefined,
});

/** The inbox's CSV for `filters` (issue 26): every message they select. */
export const contactExport =
  (filters: ContactFilters): ExportRequest =>
  () =>
    client.contacts.export({ query: listQuery(filters) });

/**
 * Messages newest first, page by page (`useCursorList` over `GET /api/contacts`); the
 * search (name, e-mail, message, phone) runs in the database and `total` counts its matches.
 */
export function useContactList(filters: ContactFilters) {
  const query = listQuery(filters);
  return useCursorList({
    queryKey: queries.contacts.list.key({ type: 'infinite', input: { query } }),
    limit: CONTACT_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.contacts.list({ query: { ...query, limit, cursor } }, { signal }),
    items: (page) => page.contacts,
  });
}

/** `PUT /api/contacts/{id}/handled`: handled or not (issue 27). */
export function useSetHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      client.contacts.setHandled({ params: { id }, body: { handled } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.contacts.list.key() }),
  });
}

/** `DELETE /api/contacts/{id}`. */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.contacts.remove({ params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.contacts.list.key() }),
  });
}

/** `POST /api/contacts/bulk` (issue 26): mark the selected messages handled or not, or delete them. */
export function useBulkContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactBulkBody) => client.contacts.bulk({ body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queries.contacts.key() }),
  });
}
