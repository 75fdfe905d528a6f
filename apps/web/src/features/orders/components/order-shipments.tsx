import type { Order, Shipment } from '@haat/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormSection } from '../../../components/ui/form-section';
import { notify } from '../../../components/ui/notify';
import { MOVE_FAILED, ShipOne } from '../../../components/ui/ship-one';
import { ShipmentBlock } from '../../../components/ui/shipment-block';
import { errorMessage } from '../../../lib/api-client';
import { useMoveShipment } from '../../../lib/use-move-shipment';
import { useOrder } from '../api';

/**
 * The order's shipments as blocks (issue 34; the admin's order detail): one per vendor
 * and one for the store's own products, each moved on its own (Start packing, Mark
 * shipped with carrier, AWB and units, Mark delivered), with the order's status said to
 * be derived from them.
 */
export function OrderShipments({ order }: { order: Order }) {
  const shipments = order.shipments ?? [];
  const orderQuery = useOrder(order._id);
  const move = useMoveShipment({ admin: true });
  const [shipping, setShipping] = useState<Shipment | null>(null);
  const [delivering, setDelivering] = useState<Shipment | null>(null);
  if (shipments.length === 0) return null;

  const line = (itemId: string) => order.products.find((product) => product._id === itemId);
  const lineName = (itemId: string) => line(itemId)?.product.name ?? `Item ${itemId}`;
  const moveTo = (shipment: Shipment, status: 'Packaging' | 'Delivered') =>
    move.mutate(
      { id: shipment._id, body: { status, updatedAt: shipment.updatedAt } },
      {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (error) => notify.longError(errorMessage(error, MOVE_FAILED)),
        onSettled: () => setDelivering(null),
      },
    );
  const open = shipments.filter((shipment) => shipment.status !== 'Cancelled');

  return (
    <FormSection
      title="Shipments"
      description={`The order's status, ${order.status}, is derived: it is the least advanced of its ${open.length === 1 ? 'shipment' : `${open.length} shipments`} not cancelled. Each vendor's shipment moves on its own.`}
    >
      <div className="space-y-3">
        {shipments.map((shipment, index) => {
          const name = `shipment ${index + 1}`;
          return (
            <ShipmentBlock key={shipment._id} shipment={shipment} lineName={lineName} index={index + 1}>
              {shipment.status === 'Order Placed' && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={move.isPending}
                  onClick={() => moveTo(shipment, 'Packaging')}
                  aria-label={`Start packing ${name}`}
                >
                  Start packing
                </Button>
              )}
              {(shipment.status === 'Order Placed' || shipment.status === 'Packaging') && (
                <Button
                  size="sm"
                  disabled={move.isPending}
                  onClick={() => setShipping(shipment)}
                  aria-label={`Mark shipped ${name}`}
                >
                  Mark shipped
                </Button>
              )}
              {shipment.status === 'On The Road' && (
                <Button
                  size="sm"
                  disabled={move.isPending}
                  onClick={() => setDelivering(shipment)}
                  aria-label={`Mark delivered ${name}`}
                >
                  Mark delivered
                </Button>
              )}
            </ShipmentBlock>
          );
        })}
      </div>
      {shipping && (
        <ShipOne
          admin
          shipmentId={shipping._id}
          label={order.trackingNumber}
          version={shipping.updatedAt}
          lines={shipping.items.map((item) => ({
            itemId: item.itemId,
            name: lineName(item.itemId),
            quantity: item.quantity,
          }))}
          reload={() =>
            orderQuery
              .refetch()
              .then((answer) => answer.data?.order.shipments?.find((one) => one._id === shipping._id)?.updatedAt)
          }
          onClose={() => setShipping(null)}
        />
      )}
      {delivering && (
        <ConfirmDialog
          title="Mark delivered?"
          confirmLabel="Mark delivered"
          busyLabel="Updating..."
          busy={move.isPending}
          onConfirm={() => moveTo(delivering, 'Delivered')}
          onCancel={() => setDelivering(null)}
        >
          <p>
            This shipment is marked delivered and its vendor's earnings on it start their payout hold. This cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </FormSection>
  );
}
