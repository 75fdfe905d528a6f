import { isOrderStatus, type OrderStatus } from '@haat/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

/**
 * Delivered green, On The Road yellow, Packaging blue, Order Placed purple (spec section
 * 2), Cancelled red (issue 24), other grey; every status of the order process has its tone.
 */
const statusTones: Record<OrderStatus, BadgeTone> = {
  Delivered: 'green',
  'On The Road': 'yellow',
  Packaging: 'blue',
  'Order Placed': 'purple',
  Cancelled: 'red',
};

/** The status as the screens read it: stored 'pending' is 'Order Placed' (spec section 4); none is 'Unknown'. */
export function displayStatus(status: string | null | undefined): string {
  if (!status) return 'Unknown';
  return status.toLowerCase() === 'pending' ? 'Order Placed' : status;
}

/** An order's status as a coloured badge. */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const label = displayStatus(status);
  return <Badge tone={isOrderStatus(label) ? statusTones[label] : 'grey'}>{label}</Badge>;
}

/**
 * The order list's mark for an order with a vendor's pending cancellation request, a
 * cancellation or a return (issue 24): 'Cancellation requested', 'Part cancelled',
 * 'Refunded', beside its status. Nothing for a wholly cancelled
 * order (its status says it) or an untouched one.
 */
export function CorrectionMark({
  order,
}: {
  order: { status: string; cancelledTotal: number; refundedTotal: number; pendingCancelRequests: number };
}) {
  const marks = [
    order.pendingCancelRequests > 0 ? 'Cancellation requested' : null,
    order.cancelledTotal > 0 && order.status !== 'Cancelled' ? 'Part cancelled' : null,
    order.refundedTotal > 0 ? 'Refunded' : null,
  ].filter(Boolean);
  if (marks.length === 0) return null;
  return <span className="ml-2 text-xs font-medium text-red-700">{marks.join(', ')}</span>;
}
