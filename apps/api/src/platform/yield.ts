/**
 * Letting other requests in during long work (issue 33; decision 0121). SQLite's driver
 * answers synchronously, and reading a file or planning its rows is CPU work on either
 * database: a loop of `await`s that only resolve promises never gives the event loop a
 * turn, so `/api/health` and every page wait for the loop's end. Long work (a job's
 * batches, an import's rows, a parse) calls these between its steps.
 */

/** Lets the requests waiting now run (a `setImmediate` turn), then resumes. */
export function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** How long a step of work may hold the event loop before it lets others in, ms. */
export const YIELD_EVERY_MS = 10;

/**
 * A pacer for a loop of many small steps: `const pace = pacer();` then `await pace()` at
 * each step yields (`yieldToOthers`) once `everyMs` have passed since the last yield,
 * so a loop of cheap steps costs few turns and a slow step is never followed by another
 * without one.
 */
export function pacer(everyMs: number = YIELD_EVERY_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < everyMs) return;
    await yieldToOthers();
    since = performance.now();
  };
}
