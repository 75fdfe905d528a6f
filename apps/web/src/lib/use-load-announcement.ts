import { useEffect, useRef, useState } from 'react';
import { notify } from '../components/ui/notify';

/** The path this document was opened at by the browser's Reload (its navigation entry's URL), or null for any other arrival. */
function reloadedAt(): string | null {
  try {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry?.type === 'reload' ? new URL(entry.name).pathname : null;
  } catch {
    return null;
  }
}

let reloadedPath: string | null | undefined;
/** Whether the reloaded screen has said its load toast already (once per document). */
let reloadAnnounced = false;

/** What the hook reads of a query: its answer now, and how to ask again. */
export interface AnnouncedQuery<T> {
  isSuccess: boolean;
  data: T | undefined;
  refetch: () => Promise<{ isSuccess: boolean; data?: T | undefined }>;
}

/**
 * The spec's load toasts ('Categories loaded successfully!', 'Loaded N vendors
 * successfully!'...), said only after the user asked for a reload (issue 12,
 * decision 0053): the browser's Reload of this very screen, or the screen's Refresh
 * button (`reload`). Arriving from the sidebar or a link says nothing. `message` reads
 * the answer (a count). Returns `reload`, which re-reads and then says the toast, and
 * whether it is under way.
 */
export function useLoadAnnouncement<T>(query: AnnouncedQuery<T>, message: (data: T) => string) {
  const latest = useRef({ query, message });
  latest.current = { query, message };
  const [reloading, setReloading] = useState(false);

  const { isSuccess, data } = query;
  useEffect(() => {
    if (reloadedPath === undefined) reloadedPath = reloadedAt();
    if (!isSuccess || data === undefined || reloadAnnounced) return;
    if (reloadedPath !== null && reloadedPath === window.location.pathname) {
      reloadAnnounced = true;
      notify.success(latest.current.message(data));
    }
  }, [isSuccess, data]);

  const reload = async () => {
    setReloading(true);
    try {
      const answer = await latest.current.query.refetch();
      if (answer.isSuccess && answer.data !== undefined) notify.success(latest.current.message(answer.data));
    } finally {
      setReloading(false);
    }
  };

  return { reload, reloading };
}
