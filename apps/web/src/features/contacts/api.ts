import type { ContactListResponse, MessageResponse } from '@haat/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The calls of the contact inbox (spec section 7). */
const endpoints = {
  list: '/api/contacts',
  detail: (id: string) => `/api/contacts/${id}`,
} as const;

/** Messages per page. */
export const CONTACT_PAGE_SIZE = 50;

/** Query keys of contact messages, one list per search. */
export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (search: string) => [...contactKeys.lists(), { search }] as const,
};

/** Messages newest first, page by page; the search (name, e-mail, message, phone) runs in the database. */
export function useContactList(search: string) {
  return useInfiniteQuery({
    queryKey: contactKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ContactListResponse>(endpoints.list, {
        query: { limit: CONTACT_PAGE_SIZE, cursor: pageParam, search: search.trim() || undefined },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ContactListResponse) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
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
