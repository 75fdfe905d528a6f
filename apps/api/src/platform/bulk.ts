import { type BulkRefusal, bulkMessages } from '@haat/contract';
import { AppError, errorStatus } from './errors.js';
import { yieldToOthers } from './yield.js';

/**
 * How every bulk action runs (issue 26 'Bulk actions'; decision 0109): record by record,
 * each through its single action's service (its own short transaction, its own activity
 * entry), so no request holds a long transaction and one record's refusal does not undo
 * the others.
 */

/** What a bulk action did: how many records, and each refused one with its reason. */
export interface BulkOutcome {
  done: number;
  refused: BulkRefusal[];
}

/**
 * Runs `act` on each of `ids` in turn. `act` answers null when it did the action, or the
 * reason it does not apply. A refusal the single action throws (an `AppError` below 500:
 * gone, or changed meanwhile) is that record's; any other error is the request's and
 * ends it.
 */
export async function eachRecord(
  ids: readonly number[],
  act: (id: number) => Promise<string | null>,
): Promise<BulkOutcome> {
  let done = 0;
  const refused: BulkRefusal[] = [];
  for (const id of ids) {
    // Let other requests in between records: SQLite's driver answers synchronously, so a
    // run of records would otherwise hold the event loop until the last one (the bench
    // saw /api/health wait the whole 1.9 s of a 1,000-product approval).
    await yieldToOthers();
    try {
      const refusal = await act(id);
      if (refusal === null) done += 1;
      else refused.push({ _id: String(id), message: refusal });
    } catch (error) {
      if (!(error instanceof AppError) || errorStatus[error.code] >= 500) throw error;
      const message =
        error.code === 'CONFLICT'
          ? bulkMessages.changedSince
          : error.code === 'NOT_FOUND'
            ? bulkMessages.notFound
            : error.message;
      refused.push({ _id: String(id), message });
    }
  }
  return { done, refused };
}

/** '287 approved, 3 skipped' (numbers in Indian grouping); `doneWord` is the action's past tense. */
export function bulkSummary(outcome: BulkOutcome, doneWord: string): string {
  const words = `${outcome.done.toLocaleString('en-IN')} ${doneWord}`;
  return outcome.refused.length === 0 ? words : `${words}, ${outcome.refused.length.toLocaleString('en-IN')} skipped`;
}

/** Each of `ids` once, in the order first given. */
export function distinctIds(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** `versions[i]` by `ids[i]`: each selected record's version as the screen showed it. */
export function versionsById(ids: readonly number[] | undefined, versions: readonly string[] | undefined) {
  return new Map((versions ?? []).map((version, index) => [ids?.[index], version]));
}
