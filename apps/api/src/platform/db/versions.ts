/**
 * A record's version is its `updatedAt` (decision 0018): an edit, a review or a status
 * change carries the version it started from, and a stale one is refused (409). These
 * two rules are the same for every feature, so they live here once. Times UTC ISO 8601.
 */

/**
 * The `updatedAt` a write gives a record: `now`, but always at least a millisecond after
 * `previous` (when there is one), so the version moves on even when two writes land in
 * one millisecond.
 */
export function nextVersion(previous: string | null | undefined, now: string): string {
  const at = Date.parse(now);
  return new Date(previous ? Math.max(at, Date.parse(previous) + 1) : at).toISOString();
}

/**
 * True when a write carried the version it was loaded from (`loaded`) and the record
 * has been saved since (`current` differs). A write without a version (the spec's
 * clients) is never stale.
 */
export function isStaleVersion(loaded: string | undefined, current: string): boolean {
  return loaded !== undefined && Date.parse(loaded) !== Date.parse(current);
}
