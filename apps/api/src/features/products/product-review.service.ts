import { type ParsedProductBody, productMessages } from '@haat/contract';
import type { WriteActor } from '../../platform/auth/access.js';
import type { Db } from '../../platform/db/create-db.js';
import { runTransaction } from '../../platform/db/transactions.js';
import { isStaleVersion, nextVersion } from '../../platform/db/versions.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { diffFields, recordActivity } from '../activity/activity.service.js';
import type { ProductRecord } from './product-record.js';
import {
  findImagesOf,
  findProductById,
  findProductOwnership,
  replaceProductImages,
  updateProduct as updateProductRow,
} from './products.repository.js';
import {
  applyEdit,
  checkReferences,
  guardWrite,
  loadProduct,
  productChanges,
  productSnapshot,
} from './products.service.js';
import { changedFields, parseReviewedValues, reviewedColumnsOf, reviewedValuesOf } from './revision-rules.js';
import { findOpenRevision, findRevisionById, type RevisionRow, updateRevision } from './revisions.repository.js';

/**
 * An admin's reviews of the catalog (spec section 4 'Product approval', section 2
 * 'Pending products'; issue 12): approving or rejecting a product, with the review
 * form's unsaved edits applied first as an admin's edit (`applyEdit` in
 * `products.service.ts`, decision 0045), and a vendor's pending revision of an approved
 * product (decision 0044). Every review carries the version it reviewed (decision
 * 0024), is recorded in the activity log and notifies the vendor.
 */

/** A review decision as the routes pass it (contract `approvalBody`, parsed). */
export interface ReviewDecision {
  isApproved: boolean;
  /** The version reviewed (decision 0024). */
  updatedAt?: string | undefined;
  /** Why it is rejected; the contract requires it to reject (decision 0046). */
  reason?: string | undefined;
  /** The review form's unsaved edits, saved first in the same transaction (decision 0045). */
  product?: ParsedProductBody | undefined;
}

/**
 * `PUT /products/admin/approve/:id` (spec section 4, Product approval; issue 12):
 * approving sets approval approved and status active and clears the rejection reason;
 * rejecting sets approval rejected and status pending, which takes it out of the queue
 * until the vendor edits it, and stores `decision.reason` for the vendor (none is
 * required on the wire, decision 0076: the vendor then reads "No reason given"). Records
 * who decided and when (UTC).
 *
 * A live product with a vendor's pending revision is in the queue as that revision, so
 * the spec's call does what the queue's Approve and Reject do (decision 0076): approving
 * publishes the revision, rejecting keeps the live version and rejects the revision,
 * under the product's version check (`decision.updatedAt` is the product's).
 *
 * With `decision.product` (the form's unsaved edits, decision 0045) the edit is applied
 * as an admin's edit first, in the same transaction, under the same single version
 * check, so the admin approves exactly what they see. With `decision.updatedAt` (the
 * version reviewed), a product changed since is left as it is (decision 0024); on
 * PostgreSQL the row is read `FOR UPDATE`, so a vendor's edit and the review cannot
 * interleave.
 * @throws AppError NOT_FOUND (404) when it does not exist; CONFLICT (409)
 *   `productMessages.reviewedStale` when it changed after `decision.updatedAt`, a SKU in
 *   use by the edits, edits sent for a product whose changes await review as a revision
 *   (`productMessages.reviewAsRevision`), or a revision that cannot be published (see
 *   `reviewRevision`); VALIDATION_FAILED (400) for the edits' bad references.
 */
export async function reviewProduct(
  db: Db,
  events: EventBus,
  admin: WriteActor,
  id: number,
  decision: ReviewDecision,
): Promise<{ message: string; product: ProductRecord }> {
  const now = new Date().toISOString();
  const { isApproved } = decision;
  const message = await guardWrite(() =>
    runTransaction(db, async (trx) => {
      const current = await findProductOwnership(trx, id);
      if (!current) throw notFound(productMessages.notFound);
      if (isStaleVersion(decision.updatedAt, current.updatedAt)) {
        throw new AppError('CONFLICT', productMessages.reviewedStale);
      }
      const revision = await findOpenRevision(trx, id);
      if (revision) {
        if (decision.product) throw new AppError('CONFLICT', productMessages.reviewAsRevision);
        const locked = await findRevisionById(trx, revision.id);
        if (locked?.status !== 'pending') throw new AppError('CONFLICT', productMessages.revisionNotFound);
        return reviewPendingRevision(trx, events, admin, locked, current, decision, now);
      }
      const savedAt = nextVersion(current.updatedAt, now);
      const before = await productSnapshot(trx, id);
      if (decision.product) await applyEdit(trx, admin, decision.product, current, savedAt, now);
      await updateProductRow(trx, id, {
        approvalStatus: isApproved ? 'approved' : 'rejected',
        status: isApproved ? 'active' : 'pending',
        reviewedBy: admin.userId,
        reviewedAt: now,
        rejectionReason: isApproved ? null : (decision.reason ?? null),
        updatedAt: savedAt,
      });
      await events.publish(trx, { type: 'product.reviewed', productId: id, approved: isApproved, at: now });
      const after = await productSnapshot(trx, id);
      await recordActivity(trx, {
        actor: admin,
        action: isApproved ? 'approve' : 'reject',
        kind: 'product',
        recordId: id,
        label: String(after?.name ?? ''),
        changes: productChanges(before, after),
      });
      return isApproved ? productMessages.approved : productMessages.rejected;
    }),
  );
  return { message, product: await loadProduct(db, id) };
}

