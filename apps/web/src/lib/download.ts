import type { JobStartedResponse } from '@haat/contract';
import { ApiError } from './api-client';
import { sessionStore } from './session';

/**
 * Downloads a file the API makes for the signed-in user (a CSV export): fetched with
 * the session's token, then saved under the name the server gives
 * (`content-disposition`), else `fallbackName`. An export too large to answer at once
 * answers 202 with the job preparing it (decision 0110): that answer is returned, and
 * nothing is saved yet.
 * @throws ApiError with the server's message when it refuses.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<JobStartedResponse | null> {
  const token = sessionStore.get()?.token;
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.status === 202) return (await response.json()) as JobStartedResponse;
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError(body.message ?? `Request failed (${response.status})`, response.status, body.code ?? 'ERROR');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return null;
}

/**
 * The address of a list's CSV export (issue 26: `GET <list path>/export`) with the
 * list's own query: empty and undefined values are left out, as the list leaves them.
 */
export function exportPath(path: string, query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      if (value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
