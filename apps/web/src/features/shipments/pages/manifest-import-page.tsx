import {
  importMessages,
  jobMessages,
  jobStartedResponse,
  MANIFEST_MAX_BYTES,
  type ManifestImportResponse,
} from '@haat/contract';
import { Download, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { downloadJobFile } from '../../../components/ui/export-button';
import { ImportProgress } from '../../../components/ui/import-progress';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useJob } from '../../../lib/use-job';
import { useImportManifest } from '../api';

/** A file's text (UTF-8), read with a FileReader, which every browser has. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file, 'utf-8');
  });
}

export const IMPORT_FAILED = 'The manifest could not be imported. Please try again.';

/**
 * Import a courier's manifest (issue 34; `/admin/shipments/import`, vendors): a CSV of
 * the order's tracking number or the shipment id, the carrier and the AWB; each row marks
 * that shipment shipped. Up to 1,000 rows the answer comes at once: how many were shipped
 * and every bad row by line, as the product import shows them. A larger file runs as a
 * job: its progress, then its counts and the report of every row.
 */
export function ManifestImportPage() {
  useDocumentTitle('Import manifest');
  const fileId = useId();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<ManifestImportResponse | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const upload = useImportManifest();

  const choose = async (chosen: File | undefined) => {
    setProblem(null);
    setReport(null);
    setJobId(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > MANIFEST_MAX_BYTES)
      return setProblem(`The file is too large: at most ${MANIFEST_MAX_BYTES / 1024 / 1024} MB`);
    try {
      setFile({ name: chosen.name, csv: await readText(chosen) });
    } catch {
      setProblem(importMessages.unreadable);
    }
  };

  const send = () => {
    if (!file) return;
    setProblem(null);
    upload.mutate(
      { csv: file.csv },
      {
        onSuccess: (answer) => {
          // Past 1,000 rows the server answers 202 with the job (the contract's `answers`).
          const started = jobStartedResponse.safeParse(answer);
          if (started.success) {
            notify.success(started.data.message);
            setJobId(started.data.job._id);
          } else {
            if (answer.counts.refused === 0) notify.success(answer.message);
            else notify.longError(answer.message);
            setReport(answer);
          }
        },
        onError: (error) => setProblem(errorMessage(error, IMPORT_FAILED)),
      },
    );
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Import manifest"
        subtitle="Mark shipments shipped from your courier's manifest: a CSV with the order's tracking number (or the shipment id), the carrier and the AWB."
        actions={
          <ButtonLink to={paths.shipments.list} variant="secondary">
            Back to shipments
          </ButtonLink>
        }
      />
      <section className="max-w-xl space-y-3 rounded-xl border border-slate-200 bg-white p-5">
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
          Manifest CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${fileId}-hint`}
          onChange={(event) => void choose(event.target.files?.[0])}
          className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-pink-50 file:px-4 file:font-medium file:text-pink-800 hover:file:bg-pink-100"
        />
        <p id={`${fileId}-hint`} className="text-xs text-slate-500">
          UTF-8, with a header row: tracking number (or shipment id), carrier, AWB. Up to{' '}
          {MANIFEST_MAX_BYTES / 1024 / 1024} MB; past 1,000 rows it is imported in the background.
        </p>
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <Button onClick={send} disabled={!file || upload.isPending || jobId !== null}>
          <Upload className="h-4 w-4" aria-hidden />
          {upload.isPending ? 'Importing...' : 'Import'}
        </Button>
      </section>

      {report && <ManifestReport report={report} />}
      {jobId && <ManifestJob jobId={jobId} />}
    </div>
  );
}

/** The answer of a manifest done at once: counts, and every bad row by line. */
function ManifestReport({ report }: { report: ManifestImportResponse }) {
  const { rows, shipped, refused } = report.counts;
  return (
    <>
      <p role="status" className="text-sm text-slate-800">
        {formatNumber(shipped)} shipped, {formatNumber(refused)} refused, of {formatNumber(rows)}{' '}
        {rows === 1 ? 'row' : 'rows'}.
      </p>
      {report.errors.length > 0 && (
        <section aria-labelledby="manifest-errors" className="rounded-xl border border-red-200 bg-red-50 p-4">
          <h2 id="manifest-errors" className="text-base font-semibold text-red-900">
            Rows refused ({formatNumber(refused)})
          </h2>
          <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto text-sm text-red-900">
            {report.errors.map((error, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a line may have several errors, in a fixed order.
              <li key={index}>
                <span className="font-medium">Line {error.line}</span>
                {error.field ? ` · ${error.field}` : ''}: {error.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** A manifest past 1,000 rows, imported as a job: its progress, then its counts and report. */
function ManifestJob({ jobId }: { jobId: string }) {
  const query = useJob(jobId, { retry: 2 });
  const job = query.data?.job;
  if (!job)
    return (
      <p role="status" className="text-sm text-slate-700">
        Starting in the background...
      </p>
    );
  const running = job.state === 'queued' || job.state === 'running';
  const count = (key: string) => formatNumber(job.summary?.[key] ?? 0);
  return (
    <section
      aria-label="Manifest import"
      className="max-w-xl space-y-3 rounded-xl border border-slate-200 bg-white p-5 text-sm"
    >
      {running ? (
        <ImportProgress progress={job.progress} total={job.total} />
      ) : job.state === 'failed' ? (
        <p role="alert" className="text-red-700">
          {importMessages.failed}
        </p>
      ) : (
        <>
          <p role="status" className="text-base text-slate-900">
            Done: {count('shipped')} shipped, {count('refused')} refused, of {count('rows')} rows.
          </p>
          {job.downloadUrl ? (
            <Button onClick={() => void downloadJobFile(job, 'manifest-import.csv')}>
              <Download className="h-4 w-4" aria-hidden />
              Download report
            </Button>
          ) : (
            <p>{jobMessages.fileGone}</p>
          )}
        </>
      )}
    </section>
  );
}
