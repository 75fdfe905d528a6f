import { keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';

/** What every keyset page of the API carries besides its rows (contract `pageFields`). */
export interface CursorPage {
  /** How many records match the filters, over all pages (sent whenever `limit` is). */
  total?: number;
  /** 'gte' when `total` is a lower bound: the products and orders lists stop counting at 10,000 (decision 0027). */
  totalRelation?: 'eq' | 'gte';
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
 * is the server's count for the filters, and `totalIsLowerBound` says the server stopped
 * counting ('10,000+': show it with `formatListTotal`) while more rows are to load; `loadMore` asks for the next page unless one is
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
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const first = query.data?.pages[0];
  // Past a bounded total the rows loaded are the better lower bound; on the last page they are the total.
  const bounded = first?.totalRelation === 'gte';
  const total = bounded ? Math.max(first?.total ?? 0, rows.length) : (first?.total ?? rows.length);
  const totalIsLowerBound = bounded && Boolean(hasNextPage);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    query,
    items: rows,
    total: bounded && !hasNextPage ? rows.length : total,
    totalIsLowerBound,
    hasMore: Boolean(hasNextPage),
    loadingMore: isFetchingNextPage,
    loadMore,
  };
}
