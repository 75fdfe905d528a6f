import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useJob } from '../../lib/use-job';
import { Button } from './button';

/** What a bulk action run as a job says when it stopped before the end. */
export const BULK_JOB_FAILED =
  'The bulk action stopped before the end. Records already done stay done; please try the rest again.';

/**
 * A bulk action too large to answer at once, run as a background job (issue 26; decision
 * 0112), above the list it came from: how far it got ("3,400 of 10,000"), then its result
 * ("9,990 approved, 10 skipped") with a link to the job's page, which offers the skipped
 * records and why. `onFinished` runs once when it ends, so the list is read again.
 */
export function BulkJobStatus({
  jobId,
  doneWord,
  onFinished,
  onDismiss,
}: {
  jobId: string;
  /** The action's past tense ('approved'). */
  doneWord: string;
  onFinished: () => void;
  onDismiss: () => void;
}) {
  const query = useJob(jobId, { retry: 2 });
  const job = query.data?.job;
  const finished = job?.state === 'done' || job?.state === 'failed';
  const told = useRef(false);
  useEffect(() => {
    if (finished && !told.current) {
      told.current = true;
      onFinished();
    }
  }, [finished, onFinished]);

  const refused = job?.summary?.refused ?? 0;
  const text = !job
    ? 'Starting in the background...'
    : job.state === 'failed'
      ? BULK_JOB_FAILED
      : job.state === 'done'
        ? `${formatNumber(job.summary?.done ?? 0)} ${doneWord}${refused > 0 ? `, ${formatNumber(refused)} skipped` : ''}`
        : `Working in the background... ${formatNumber(job.progress)}${job.total !== null ? ` of ${formatNumber(job.total)}` : ''} done so far.`;
  return (
    <section
      aria-label="Bulk action result"
      className="mb-3 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-700"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p role="status" className="font-medium text-slate-900">
          {text}
        </p>
        <div className="flex items-center gap-2">
          {finished && refused > 0 && (
            <Link to={paths.job(jobId)} className="rounded px-2 py-1 font-medium text-pink-700 hover:bg-pink-50">
              See the skipped
            </Link>
          )}
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      </div>
      {job && !finished && job.total !== null && job.total > 0 && (
        <progress
          className="mt-2 h-2 w-full accent-pink-600"
          value={job.progress}
          max={job.total}
          aria-label="Bulk action progress"
        />
      )}
    </section>
  );
}
