import { Badge, type BadgeTone } from '../../../components/ui/badge';

/** Spec section 2, Dashboard: Delivered green, On The Road yellow, Packaging blue, Order Placed purple, other grey. */
const statusTones: Record<string, BadgeTone> = {
  Delivered: 'green',
  'On The Road': 'yellow',
  Packaging: 'blue',
  'Order Placed': 'purple',
};

/** An order's status as a coloured badge; a missing status reads 'Unknown' (spec section 3). */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const label = status || 'Unknown';
  return <Badge tone={statusTones[label] ?? 'grey'}>{label}</Badge>;
}
