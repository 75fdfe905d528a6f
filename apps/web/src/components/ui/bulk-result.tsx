import type { BulkResponse } from '@haat/contract';
import { formatNumber } from '../../lib/format';
import { Button } from './button';
import { notify } from './notify';

/** A bulk action's answer as the screen shows it: the summary and each refused record by name. */
export interface BulkResultView {
  message: string;
  refused: { name: string; message: string }[];
}

/** How many refused records the result lists by name before saying how many more. */
const LISTED_REFUSALS = 20;

/**
 * The last bulk action's result ("287 approved, 3 skipped") with each skipped record
 * and why, until dismissed: the toast goes, this stays to be read.
 */
export function BulkResult({ result, onDismiss }: { result: BulkResultView; onDismiss: () => void }) {
  const listed = result.refused.slice(0, LISTED_REFUSALS);
  const unlisted = result.refused.length - listed.length;
  return (
    <section
      aria-label="Bulk action result"
      className="mb-3 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-700"
    >
      <div className="flex items-start justify-between gap-3">
        <p role="status" className="font-medium text-slate-900">
          {result.message}
        </p>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      {listed.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {listed.map((refusal, index) => (
            // A product may be refused once only; the index keeps two of one name apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
            <li key={index}>
              <span className="font-medium text-slate-900">{refusal.name}</span>: {refusal.message}
            </li>
          ))}
          {unlisted > 0 && <li>and {formatNumber(unlisted)} more</li>}
        </ul>
      )}
    </section>
  );
}

/**
 * A bulk action's answer as the screen shows it, said at once in a toast (success when
 * nothing was skipped): each refused record named by `nameOf` (the selection's names), or
 * by `fallback` and its id when the selection did not hold it (all matching).
 */
export function bulkResultOf(
  answer: BulkResponse,
  nameOf: (id: string) => string | undefined,
  fallback: string,
): BulkResultView {
  if (answer.refused.length === 0) notify.success(answer.message);
  else notify.longError(answer.message);
  return {
    message: answer.message,
    refused: answer.refused.map((refusal) => ({
      name: nameOf(refusal._id) ?? `${fallback} ${refusal._id}`,
      message: refusal.message,
    })),
  };
}
