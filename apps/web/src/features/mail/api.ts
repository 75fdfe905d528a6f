import type { OutboxListQuery } from '@haat/contract';
import { useQuery } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import { useCursorList } from '../../lib/use-cursor-list';

/** Mails per page of the outbox. */
export const OUTBOX_PAGE_SIZE = 50;

/** The outbox newest first, page by page; `search` matches the recipient's address (issue 36). */
export function useOutboxList(search: string) {
  const query: OutboxListQuery = { search: search.trim() || undefined };
  return useCursorList({
    queryKey: queries.mail.outbox.key({ type: 'infinite', input: { query } }),
    limit: OUTBOX_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.mail.outbox({ query: { ...query, limit, cursor } }, { signal }),
    items: (page) => page.mails,
  });
}

/** One mail with its HTML and text (`GET /api/mail/admin/outbox/{id}`). */
export function useOutboxMail(id: string | null) {
  return useQuery({
    ...queries.mail.outboxMail.queryOptions({ input: { params: { id: id ?? '' } } }),
    enabled: id !== null,
  });
}
