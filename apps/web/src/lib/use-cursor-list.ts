import { keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';

/** What every keyset page of the API carries besides its rows (contract `pageFields`). */
export interface CursorPage {
  /** How many records match the filters, over all pages (sent whenever `limit` is). */
  total?: number;
  /** Pass back as `cursor` for the next page; null or absent on the last page. */
  nextCursor?: string | null;
}

export interface UseCursorListOptions<Page extends CursorPage, Item> {
  /** The list's key, from the feature's key factory: `keys.list(filters)`. */
  queryKey: QueryKey;
  /** Rows asked for per page (`limit`). */
  limit: number;
  /** Fetches one page: `cursor` is undefined for the first, then the last page's `nextCursor`. */
  fetchPage: (request: { limit: number; cursor: string | undefined; signal: AbortSignal }) => Promise<Page>;
  /** The rows of one page (`page.products`, ...). */
  items: (page: NoInfer<Page>) => Item[];
  enabled?: boolean;
}

/**
 * A list read from one of the API's keyset pages `{ ..., total, nextCursor }`, page by
 * page, as an infinite query. The rows loaded so far come flattened in `items`; `total`
 * is the server's count for the filters; `loadMore` asks for the next page unless one is
 * on its way (hand it to `LoadMore` or the data table, which call it as the user
 * scrolls). The previous filters' rows stay on screen while a changed filter's first
 * page loads. Keep the filters in the address with `useListFilters`.
 */
export function useCursorList<Page extends CursorPage, Item>({
  queryKey,
  limit,
  fetchPage,
  items,
  enabled = true,
}: UseCursorListOptions<Page, Item>) {
  const latest = useRef({ fetchPage, items });
  latest.current = { fetchPage, items };

  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => latest.current.fetchPage({ limit, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
  });

  const rows = useMemo(() => query.data?.pages.flatMap((page) => latest.current.items(page)) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? rows.length;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return { query, items: rows, total, hasMore: Boolean(hasNextPage), loadingMore: isFetchingNextPage, loadMore };
}
