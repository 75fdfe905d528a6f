import {
  productBulkMessages as M,
  PRODUCT_BULK_LIMIT,
  type ProductBulkAction,
  type ProductBulkResponse,
  type productBulkBody,
  productBulkDone,
} from '@haat/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/access.js';
import { bulkSummary, distinctIds, eachRecord, versionsById } from '../../platform/bulk.js';
import { listBatches } from '../../platform/csv/export-batches.js';
import type { Db } from '../../platform/db/create-db.js';
import type { ListContext } from '../../platform/db/list-search.js';
import { isStaleVersion } from '../../platform/db/versions.js';
import { AppError } from '../../platform/errors.js';
import { reviewProduct } from './product-review.service.js';
import { findBulkStates, findCategoryRef } from './products.repository.js';
import { deleteProduct, listProducts, readCatalogVersion, scopeOf, setProductColumns } from './products.service.js';

/**
 * Bulk actions on products (issue 26 'Bulk actions', `POST /api/products/admin/bulk`):
 * approve, reject (one reason for all), activate, deactivate, move to a category, or
 * delete the selected products or every product a filter selects. Each product goes
 * through the same service as the single action (its own short transaction under the
 * version read, its own activity entry and notification), so no request holds a long
 * transaction and a product changed meanwhile is refused, not overwritten.
 */

type BulkBody = z.output<typeof productBulkBody>;
/** Where a product stands, as `findBulkStates` read it. */
type ProductState = NonNullable<ReturnType<Awaited<ReturnType<typeof findBulkStates>>['get']>>;

/**
 * The products the request selects: its `ids` (each once, in order), or every product
 * its `filter` selects in the list's order.
 * @throws AppError BAD_REQUEST (400) `tooMany` past `PRODUCT_BULK_LIMIT`.
 */
async function selectedIds(db: Db, lists: ListContext, admin: Actor, body: BulkBody): Promise<number[]> {
  if (body.ids) return distinctIds(body.ids);
  const ids: number[] = [];
  const catalogVersion = await readCatalogVersion(db);
  const filter = body.filter as NonNullable<BulkBody['filter']>;
  for await (const batch of listBatches((paging) =>
    listProducts(db, lists, scopeOf(admin), { ...filter, ...paging }, { catalogVersion }),
  )) {
    ids.push(...batch.map((record) => record.row.id));
    if (ids.length > PRODUCT_BULK_LIMIT) throw new AppError('BAD_REQUEST', M.tooMany, { filter: M.tooMany });
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
async function act(db: Db, admin: Actor, id: number, state: ProductState, body: BulkBody): Promise<void> {
  switch (body.action) {
    case 'approve':
    case 'reject':
      await reviewProduct(db, admin, id, {
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

/**
 * `POST /api/products/admin/bulk` (admins): does `body.action` to each selected product
 * in turn, each checked for its state (`refusalOf`) and for a save since the version shown,
 * then changed in its own transaction under the version read; a product the single
 * action refuses (changed between the read and the write: 409) is refused with its reason.
 * @returns the summary, how many were done, and each refused product with its reason.
 * @throws AppError BAD_REQUEST (400) for a selection past `PRODUCT_BULK_LIMIT` or a
 *   `move` to a category that does not exist (`categoryNotFound`).
 */
export async function runProductBulk(
  db: Db,
  lists: ListContext,
  admin: Actor,
  body: BulkBody,
): Promise<Omit<ProductBulkResponse, 'success'>> {
  if (body.action === 'move' && !(await findCategoryRef(db, body.category as number)))
    throw new AppError('BAD_REQUEST', M.categoryNotFound, { category: M.categoryNotFound });
  const ids = await selectedIds(db, lists, admin, body);
  const states = await findBulkStates(db, ids);
  const shown = versionsById(body.ids, body.versions);
  const outcome = await eachRecord(ids, async (id) => {
    const state = states.get(id);
    if (!state) return M.notFound;
    const refusal = refusalOf(body.action, state, body, shown.get(id));
    if (refusal === null) await act(db, admin, id, state, body);
    return refusal;
  });
  return { message: bulkSummary(outcome, productBulkDone[body.action]), ...outcome };
}
