import type { ApprovalStatus, ProductStatus } from '@haat/contract';
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
