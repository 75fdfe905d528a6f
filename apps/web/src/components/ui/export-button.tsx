import { Download } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { Button } from './button';
import { notify } from './notify';

/** The toast when an export cannot be downloaded and the server gave no reason. */
export const EXPORT_FAILED = 'Could not export the list. Please try again.';

/**
 * "Export CSV" on a list screen (issue 26 'Exports'): downloads `path` (a list's
 * `/export` address with the list's own filters, `exportPath`), so the file holds
 * exactly what the filters select, all of it, not the loaded rows. While the file
 * comes it says so and cannot be pressed twice; a refusal shows the server's reason.
 */
export function ExportButton({
  path,
  fallbackName,
  disabled = false,
}: {
  path: string;
  fallbackName: string;
  /** The filters cannot be exported as they stand (a reversed date range). */
  disabled?: boolean;
}) {
  const [exporting, setExporting] = useState(false);
  const download = () => {
    setExporting(true);
    downloadFile(path, fallbackName)
      .catch((error: unknown) => notify.longError(errorMessage(error, EXPORT_FAILED)))
      .finally(() => setExporting(false));
  };
  return (
    <Button variant="secondary" onClick={download} disabled={exporting || disabled} aria-busy={exporting}>
      <Download className="h-4 w-4" aria-hidden />
      {exporting ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
