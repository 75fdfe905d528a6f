import type { ExportAnswer } from '@haat/contract';

/**
 * A list's CSV export as its screen asks for it (issue 26 'Exports'): the typed client's
 * call of the list's `/export` endpoint with the list's own filters
 * (`() => client.orders.export({ query })`). It answers the file, or, for an export too
 * large to answer at once, the job preparing it (decision 0110), as the contract
 * declares (`exportAnswer`).
 */
export type ExportRequest = () => Promise<ExportAnswer>;

/**
 * Saves a file the API sent (the typed client's `File` of a CSV) in the user's
 * downloads, under the name the server gave it (`content-disposition`), else
 * `fallbackName`.
 */
export function saveFile(file: Blob, fallbackName: string): void {
  // The client names a file the server did not name 'blob'.
  const name = file instanceof File && file.name && file.name !== 'blob' ? file.name : fallbackName;
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
