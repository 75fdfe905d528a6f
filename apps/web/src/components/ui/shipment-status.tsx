import type { Shipment } from '@haat/contract';
import { AlertTriangle } from 'lucide-react';
import { Badge, type BadgeTone } from './badge';

const tones: Record<Shipment['status'], BadgeTone> = {
  // The order's own tones (spec section 2), so a shipment reads as its order would.
  'Order Placed': 'purple',
  Packaging: 'blue',
  'On The Road': 'yellow',
  Delivered: 'green',
  Cancelled: 'red',
};

/**
 * A shipment's status, and "Late" in words beside it when it is not yet on the road past
 * its ship-by time or was shipped after it (not colour alone; issue 34).
 */
export function ShipmentStatus({ shipment }: { shipment: Pick<Shipment, 'status' | 'late'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge tone={tones[shipment.status]}>{shipment.status}</Badge>
      {shipment.late && (
        <span className="inline-flex items-center gap-1 text-xs font-semibold text-red-700">
          <AlertTriangle className="h-3.5 w-3.5" aria-hidden />
          Late
        </span>
      )}
    </span>
  );
}
