import { z } from 'zod';
import { editVersion, idInput, idString } from './common.js';

/**
 * What every bulk action shares (issue 26 'Bulk actions'): the selection's limits, the
 * words of a refusal, and the answer: a summary ('287 approved, 3 skipped'), how many
 * were done, and each refused record with its reason.
 */

/**
 * The most records one bulk request acts on at once: the ids a screen sends, and a
 * filter's selection answered at once. A filter selecting more runs as a background job
 * (products; decision 0112); elsewhere it is refused with `bulkMessages.tooMany`.
 */
export const BULK_LIMIT = 1000;

export const bulkMessages = {
  idsEmpty: 'Select at least one record',
  tooMany: `A bulk action takes at most ${BULK_LIMIT.toLocaleString('en-IN')} records at a time. Narrow the filters and try again.`,
  versionsInvalid: 'Send one version (updatedAt, ISO 8601) for each id',
  // Why one record was refused.
  notFound: 'Not found: it may have been deleted',
  changedSince: 'Changed since it was selected. Review it again.',
  /** The toast when a bulk action fails and the server gave no reason. */
  failed: 'Could not complete the bulk action. Please try again.',
  started:
    'This is a large selection: it is being done in the background. You can keep working; the bell will tell you when it is finished.',
} as const;

/** The selected records' ids: 1 to `BULK_LIMIT`. */
export const bulkIds = z.array(idInput).min(1, bulkMessages.idsEmpty).max(BULK_LIMIT, bulkMessages.tooMany);

/** Each selected record's `updatedAt` as the screen showed it, in the order of the ids (decision 0018). */
export const bulkVersions = z.array(editVersion(bulkMessages.versionsInvalid)).max(BULK_LIMIT).optional();

/** Adds an issue when `versions` is sent and does not give one per id. */
export function checkVersionsMatch(
  body: { ids?: readonly unknown[] | undefined; versions?: readonly unknown[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (body.versions !== undefined && body.versions.length !== body.ids?.length)
    ctx.addIssue({ code: 'custom', message: bulkMessages.versionsInvalid, path: ['versions'] });
}

/** A record the action was not done to, and why. */
export const bulkRefusal = z.object({ _id: idString, message: z.string() });
export type BulkRefusal = z.infer<typeof bulkRefusal>;

/** Every bulk action's answer. */
export const bulkResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  done: z.number().int().nonnegative(),
  refused: z.array(bulkRefusal),
});
export type BulkResponse = z.infer<typeof bulkResponse>;
