import { useEffect, useRef } from 'react';
import { Button } from './button';

export interface LoadMoreProps {
  /** Whether the server has another page. Nothing renders when false. */
  hasMore: boolean;
  /** Whether that page is being fetched now. */
  loading: boolean;
  /** Fetches the next page. */
  onLoadMore: () => void;
  /** How far below the viewport the next page starts loading, as a CSS margin. */
  rootMargin?: string;
}

/**
 * The foot of a paged list that is not a table (card grids): the next page loads
 * by itself when this foot scrolls within `rootMargin` of the viewport, so the
 * list grows as the user scrolls. The 'Load more' button stays for keyboard users
 * and for browsers without IntersectionObserver.
 */
export function LoadMore({ hasMore, loading, onLoadMore, rootMargin = '400px' }: LoadMoreProps) {
  const foot = useRef<HTMLDivElement>(null);
  const latest = useRef({ loading, onLoadMore });
  latest.current = { loading, onLoadMore };

  // Observed afresh after each load: a new observer reports at once whether the foot is
  // still in reach (a short page), where the old one would wait for the next change.
  useEffect(() => {
    const element = foot.current;
    if (!hasMore || loading || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !latest.current.loading) latest.current.onLoadMore();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, rootMargin]);

  if (!hasMore) return null;
  return (
    <div ref={foot} className="mt-6 flex justify-center">
      <Button variant="secondary" disabled={loading} onClick={onLoadMore}>
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
