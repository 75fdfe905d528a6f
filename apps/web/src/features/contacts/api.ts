import type { ContactListResponse, MessageResponse } from '@haat/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { createQueryKeys } from '../../lib/query-keys';
import { useCursorList } from '../../lib/use-cursor-list';

/** The calls of the contact inbox (spec section 7). */
const endpoints = {
  list: '/api/contacts',
  detail: (id: string) => `/api/contacts/${id}`,
} as const;

/** Messages per page. */
export const CONTACT_PAGE_SIZE = 50;

/** Filters of the contact inbox: the search over name, e-mail, message and phone ('' for none). */
export interface ContactFilters {
  search: string;
}

/** The inbox as it first opens: no search. */
export const defaultContactFilters: ContactFilters = { search: '' };

/** Query keys of contact messages, one list per filters. */
export const contactKeys = createQueryKeys<'contacts', ContactFilters>('contacts');

/**
 * Messages newest first, page by page (`useCursorList`); the search (name, e-mail,
 * message, phone) runs in the database and `total` counts its matches.
 */
export function useContactList(filters: ContactFilters) {
  return useCursorList({
    queryKey: contactKeys.list(filters),
    limit: CONTACT_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      apiRequest<ContactListResponse>(endpoints.list, {
        query: { limit, cursor, search: filters.search.trim() || undefined },
        signal,
      }),
    items: (page) => page.contacts,
  });
}

/** `DELETE /api/contacts/:id`. */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<MessageResponse>(endpoints.detail(id), { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
  });
}
