import { isOrderStatus, type OrderStatus } from '@haat/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

/**
 * Spec section 2, Dashboard: Delivered green, On The Road yellow, Packaging blue, Order
 * Placed purple, Cancelled red as on the orders screens (issue 24), other grey.
 */
const statusTones: Record<OrderStatus, BadgeTone> = {
  Delivered: 'green',
  'On The Road': 'yellow',
  Packaging: 'blue',
  'Order Placed': 'purple',
  Cancelled: 'red',
};

/** An order's status as a coloured badge; a missing status reads 'Unknown' (spec section 3). */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const label = status || 'Unknown';
  return <Badge tone={isOrderStatus(label) ? statusTones[label] : 'grey'}>{label}</Badge>;
}
