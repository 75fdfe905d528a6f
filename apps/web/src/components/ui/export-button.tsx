import { type Job, jobMessages } from '@haat/contract';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { client, errorMessage } from '../../lib/api-client';
import { type ExportRequest, saveFile } from '../../lib/download';
import { formatNumber } from '../../lib/format';
import { Button } from './button';
import { notify } from './notify';

/** The toast when an export cannot be downloaded and the server gave no reason. */
export const EXPORT_FAILED = 'Could not export the list. Please try again.';

/** Fetches a finished job's file (`GET /api/jobs/{id}/file`) and saves it. */
async function saveJobFile(job: Job, fallbackName: string): Promise<void> {
  saveFile(await client.jobs.file({ params: { id: job._id } }), job.fileName ?? fallbackName);
}

/**
 * Downloads the file of a finished job (an export, an import's report, a bulk action's
 * skipped records), a toast saying why when it cannot; nothing before the file is ready.
 */
export async function downloadJobFile(job: Job, fallbackName: string): Promise<void> {
  if (!job.downloadUrl) return;
  await saveJobFile(job, fallbackName).catch((error: unknown) => notify.longError(errorMessage(error, EXPORT_FAILED)));
}

/** How often a large export's progress is asked for, ms. */
const FOLLOW_MS = 1500;

/**
 * "Export CSV" on a list screen (issue 26 'Exports'): downloads what `request` answers
 * (the list's `/export` endpoint called with the list's own filters), so the file holds
 * exactly what the filters select, all of it, not the loaded rows. While the file
 * comes it says so and cannot be pressed twice; a refusal shows the server's reason.
 * A large export is prepared as a job (decision 0110): the button follows its progress
 * ('Preparing... 35,000 rows') and downloads the file when it is ready; a user who
 * leaves the screen hears from the bell instead.
 */
export function ExportButton({
  request,
  fallbackName,
  disabled = false,
}: {
  request: ExportRequest;
  fallbackName: string;
  /** The filters cannot be exported as they stand (a reversed date range). */
  disabled?: boolean;
}) {
  const [exporting, setExporting] = useState(false);
  const [job, setJob] = useState<Job | null>(null);

  useEffect(() => {
    if (!job || job.state === 'done' || job.state === 'failed') return;
    const timer = setTimeout(() => {
      client.jobs
        .get({ params: { id: job._id } })
        .then((answer) => setJob(answer.job))
        .catch(() => setJob({ ...job }));
    }, FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [job]);

  useEffect(() => {
    if (job?.state === 'done' && job.downloadUrl) {
      saveJobFile(job, fallbackName)
        .then(() => notify.success(jobMessages.ready))
        .catch((error: unknown) => notify.longError(errorMessage(error, EXPORT_FAILED)))
        .finally(() => setJob(null));
    } else if (job?.state === 'failed') {
      notify.longError(jobMessages.failed);
      setJob(null);
    }
  }, [job, fallbackName]);

  const download = () => {
    setExporting(true);
    request()
      .then((answer) => {
        if (answer instanceof Blob) return saveFile(answer, fallbackName);
        notify.info(answer.message);
        setJob(answer.job);
      })
      .catch((error: unknown) => notify.longError(errorMessage(error, EXPORT_FAILED)))
      .finally(() => setExporting(false));
  };
  const preparing = job !== null;
  return (
    <Button
      variant="secondary"
      onClick={download}
      disabled={exporting || preparing || disabled}
      aria-busy={exporting || preparing}
    >
      <Download className="h-4 w-4" aria-hidden />
      {preparing ? `Preparing... ${formatNumber(job.progress)} rows` : exporting ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
