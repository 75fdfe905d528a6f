import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';

/** The sessionStorage key that remembers a reload made for a missing chunk (one per minute at most). */
const RELOADED_KEY = 'haat.chunk-reload-at';
const RELOAD_WINDOW_MS = 60_000;

/**
 * Whether `error` is a screen's code that failed to load: the server is unreachable, or
 * a deploy replaced the files the open app still names (their hashed names are gone).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(
    message,
  );
}

/**
 * Reloads the page once for a chunk that failed to load (a deploy: the new page names
 * the new files); a second failure within a minute is shown instead, so an app that
 * cannot reach its server never reloads in a loop.
 * @returns whether it is reloading.
 */
function reloadOnceForChunk(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
  if (Date.now() - last < RELOAD_WINDOW_MS) return false;
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

/**
 * What a screen shows when its route fails (issue 27): the app's own message inside the
 * shell (the sidebar and top bar stay), with Reload, instead of react-router's developer
 * page. A screen whose code cannot be loaded reloads the page once by itself first.
 */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    reloadOnceForChunk(error);
  }, [error]);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : chunk
      ? 'The server could not be reached, or the back office was updated since this page was opened.'
      : 'Something went wrong while showing this screen.';
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-xl border border-red-200 bg-red-50 p-6 text-center">
      <h1 className="text-lg font-semibold text-red-900">This screen could not be shown</h1>
      <p className="mt-2 text-sm text-red-800">{detail}</p>
      <Button className="mt-4" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