/**
 * `PUT /api/products/admin/revisions/:id` (issue 12; decision 0044): an admin's review
 * of a vendor's pending revision of an approved product. Approving publishes the
 * proposed fields and images at once (the product's version moves); rejecting keeps
 * the live version and stores `decision.reason` for the vendor. Checked in one
 * transaction, the revision and the product locked on PostgreSQL:
 * - the revision must still be pending (409 `revisionNotFound` once reviewed);
 * - with `decision.updatedAt`, the revision must not have changed since (409
 *   `revisionStale`: the vendor edited it again);
 * - to publish, the live reviewed fields must still be those the revision was proposed
 *   against (409 `revisionBaseMoved`: an admin edited them meanwhile); a sale or a price
 *   change does not count, so a busy product can still be reviewed;
 * - the proposed category and subcategory must still exist and match (400).
 * @returns the message and the product as it now stands (with the revision's state).
 * @throws AppError NOT_FOUND (404) when there is no such revision; CONFLICT (409) and
 *   VALIDATION_FAILED (400) as above.
 */
export async function reviewRevision(
  db: Db,
  events: EventBus,
  admin: WriteActor,
  revisionId: number,
  decision: Omit<ReviewDecision, 'product'>,
): Promise<{ message: string; product: ProductRecord }> {
  const now = new Date().toISOString();
  const { message, productId } = await guardWrite(() =>
    runTransaction(db, async (trx) => {
      const revision = await findRevisionById(trx, revisionId);
      if (!revision) throw notFound(productMessages.revisionNotFound);
      if (revision.status !== 'pending') throw new AppError('CONFLICT', productMessages.revisionNotFound);
      const current = await findProductOwnership(trx, revision.productId);
      if (!current) throw notFound(productMessages.notFound);
      if (isStaleVersion(decision.updatedAt, revision.updatedAt)) {
        throw new AppError('CONFLICT', productMessages.revisionStale);
      }
      return {
        message: await reviewPendingRevision(trx, events, admin, revision, current, decision, now),
        productId: current.id,
      };
    }),
  );
  return { message, product: await loadProduct(db, productId) };
}

/**
 * Publishes or rejects a pending revision inside the caller's transaction, once the
 * caller has checked the version it was asked to review (the revision's or the
 * product's), and answers the review's message. See `reviewRevision` for the checks.
 */
async function reviewPendingRevision(
  trx: Db,
  events: EventBus,
  admin: WriteActor,
  revision: RevisionRow,
  current: { id: number; updatedAt: string },
  decision: Pick<ReviewDecision, 'isApproved' | 'reason'>,
  now: string,
): Promise<string> {
  const reviewed = { reviewedBy: admin.userId, reviewedAt: now, updatedAt: nextVersion(revision.updatedAt, now) };
  if (!decision.isApproved) {
    await updateRevision(trx, revision.id, { ...reviewed, status: 'rejected', reason: decision.reason ?? null });
    await events.publish(trx, { type: 'product.reviewed', productId: current.id, approved: false, at: now });
    await recordActivity(trx, {
      actor: admin,
      action: 'reject',
      kind: 'product',
      recordId: current.id,
      label: String((await findProductById(trx, current.id))?.name ?? ''),
      changes: diffFields({ revision: 'pending' }, { revision: 'rejected' }),
    });
    return productMessages.revisionRejected;
  }
  const liveRow = await findProductById(trx, current.id);
  if (!liveRow) throw notFound(productMessages.notFound);
  const live = reviewedValuesOf(liveRow, (await findImagesOf(trx, [current.id])).get(current.id) ?? []);
  if (changedFields(parseReviewedValues(revision.base), live).length > 0) {
    throw new AppError('CONFLICT', productMessages.revisionBaseMoved);
  }
  const proposed = parseReviewedValues(revision.proposed);
  await checkReferences(trx, { category: proposed.categoryId, subcategory: proposed.subcategoryId }, null);
  const savedAt = nextVersion(current.updatedAt, now);
  const before = await productSnapshot(trx, current.id);
  await updateProductRow(trx, current.id, { ...reviewedColumnsOf(proposed), updatedAt: savedAt });
  await replaceProductImages(trx, current.id, proposed.images, savedAt);
  await updateRevision(trx, revision.id, { ...reviewed, status: 'approved' });
  await events.publish(trx, { type: 'product.reviewed', productId: current.id, approved: true, at: now });
  const after = await productSnapshot(trx, current.id);
  await recordActivity(trx, {
    actor: admin,
    action: 'approve',
    kind: 'product',
    recordId: current.id,
    label: String(after?.name ?? ''),
    changes: productChanges(before, after),
  });
  return productMessages.revisionApproved;
}
