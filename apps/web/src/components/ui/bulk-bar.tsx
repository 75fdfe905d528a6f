import { BULK_LIMIT } from '@haat/contract';
import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/format';
import { Button } from './button';

/** A record's name in counts: one 'product', many 'products'. */
export interface Noun {
  one: string;
  many: string;
}

/** '3 products', '1 order'. */
export const countOf = (count: number, noun: Noun) => `${formatNumber(count)} ${count === 1 ? noun.one : noun.many}`;

/**
 * The bar over a list while records are selected (issue 26 'Bulk actions'): how many are
 * selected, "Select all N matching these filters" when more match than are loaded (and
 * the list can act on a filter), the actions (`children`, each asking first), and Clear
 * selection.
 */
export function BulkBar({
  noun,
  count,
  matching,
  allMatching = false,
  busy,
  onSelectAllMatching,
  selectAllLimit = BULK_LIMIT,
  onClear,
  children,
}: {
  noun: Noun;
  /** Records selected (all matching ones when `allMatching`). */
  count: number;
  /** Records matching the filters, or 'unknown' past the server's count bound. */
  matching: number | 'unknown';
  allMatching?: boolean;
  busy: boolean;
  /** Offered when the list can act on its filter. */
  onSelectAllMatching?: () => void;
  /**
   * The most records "Select all matching" offers to act on: `BULK_LIMIT` for an action
   * answered at once, no limit where a large one runs as a job (products, decision 0112),
   * though never past a count the server stopped at.
   */
  selectAllLimit?: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const more = matching === 'unknown' || matching > count;
  const canSelectAll =
    onSelectAllMatching && !allMatching && typeof matching === 'number' && more && matching <= selectAllLimit;
  return (
    <section
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-brand-700/30 bg-blue-50 p-3 text-sm"
    >
      <p className="font-medium text-slate-900" aria-live="polite">
        {allMatching
          ? `All ${countOf(count, noun)} matching these filters selected`
          : `${countOf(count, noun)} selected`}
      </p>
      {canSelectAll && (
        <Button variant="ghost" size="sm" onClick={onSelectAllMatching}>
          Select all {countOf(matching, noun)} matching these filters
        </Button>
      )}
      {onSelectAllMatching && !allMatching && more && !canSelectAll && (
        <p className="text-xs text-slate-600">
          {Number.isFinite(selectAllLimit)
            ? `Up to ${formatNumber(selectAllLimit)} at a time: narrow the filters to act on all of them.`
            : 'Too many to count: narrow the filters to act on all of them.'}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        {children}
        <Button size="sm" variant="ghost" disabled={busy} onClick={onClear}>
          Clear selection
        </Button>
      </div>
    </section>
  );
}
