import { type Product, productMessages } from '@haat/contract';
import { useCallback } from 'react';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { useApproveProduct } from '../api';

/**
 * Approve or reject a pending product (spec section 4) with the spec's toasts:
 * 'Product approved successfully!' / 'Product rejected successfully!', or the
 * server's message. Shared by the pending list's cards and the review form.
 *
 * @returns `review(product, isApproved, onReviewed?)`, and the id under review while a call runs.
 */
export function useReviewProduct() {
  const { mutate, isPending, variables } = useApproveProduct();

  const review = useCallback(
    (product: Pick<Product, '_id' | 'updatedAt'>, isApproved: boolean, onReviewed?: () => void) =>
      mutate(
        { id: product._id, isApproved, updatedAt: product.updatedAt },
        {
          onSuccess: () => {
            notify.success(isApproved ? productMessages.approved : productMessages.rejected);
            onReviewed?.();
          },
          onError: (error) => notify.error(errorMessage(error, productMessages.approvalFailed)),
        },
      ),
    [mutate],
  );

  return { review, reviewingId: isPending ? variables?.id : undefined };
}
