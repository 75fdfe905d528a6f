import { z } from 'zod';
import { BULK_LIMIT, bulkIds, bulkMessages, bulkResponse, bulkVersions, checkVersionsMatch } from './bulk.js';
import { idInput } from './common.js';
import { endpoint } from './endpoint.js';
import { jobStartedResponse } from './jobs.js';
import { productExportQuery, rejectReason } from './products.js';

/**
 * Bulk actions on products (issue 26 'Bulk actions'): an admin acts on the selected
 * products, or on every product a filter selects, at once. Each product is checked and
 * changed as the single action would (its own transaction, its own activity entry), and
 * the answer says how many were done and why each refused one was not.
 */

/** What a bulk action does to each product. */
export const productBulkActions = ['approve', 'reject', 'activate', 'deactivate', 'move', 'delete'] as const;
export type ProductBulkAction = (typeof productBulkActions)[number];

/** The most products one bulk request acts on (`BULK_LIMIT`). */
export const PRODUCT_BULK_LIMIT = BULK_LIMIT;

/** The words of bulk actions: the request's errors, each refusal's reason, the answer's summary. */
export const productBulkMessages = {
  actionInvalid: `Action must be one of ${productBulkActions.join(', ')}`,
  selectOne: 'Send either ids or a filter',
  idsEmpty: bulkMessages.idsEmpty,
  tooMany: bulkMessages.tooMany,
  categoryRequired: 'Choose the category to move the products to',
  categoryNotFound: 'Category not found',
  versionsInvalid: bulkMessages.versionsInvalid,
  // Why one product was refused.
  notFound: bulkMessages.notFound,
  changedSince: bulkMessages.changedSince,
  notAwaitingReview: 'Not awaiting approval',
  notApproved: 'Not approved yet: approve it first',
  alreadyActive: 'Already active',
  alreadyInactive: 'Already inactive',
  alreadyInCategory: 'Already in this category',
} as const;

/** The past tense of each action, as the summary says it ('287 approved'). */
export const productBulkDone: Record<ProductBulkAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  activate: 'activated',
  deactivate: 'deactivated',
  move: 'moved',
  delete: 'deleted',
};

/**
 * `POST /api/products/admin/bulk` body: the `action`, and either `ids` (the selected
 * products) or `filter` (the product list's query: every product it selects, "all N
 * matching these filters"). `reason` goes with `reject` (one for all), `category` with
 * `move` (the subcategory is cleared). `versions`, optional with `ids`: each product's
 * `updatedAt` as the screen showed it, in the order of `ids` (decision 0018); a product
 * saved since is refused, not overwritten.
 */
export const productBulkBody = z
  .object({
    action: z.enum(productBulkActions, { error: productBulkMessages.actionInvalid }),
    ids: bulkIds.optional(),
    filter: productExportQuery.optional(),
    reason: rejectReason,
    category: idInput.optional(),
    versions: bulkVersions,
  })
  .superRefine((body, ctx) => {
    if ((body.ids === undefined) === (body.filter === undefined))
      ctx.addIssue({ code: 'custom', message: productBulkMessages.selectOne, path: ['ids'] });
    checkVersionsMatch(body, ctx);
    if (body.action === 'move' && body.category === undefined)
      ctx.addIssue({ code: 'custom', message: productBulkMessages.categoryRequired, path: ['category'] });
  });
export type ProductBulkBody = z.input<typeof productBulkBody>;

/**
 * The answer: a summary ('287 approved, 3 skipped'), how many were done, and each refused
 * one with its reason; or, for a filter selecting more than `PRODUCT_BULK_LIMIT`, 202 with
 * the background job doing it (its summary counts `done` and `refused`; its file lists
 * each refused product with its reason).
 */
export const productBulkResponse = z.union([bulkResponse, jobStartedResponse]);
export type ProductBulkResponse = z.infer<typeof productBulkResponse>;

export const productBulkEndpoints = {
  /**
   * Acts on the selected products, or on every product the filter selects, each as the
   * single action would: checked for its state, changed in its own transaction, recorded
   * in the activity log. A filter selecting more than `PRODUCT_BULK_LIMIT` products is
   * answered 202 with the background job that does it. 400 for a bad body or a category
   * that does not exist.
   */
  bulk: endpoint('POST', '/api/products/admin/bulk', {
    access: 'admin',
    permission: 'catalog:write',
    summary: 'Act on many products at once',
    otherSuccessStatuses: [202],
  })
    .input(z.object({ body: productBulkBody }))
    .output(productBulkResponse),
};
