import { IMPORT_MAX_BYTES, type ImportMapping, type ImportPreviewResponse, importMessages } from '@haat/contract';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePreviewImport, useStartImport } from '../api';
import { ImportErrorList, ImportMappingForm, ImportPreviewTable, importCountsText } from '../components/import-preview';

/** A file's text (UTF-8), read with a FileReader, which every browser has. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file, 'utf-8');
  });
}

const PREVIEW_FAILED = 'The file could not be previewed. Please try again.';
const START_FAILED = 'The import could not be started. Please try again.';

/**
 * Import products (issue 26 'Imports'; `/admin/products/import`, admins and vendors):
 * choose a CSV file; the server guesses which column holds each field (editable here),
 * and the preview shows the first rows as they will be saved and every bad row with its
 * line and the field's message before anything is written. "Import" starts the job and
 * opens its page, which follows it and offers the report of every row.
 */
export function ImportProductsPage() {
  useDocumentTitle('Import products');
  const session = useSession();
  const navigate = useNavigate();
  const fileId = useId();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [answer, setAnswer] = useState<ImportPreviewResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreviewImport();
  const start = useStartImport();

  const ask = (csv: string, mapping?: ImportMapping) => {
    setProblem(null);
    preview.mutate(
      { csv, mapping },
      {
        onSuccess: (result) => setAnswer(result),
        onError: (error) => setProblem(errorMessage(error, PREVIEW_FAILED)),
      },
    );
  };

  const choose = async (chosen: File | undefined) => {
    setProblem(null);
    setAnswer(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) {
      setProblem(importMessages.fileTooLarge);
      return;
    }
    let csv: string;
    try {
      csv = await readText(chosen);
    } catch {
      setProblem(importMessages.unreadable);
      return;
    }
    setFile({ name: chosen.name, csv });
    ask(csv);
  };

  const begin = () => {
    if (!file || !answer) return;
    start.mutate(
      { csv: file.csv, mapping: answer.mapping },
      {
        onSuccess: (result) => {
          notify.success(result.message);
          void navigate(paths.products.importJob(result.job._id));
        },
        onError: (error) => notify.longError(errorMessage(error, START_FAILED)),
      },
    );
  };

  const toWrite = answer ? answer.counts.create + answer.counts.update : 0;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Import products"
        subtitle={
          session?.user.role === 'vendor'
            ? 'Create or update your products from a CSV file, matched by SKU. New and changed products go to the approval queue.'
            : 'Create or update products from a CSV file, matched by SKU. Categories the store lacks are created.'
        }
      />
      <section className="max-w-xl rounded-xl border border-slate-200 bg-white p-5">
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
          CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${fileId}-hint`}
          onChange={(event) => void choose(event.target.files?.[0])}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-pink-50 file:px-4 file:font-medium file:text-pink-800 hover:file:bg-pink-100"
        />
        <p id={`${fileId}-hint`} className="mt-1 text-xs text-slate-500">
          UTF-8, with a header row. Up to {IMPORT_MAX_BYTES / 1024 / 1024} MB. Images as URLs separated by spaces,
          commas or |; a category as "Category &gt; Subcategory".
        </p>
        {problem && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {problem}
          </p>
        )}
      </section>

      {preview.isPending && <Spinner label="Reading the file..." />}

      {file && answer && (
        <>
          <section className="rounded-xl border border-slate-200 bg-white p-5">
            <ImportMappingForm
              columns={answer.columns}
              mapping={answer.mapping}
              disabled={preview.isPending || start.isPending}
              onChange={(mapping) => ask(file.csv, mapping)}
            />
          </section>

          <section aria-labelledby="import-preview" className="space-y-3">
            <h2 id="import-preview" className="text-lg font-semibold text-slate-900">
              Preview
            </h2>
            <p role="status" className="text-sm text-slate-700">
              {file.name}: {importCountsText(answer.counts)}.
            </p>
            <ImportPreviewTable rows={answer.preview} />
          </section>

          <ImportErrorList errors={answer.errors} refused={answer.counts.refused} />

          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={begin} disabled={toWrite === 0 || preview.isPending || start.isPending}>
              <Upload className="h-4 w-4" aria-hidden />
              {start.isPending ? 'Starting...' : `Import ${formatNumber(toWrite)} ${toWrite === 1 ? 'row' : 'rows'}`}
            </Button>
            {toWrite === 0 && <p className="text-sm text-slate-600">Nothing in this file would change the catalog.</p>}
          </div>
        </>
      )}
    </div>
  );
}
