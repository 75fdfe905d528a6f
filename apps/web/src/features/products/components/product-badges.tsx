import { type ApprovalStatus, type Product, type ProductStatus, productMessages } from '@haat/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const statusBadges: Record<ProductStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'green' },
  pending: { label: 'Pending', tone: 'yellow' },
  inactive: { label: 'Inactive', tone: 'grey' },
};

const approvalBadges: Record<ApprovalStatus, { label: string; tone: BadgeTone }> = {
  approved: { label: 'Approved', tone: 'green' },
  pending: { label: 'Pending Approval', tone: 'purple' },
  rejected: { label: 'Rejected', tone: 'red' },
};

/** Spec section 2, Product list: the status badge (Active, Pending, Inactive). */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const badge = statusBadges[status];
  return <Badge tone={badge.tone}>{badge.label}</Badge>;
}

/** Spec section 2, Product list: 'N in stock' or 'Out of stock'. */
export function StockBadge({ quantity }: { quantity: number }) {
  return quantity > 0 ? <Badge tone="blue">{quantity} in stock</Badge> : <Badge tone="red">Out of stock</Badge>;
}

/** Spec sections 2 and 4: where a product stands in review (Approved, Pending Approval, Rejected). */
export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  const badge = approvalBadges[status];
  return <Badge tone={badge.tone}>{badge.label}</Badge>;
}

/**
 * Under the approval badge (issue 12): the reason of a rejection, and a vendor's
 * changes to an approved product waiting for review or rejected (with the reason).
 * Long reasons are cut to a line; the whole text is the element's title and its
 * accessible description stays the full reason.
 */
export function ReviewNote({ product }: { product: Product }) {
  const revision = product.approvalStatus === 'approved' ? product.revision : null;
  if (product.approvalStatus === 'rejected') {
    const reason = product.rejectionReason ?? productMessages.noReasonGiven;
    return (
      <p className="max-w-[14rem] truncate text-xs text-red-700" title={reason}>
        Reason: {reason}
      </p>
    );
  }
  if (revision?.status === 'pending') return <Badge tone="yellow">Changes Pending</Badge>;
  if (revision?.status === 'rejected') {
    return (
      <span className="flex flex-col items-start gap-0.5">
        <Badge tone="red">Changes Rejected</Badge>
        {revision.reason && (
          <span className="max-w-[14rem] truncate text-xs text-red-700" title={revision.reason}>
            Reason: {revision.reason}
          </span>
        )}
      </span>
    );
  }
  return null;
}
