import { Badge, type BadgeTone } from '../../../components/ui/badge';

/**
 * Delivered green, On The Road yellow, Packaging blue, Order Placed purple (spec section
 * 2), Cancelled red (issue 24), other grey.
 */
const statusTones: Record<string, BadgeTone> = {
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
  return <Badge tone={statusTones[label] ?? 'grey'}>{label}</Badge>;
}
