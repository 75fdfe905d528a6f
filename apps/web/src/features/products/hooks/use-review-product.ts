import { type Product, type ProductBody, type ProductRevision, productMessages } from '@haat/contract';
import { useCallback } from 'react';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { useApproveProduct, useReviewRevision } from '../api';

/** A review decision: reject needs a reason; `edits` are the review form's unsaved changes. */
export interface Decision {
  isApproved: boolean;
  reason?: string | undefined;
  edits?: ProductBody | undefined;
}

/**
 * Approve or reject a pending product (spec section 4; issue 12) with the spec's toasts:
 * 'Product approved successfully!' / 'Product rejected successfully!', or the server's
 * message. A rejection carries its reason; a review from the form carries the form's
 * unsaved edits, saved in the same request (decision 0045). Also reviews a vendor's
 * pending revision of an approved product (decision 0044). Shared by the pending list's
 * cards and the review form.
 *
 * @returns `review(product, decision, onReviewed?, version?)`, `reviewRevision(product,
 *   revision, decision, onReviewed?)`, and the id of the product under review while a call runs.
 */
export function useReviewProduct() {
  const approve = useApproveProduct();
  const revisions = useReviewRevision();

  const review = useCallback(
    (product: Pick<Product, '_id' | 'updatedAt'>, decision: Decision, onReviewed?: () => void, version?: string) =>
      approve.mutate(
        {
          id: product._id,
          isApproved: decision.isApproved,
          updatedAt: version ?? product.updatedAt,
          reason: decision.isApproved ? undefined : decision.reason,
          product: decision.edits,
        },
        {
          onSuccess: () => {
            notify.success(decision.isApproved ? productMessages.approved : productMessages.rejected);
            onReviewed?.();
          },
          onError: (error) => notify.error(errorMessage(error, productMessages.approvalFailed)),
        },
      ),
    [approve.mutate],
  );

  const reviewRevision = useCallback(
    (
      product: Pick<Product, '_id'>,
      revision: Pick<ProductRevision, '_id' | 'updatedAt'>,
      decision: Omit<Decision, 'edits'>,
      onReviewed?: () => void,
    ) =>
      revisions.mutate(
        {
          id: product._id,
          revisionId: revision._id,
          isApproved: decision.isApproved,
          updatedAt: revision.updatedAt,
          reason: decision.isApproved ? undefined : decision.reason,
        },
        {
          onSuccess: (answer) => {
            notify.success(answer.message);
            onReviewed?.();
          },
          onError: (error) => notify.error(errorMessage(error, productMessages.approvalFailed)),
        },
      ),
    [revisions.mutate],
  );

  const reviewingId = approve.isPending
    ? approve.variables?.id
    : revisions.isPending
      ? revisions.variables?.id
      : undefined;
  return { review, reviewRevision, reviewingId };
}
