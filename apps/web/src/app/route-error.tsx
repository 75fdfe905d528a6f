import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { connectivity } from '../lib/connectivity';

/** The sessionStorage key that remembers a reload made for a missing chunk (one per minute at most). */
const RELOADED_KEY = 'haat.chunk-reload-at';
const RELOAD_WINDOW_MS = 60_000;

/**
 * Whether `error` is a screen's code that failed to load: the server is unreachable, or
 * a deploy replaced the files the open app still names (their hashed names are gone, or
 * the server answers them with a page instead of a script or a style sheet).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch|Unable to preload CSS|Failed to load module script/i.test(
    message,
  );
}

/**
 * Reloads the page once for a chunk that failed to load, and only when the server answers
 * (a deploy: the new page names the new files). With the server gone a reload would leave
 * the app for the browser's own "This site can't be reached" page, so the shell stays with
 * its offline banner and Reload instead; a second failure within a minute is shown too, so
 * an app that cannot load its code never reloads in a loop.
 */
async function reloadOnceForChunk(error: unknown): Promise<void> {
  if (!isChunkLoadError(error)) return;
  if (!(await connectivity.probe())) return;
  const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
  if (Date.now() - last < RELOAD_WINDOW_MS) return;
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  window.location.reload();
}

/**
 * Reload: reloads the page when the server answers; while it cannot be reached the page
 * stays (the offline banner says why) instead of leaving for the browser's error page.
 */
async function reloadWhenReachable(): Promise<void> {
  if (await connectivity.probe()) window.location.reload();
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
    void reloadOnceForChunk(error);
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
      <Button className="mt-4" onClick={() => void reloadWhenReachable()}>
        Reload
      </Button>
    </div>
  );
}
