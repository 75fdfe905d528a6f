import type { Product, ProductRevision } from '@haat/contract';
import { Check, Eye, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { ImageWithFallback } from '../../../components/ui/image-with-fallback';
import { SelectRow } from '../../../components/ui/row-selection';
import { formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { Decision } from '../hooks/use-review-product';
import { ApprovalBadge } from './product-badges';
import { RejectDialog } from './reject-dialog';
import { RevisionChanges } from './revision-changes';

/** The review form's address for a product opened out of the queue: its 'Back to Products' returns here. */
export const reviewPathFromQueue = (id: string) => `${paths.products.review(id)}?from=pending`;

/**
 * One item of the review queue (spec section 2, Pending products; issue 12): a product
 * awaiting approval (image, name, details, brand, SKU, price, stock, category,
 * subcategory, vendor badge and 'Pending Approval', the reason of an earlier rejection
 * if any), or an approved product with a vendor's pending changes ('Changes Pending',
 * before and after per changed field). View Details, Approve and Reject; Reject asks
 * for a reason first.
 */
export function PendingProductCard({
  product,
  busy,
  onReview,
  onReviewRevision,
}: {
  product: Product;
  busy: boolean;
  onReview: (product: Product, decision: Decision) => void;
  onReviewRevision: (product: Product, revision: ProductRevision, decision: Decision) => void;
}) {
  const headingId = useId();
  const [rejecting, setRejecting] = useState(false);
  const revision =
    product.approvalStatus === 'approved' && product.revision?.status === 'pending' ? product.revision : null;
  const decide = (decision: Decision) =>
    revision ? onReviewRevision(product, revision, decision) : onReview(product, decision);
  const facts: [string, string][] = [
    ['Brand', product.brand],
    ['SKU', product.sku],
    ['Price', formatRupees(product.salePrice)],
    ['Stock', String(product.stockQuantity)],
    ['Category', product.category.name],
    ['Subcategory', product.subcategory?.name ?? 'None'],
  ];
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <ImageWithFallback src={product.images[0]} thumbnail alt={product.name} className="h-40 w-full" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          {/* Inside the review queue's selection (issue 33); renders nothing outside one. */}
          <SelectRow row={product} label={`Select ${product.name}`} />
          <Badge tone="blue">{product.vendor ? product.vendor.businessName || product.vendor.name : 'Admin'}</Badge>
          {revision ? <Badge tone="yellow">Changes Pending</Badge> : <ApprovalBadge status="pending" />}
        </div>
        <div>
          <h2 id={headingId} className="font-semibold text-slate-900">
            {product.name}
          </h2>
          <p className="mt-1 line-clamp-2 text-sm text-slate-500">{product.productDetails}</p>
        </div>
        {!revision && product.rejectionReason && (
          <p className="rounded-lg bg-red-50 px-3 py-2 text-xs text-red-800">
            <span className="font-semibold">Previously rejected:</span> {product.rejectionReason}
          </p>
        )}
        {revision ? (
          <RevisionChanges revision={revision} />
        ) : (
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            {facts.map(([term, value]) => (
              <div key={term} className="min-w-0">
                <dt className="inline text-slate-500">{term}: </dt>
                <dd className="inline font-medium text-slate-800">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <ButtonLink to={reviewPathFromQueue(product._id)} variant="secondary" size="sm">
            <Eye className="h-3.5 w-3.5" aria-hidden />
            View Details
          </ButtonLink>
          <Button size="sm" variant="success" disabled={busy} onClick={() => decide({ isApproved: true })}>
            <Check className="h-3.5 w-3.5" aria-hidden />
            Approve
          </Button>
          <Button size="sm" variant="danger" disabled={busy} onClick={() => setRejecting(true)}>
            <X className="h-3.5 w-3.5" aria-hidden />
            Reject
          </Button>
        </div>
      </div>
      {rejecting && (
        <RejectDialog
          title={revision ? 'Reject Changes?' : 'Reject Product?'}
          subject={revision ? `the changes to ${product.name}` : product.name}
          confirmLabel={revision ? 'Reject Changes' : 'Reject Product'}
          busy={busy}
          onCancel={() => setRejecting(false)}
          onConfirm={(reason) => decide({ isApproved: false, reason })}
        />
      )}
    </article>
  );
}
