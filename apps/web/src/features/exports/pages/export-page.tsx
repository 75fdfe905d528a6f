import { type Job, jobKinds, jobMessages } from '@haat/contract';
import { Download } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { BULK_JOB_FAILED } from '../../../components/ui/bulk-job-status';
import { Button } from '../../../components/ui/button';
import { downloadJobFile } from '../../../components/ui/export-button';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useJob } from '../../../lib/use-job';

/**
 * An export prepared as a job (issue 26; decision 0110; `/admin/exports/:id`, where the
 * bell's "Export ready" leads): how far it got, and its file to download while it is
 * kept (a day). A bulk action run as a job (decision 0112; `/admin/jobs/:id`, where the
 * bell's "Bulk action finished" leads) shows the same way: how far it got, how many were
 * done and skipped, and the list of the skipped ones with why. A product import's job
 * opened here goes to its own page (`/admin/products/import/:id`), so it is never titled
 * "Export" (issue 33). Only its owner sees it.
 */
export function ExportPage() {
  const { id = '' } = useParams();
  const query = useJob(id);
  const kind = query.data?.job.kind;
  useDocumentTitle(kind === jobKinds.productBulk ? 'Bulk action' : kind === jobKinds.export ? 'Export' : 'Job');

  if (query.isPending) return <Spinner label="Loading..." />;
  if (query.isError || !query.data) {
    return (
      <div className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Not found</h1>
        <p className="mt-2 text-slate-600">{errorMessage(query.error, jobMessages.notFound)}</p>
      </div>
    );
  }
  const job = query.data.job;
  if (job.kind === jobKinds.productImport) return <Navigate to={paths.products.importJob(id)} replace />;
  if (job.kind === jobKinds.productBulk) return <BulkJobView job={job} />;
  const download = () => downloadJobFile(job, 'export.csv');
  return (
    <div>
      <PageHeader title="Export" subtitle={`Asked for ${formatDateTime(job.createdAt)}`} />
      <section className="max-w-xl space-y-3 rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700">
        {job.state === 'queued' || job.state === 'running' ? (
          <p role="status">Preparing... {formatNumber(job.progress)} rows written so far.</p>
        ) : job.state === 'failed' ? (
          <p role="alert" className="text-red-700">
            {jobMessages.failed}
          </p>
        ) : job.downloadUrl ? (
          <>
            <p role="status">
              {job.fileName}: {formatNumber(job.progress)} rows, ready. Kept until {formatDateTime(job.expiresAt)}.
            </p>
            <Button onClick={() => void download()}>
              <Download className="h-4 w-4" aria-hidden />
              Download
            </Button>
          </>
        ) : (
          <p role="status">{jobMessages.fileGone}</p>
        )}
      </section>
    </div>
  );
}

/** A bulk action's job: its progress, then how many were done and skipped, and the skipped ones' file. */
function BulkJobView({ job }: { job: Job }) {
  const refused = job.summary?.refused ?? 0;
  const download = () => downloadJobFile(job, 'skipped.csv');
  return (
    <div>
      <PageHeader title="Bulk action" subtitle={`Started ${formatDateTime(job.createdAt)}`} />
      <section className="max-w-xl space-y-3 rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700">
        {job.state === 'queued' || job.state === 'running' ? (
          <p role="status">
            Working... {formatNumber(job.progress)}
            {job.total !== null ? ` of ${formatNumber(job.total)}` : ''} done so far.
          </p>
        ) : job.state === 'failed' ? (
          <p role="alert" className="text-red-700">
            {BULK_JOB_FAILED}
          </p>
        ) : (
          <>
            <p role="status" className="text-base text-slate-900">
              {formatNumber(job.summary?.done ?? 0)} done, {formatNumber(refused)} skipped.
            </p>
            {refused > 0 && job.downloadUrl && (
              <Button onClick={() => void download()}>
                <Download className="h-4 w-4" aria-hidden />
                Download the skipped
              </Button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
