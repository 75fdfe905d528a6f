import {
  type BulkResponse,
  bulkMessages,
  jobKinds,
  productBulkMessages as M,
  PRODUCT_BULK_LIMIT,
  type ProductBulkAction,
  type productBulkBody,
  productBulkDone,
} from '@haat/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { WriteActor } from '../../platform/auth/access.js';
import { type BulkOutcome, bulkSummary, distinctIds, eachRecord, versionsById } from '../../platform/bulk.js';
import { type CsvColumn, csvFileName } from '../../platform/csv/csv-export.js';
import { listBatches, oneBatch } from '../../platform/csv/export-batches.js';
import { writeCsvToJob } from '../../platform/csv/exporter.js';
import type { Db } from '../../platform/db/create-db.js';
import type { ListContext } from '../../platform/db/list-search.js';
import { isStaleVersion } from '../../platform/db/versions.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { JobContext } from '../../platform/jobs/job-runner.js';
import { toJob } from '../../platform/jobs/job-wire.js';
import type { JobRow } from '../../platform/jobs/jobs.repository.js';
import { reviewProduct } from './product-review.service.js';
import { findBulkStates, findCategoryRef } from './products.repository.js';
import { deleteProduct, listProducts, readCatalogVersion, scopeOf, setProductColumns } from './products.service.js';

/**
 * Bulk actions on products (issue 26 'Bulk actions', `POST /api/products/admin/bulk`):
 * approve, reject (one reason for all), activate, deactivate, move to a category, or
 * delete the selected products or every product a filter selects. Each product goes
 * through the same service as the single action (its own short transaction under the
 * version read, its own activity entry and notification), so no request holds a long
 * transaction and a product changed meanwhile is refused, not overwritten. A filter
 * selecting more than `PRODUCT_BULK_LIMIT` products runs as a background job (decision
 * 0112): the request answers 202 with the job, which selects the products again and
 * acts on each the same way, saying how far it got.
 */

/** The kind of job a large bulk action runs as. */
export const PRODUCT_BULK_JOB = jobKinds.productBulk;

/** What a bulk job keeps in its `params`. */
interface BulkParams {
  actor: WriteActor;
  body: BulkBody;
}

type BulkBody = z.output<typeof productBulkBody>;
/** Where a product stands, as `findBulkStates` read it. */
type ProductState = NonNullable<ReturnType<Awaited<ReturnType<typeof findBulkStates>>['get']>>;

/**
 * The products the request selects: its `ids` (each once, in order), or every product
 * its `filter` selects in the list's order, up to `limit`.
 * @returns null when the filter selects more than `limit`.
 */
async function selectedIds(
  db: Db,
  lists: ListContext,
  admin: WriteActor,
  body: BulkBody,
  limit: number,
): Promise<number[] | null> {
  if (body.ids) return distinctIds(body.ids);
  const ids: number[] = [];
  const catalogVersion = await readCatalogVersion(db);
  const filter = body.filter as NonNullable<BulkBody['filter']>;
  for await (const batch of listBatches((paging) =>
    listProducts(db, lists, scopeOf(admin), { ...filter, ...paging }, { catalogVersion }),
  )) {
    ids.push(...batch.map((record) => record.row.id));
    if (ids.length > limit) return null;
  }
  return ids;
}

/**
 * Why `action` does not apply to a product in `state`, or null when it does. `shown` is
 * its version as the screen showed it (`body.versions`), when the request sent one.
 */
function refusalOf(action: ProductBulkAction, state: ProductState, body: BulkBody, shown?: string): string | null {
  if (isStaleVersion(shown, state.updatedAt)) return M.changedSince;
  const awaitingReview = state.approvalStatus === 'pending' || state.hasPendingRevision;
  switch (action) {
    case 'approve':
    case 'reject':
      return awaitingReview ? null : M.notAwaitingReview;
    case 'activate':
      if (state.approvalStatus !== 'approved') return M.notApproved;
      return state.status === 'active' ? M.alreadyActive : null;
    case 'deactivate':
      if (state.approvalStatus !== 'approved') return M.notApproved;
      return state.status === 'inactive' ? M.alreadyInactive : null;
    case 'move':
      return state.categoryId === body.category ? M.alreadyInCategory : null;
    case 'delete':
      return null;
  }
}

/** Does `action` to one product through its single action's service, under the version read. */
async function act(
  db: Db,
  events: EventBus,
  admin: WriteActor,
  id: number,
  state: ProductState,
  body: BulkBody,
): Promise<void> {
  switch (body.action) {
    case 'approve':
    case 'reject':
      await reviewProduct(db, events, admin, id, {
        isApproved: body.action === 'approve',
        updatedAt: state.updatedAt,
        reason: body.reason,
      });
      return;
    case 'activate':
    case 'deactivate':
      await setProductColumns(db, admin, id, state.updatedAt, {
        status: body.action === 'activate' ? 'active' : 'inactive',
      });
      return;
    case 'move':
      await setProductColumns(db, admin, id, state.updatedAt, {
        categoryId: body.category as number,
        subcategoryId: null,
      });
      return;
    case 'delete':
      await deleteProduct(db, admin, id, state.updatedAt);
      return;
  }
}

