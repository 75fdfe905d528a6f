import type { Product } from '@haat/contract';
import { Check, Clock, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { useReviewProduct } from '../hooks/use-review-product';

/**
 * Above the form an admin opens from the pending list's 'View Details': the product
 * is 'Pending Approval', with Approve and Reject (spec sections 2 and 4), so the
 * admin can decide after reading every field. A reviewed product leaves the queue,
 * so the admin returns to the pending list.
 */
export function ProductReviewBar({ product }: { product: Product }) {
  const navigate = useNavigate();
  const { review, reviewingId } = useReviewProduct();
  const busy = reviewingId === product._id;
  const decide = (isApproved: boolean) => review(product, isApproved, () => navigate(paths.products.pending));

  return (
    <section
      aria-label="Review"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
        <Clock className="h-4 w-4" aria-hidden />
        Pending Approval
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="success" disabled={busy} onClick={() => decide(true)}>
          <Check className="h-3.5 w-3.5" aria-hidden />
          Approve
        </Button>
        <Button size="sm" variant="danger" disabled={busy} onClick={() => decide(false)}>
          <X className="h-3.5 w-3.5" aria-hidden />
          Reject
        </Button>
      </div>
    </section>
  );
}
