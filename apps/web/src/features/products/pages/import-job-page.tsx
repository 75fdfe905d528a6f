import { importMessages, jobMessages } from '@haat/contract';
import { Download } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { downloadJobFile } from '../../../components/ui/export-button';
import { ImportProgress } from '../../../components/ui/import-progress';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useJob } from '../../../lib/use-job';

/**
 * A product import's job (issue 26 'Imports'; `/admin/products/import/:id`, where the
 * Import products screen and the bell's "Import done" lead): how far it got, what it did
 * (created, updated, unchanged, refused), and the report of every row with each refusal's
 * reason, kept a day. Only its owner sees it.
 */
export function ImportJobPage() {
  useDocumentTitle('Product import');
  const { id = '' } = useParams();
  const query = useJob(id);

  if (query.isPending) return <Spinner label="Loading import..." />;
  if (query.isError || !query.data) {
    return (
      <div className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Import not found</h1>
        <p className="mt-2 text-slate-600">{errorMessage(query.error, jobMessages.notFound)}</p>
      </div>
    );
  }
  const job = query.data.job;
  const summary = job.summary ?? {};
  const count = (key: string) => formatNumber(summary[key] ?? 0);
  const download = () => downloadJobFile(job, 'product-import.csv');
  const running = job.state === 'queued' || job.state === 'running';
  return (
    <div>
      <PageHeader title="Product import" subtitle={`Started ${formatDateTime(job.createdAt)}`} />
      <section className="max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700">
        {running ? (
          <ImportProgress progress={job.progress} total={job.total} />
        ) : job.state === 'failed' ? (
          <p role="alert" className="text-red-700">
            {importMessages.failed}
          </p>
        ) : (
          <>
            <p role="status" className="text-base text-slate-900">
              Done: {count('created')} created, {count('updated')} updated, {count('unchanged')} unchanged,{' '}
              {count('refused')} refused, of {count('rows')} rows.
            </p>
            {job.downloadUrl ? (
              <div className="space-y-2">
                <p>
                  The report lists every row with what was done and why a row was refused. Kept until{' '}
                  {formatDateTime(job.expiresAt)}.
                </p>
                <Button onClick={() => void download()}>
                  <Download className="h-4 w-4" aria-hidden />
                  Download report
                </Button>
              </div>
            ) : (
              <p>{jobMessages.fileGone}</p>
            )}
          </>
        )}
        <div className="flex flex-wrap gap-3 border-t border-slate-100 pt-4">
          <ButtonLink to={paths.products.list} variant="secondary">
            Go to products
          </ButtonLink>
          {!running && (
            <ButtonLink to={paths.products.import} variant="secondary">
              Import another file
            </ButtonLink>
          )}
        </div>
      </section>
    </div>
  );
}