/** @throws AppError BAD_REQUEST (400) `categoryNotFound` for a `move` to a category that does not exist. */
async function checkCategory(db: Db, body: BulkBody): Promise<void> {
  if (body.action === 'move' && !(await findCategoryRef(db, body.category as number)))
    throw new AppError('BAD_REQUEST', M.categoryNotFound, { category: M.categoryNotFound });
}

/** Products whose states are read at once while a bulk action goes through them. */
const STATES_AT_ONCE = 250;

/**
 * Does the action to each of `ids` in turn (`eachRecord`), reading their states a few
 * hundred at a time, so a job over a whole catalog holds little; `onProgress` hears how
 * many are behind after each few hundred.
 */
async function actOnEach(
  db: Db,
  events: EventBus,
  admin: WriteActor,
  body: BulkBody,
  ids: number[],
  onProgress?: (handled: number) => Promise<void>,
): Promise<BulkOutcome> {
  const shown = versionsById(body.ids, body.versions);
  const outcome: BulkOutcome = { done: 0, refused: [] };
  for (let start = 0; start < ids.length; start += STATES_AT_ONCE) {
    const part = ids.slice(start, start + STATES_AT_ONCE);
    const states = await findBulkStates(db, part);
    const partOutcome = await eachRecord(part, async (id) => {
      const state = states.get(id);
      if (!state) return M.notFound;
      const refusal = refusalOf(body.action, state, body, shown.get(id));
      if (refusal === null) await act(db, events, admin, id, state, body);
      return refusal;
    });
    outcome.done += partOutcome.done;
    outcome.refused.push(...partOutcome.refused);
    await onProgress?.(start + part.length);
  }
  return outcome;
}

/**
 * `POST /api/products/admin/bulk` (admins): does `body.action` to each selected product
 * in turn, each checked for its state (`refusalOf`) and for a save since the version shown,
 * then changed in its own transaction under the version read; a product the single
 * action refuses (changed between the read and the write: 409) is refused with its reason.
 * @returns the summary, how many were done, and each refused product with its reason; or
 *   null when the filter selects more than `PRODUCT_BULK_LIMIT` (`queueProductBulk`).
 * @throws AppError BAD_REQUEST (400) for a `move` to a category that does not exist
 *   (`categoryNotFound`).
 */
export async function runProductBulk(
  db: Db,
  lists: ListContext,
  events: EventBus,
  admin: WriteActor,
  body: BulkBody,
): Promise<Omit<BulkResponse, 'success'> | null> {
  await checkCategory(db, body);
  const ids = await selectedIds(db, lists, admin, body, PRODUCT_BULK_LIMIT);
  if (ids === null) return null;
  const outcome = await actOnEach(db, events, admin, body, ids);
  return { message: bulkSummary(outcome, productBulkDone[body.action]), ...outcome };
}

/** Queues a bulk action too large to answer at once as a job for `admin`; answers the job. */
export async function queueProductBulk(app: FastifyInstance, admin: WriteActor, body: BulkBody) {
  const params: BulkParams = { actor: admin, body };
  const job = await app.jobs.enqueue({
    kind: PRODUCT_BULK_JOB,
    ownerUserId: admin.userId,
    params: JSON.stringify(params),
  });
  return { success: true as const, message: bulkMessages.started, job: toJob(job) };
}

const refusalColumns: CsvColumn<{ _id: string; message: string }>[] = [
  { header: 'Product ID', cell: (row) => row._id },
  { header: 'Reason', cell: (row) => row.message },
];

/**
 * The bulk jobs' handler: selects the products again (all the filter selects now), says
 * how many, and acts on each as `runProductBulk` does, saying how many are behind it. Its
 * summary counts `done` and `refused`; its file lists each refused product with its reason.
 */
export function productBulkJobHandler(app: FastifyInstance) {
  return async (job: JobRow, context: JobContext) => {
    const { actor, body } = JSON.parse(job.params) as BulkParams;
    await checkCategory(app.db, body);
    const ids = (await selectedIds(app.db, app.lists, actor, body, Number.POSITIVE_INFINITY)) ?? [];
    await context.total(ids.length);
    const outcome = await actOnEach(app.db, app.events, actor, body, ids, (handled) => context.progress(handled));
    await writeCsvToJob(context, refusalColumns, oneBatch(outcome.refused));
    return {
      fileName: csvFileName(`products-${body.action}-skipped`),
      rows: ids.length,
      summary: { done: outcome.done, refused: outcome.refused.length },
    };
  };
}
