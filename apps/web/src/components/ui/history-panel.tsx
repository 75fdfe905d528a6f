import { type ActivityKind, activityActionLabels, activityMessages } from '@haat/contract';
import { formatInZone, useRecordHistory } from '../../lib/activity';
import { ActivityChanges } from './activity-changes';
import { LoadMore } from './load-more';
import { Spinner } from './spinner';

/**
 * A record's 'History' (issue 10, 'Activity log'): who changed it, when (the store's
 * time) and which fields, newest first, loading more as the user scrolls. Shown on the
 * product, order and vendor screens. A vendor sees their own product's history, with
 * admins' entries and their own only (the API decides).
 */
export function HistoryPanel({ kind, id }: { kind: ActivityKind; id: string }) {
  const { query, items, hasMore, loadingMore, loadMore, timeZone } = useRecordHistory(kind, id);
  const headingId = `history-${kind}-${id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="mb-3 text-base font-semibold text-slate-900">
        {activityMessages.historyTitle}
      </h2>
      {query.isPending ? (
        <Spinner label="Loading history..." />
      ) : query.isError ? (
        <p className="text-sm text-red-600">{activityMessages.historyLoadFailed}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">{activityMessages.historyEmpty}</p>
      ) : (
        <>
          <ol className="space-y-3">
            {items.map((entry) => (
              <li key={entry._id} className="border-l-2 border-pink-200 pl-3">
                <p className="text-sm text-slate-800">
                  <span className="font-medium">{activityActionLabels[entry.action]}</span> by {entry.actor.name}
                </p>
                <p className="text-xs text-slate-500">
                  <time dateTime={entry.createdAt}>{formatInZone(entry.createdAt, timeZone)}</time>
                </p>
                <ActivityChanges changes={entry.changes} />
              </li>
            ))}
          </ol>
          <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} />
        </>
      )}
    </section>
  );
}
