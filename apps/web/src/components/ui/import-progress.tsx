import { formatNumber } from '../../lib/format';

/**
 * How far a running import job got (issue 26 'Imports'): "Importing... 1,200 of 2,500
 * rows." as a status, and a progress bar once the job knows its total. The product
 * import's job screen and the courier manifest's import show it alike.
 */
export function ImportProgress({ progress, total }: { progress: number; total: number | null }) {
  return (
    <>
      <p role="status">
        Importing... {formatNumber(progress)}
        {total !== null ? ` of ${formatNumber(total)}` : ''} rows.
      </p>
      {total !== null && total > 0 && (
        <progress className="h-2 w-full accent-pink-600" value={progress} max={total} aria-label="Import progress" />
      )}
    </>
  );
}
