import type { DocumentKind } from '@haat/contract';
import { client, queries } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { useCursorList } from '../../lib/use-cursor-list';

/**
 * GST documents (issue 35; `documentEndpoints`): the list an admin (all) or a vendor
 * (their own) sees, and a document's PDF.
 */

/** Documents fetched per page; the next page loads as the user nears the end. */
export const DOCUMENT_PAGE_SIZE = 50;

/** The Documents screen's filters: a kind (or all) and dates of issue (`YYYY-MM-DD`, inclusive). */
export interface DocumentFilters {
  kind: DocumentKind | '';
  from: string;
  to: string;
}

/** Documents newest first, filtered, a page at a time (`GET /api/documents`). */
export function useDocuments(filters: DocumentFilters) {
  const query = {
    kind: filters.kind || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  return useCursorList({
    queryKey: queries.documents.list.key({ type: 'infinite', input: { query } }),
    limit: DOCUMENT_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.documents.list({ query: { ...query, limit, cursor } }, { signal }),
    items: (page) => page.documents,
  });
}

/** Saves one document's PDF (`GET /api/documents/{id}/pdf`) under its number. */
export async function downloadDocument(id: string, number: string): Promise<void> {
  saveFile(await client.documents.pdf({ params: { id } }), `${number.replace(/\//g, '-')}.pdf`);
}
