import { orderCorrectionMessages, type VendorOrder } from '@haat/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/notify';
import { ShipmentBlock } from '../../../components/ui/shipment-block';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useVendorCancel, useVendorOrder } from '../api';

export const CANCEL_FAILED = 'Could not cancel the items. Please try again.';

/** The vendor's units of each line not yet on the road (in a shipment Order Placed or Packaging). */
export function unshippedUnits(order: VendorOrder): Map<string, number> {
  const left = new Map<string, number>();
  for (const shipment of order.shipments ?? []) {
    if (shipment.status !== 'Order Placed' && shipment.status !== 'Packaging') continue;
    for (const item of shipment.items) left.set(item.itemId, (left.get(item.itemId) ?? 0) + item.quantity);
  }
  return left;
}

/**
 * The vendor's own shipments of an order (issue 34), as blocks, with a link to their
 * Shipments queue to move them; and "Cancel my unshipped items": units not yet on the
 * road, with a reason (out of stock, cannot fulfil). It counts against their
 * cancellation rate, which the dialog says.
 */
export function MyShipments({ order }: { order: VendorOrder }) {
  const [open, setOpen] = useState(false);
  const shipments = order.shipments ?? [];
  if (shipments.length === 0) return null;
  const left = unshippedUnits(order);
  const lineName = (itemId: string) =>
    order.products.find((line) => line._id === itemId)?.product.name ?? `Item ${itemId}`;
  return (
    <section aria-labelledby="my-shipments" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-shipments" className="text-base font-semibold">
          My shipments
        </h2>
        <ButtonLink to={paths.shipments.list} variant="secondary">
          Go to Shipments
        </ButtonLink>
      </div>
      <div className="mt-3 space-y-3">
        {shipments.map((shipment, index) => (
          <ShipmentBlock key={shipment._id} shipment={shipment} lineName={lineName} index={index + 1} />
        ))}
      </div>
      {left.size > 0 && (
        <Button className="mt-3" variant="secondary" onClick={() => setOpen(true)}>
          Cancel my unshipped items
        </Button>
      )}
      {open && <CancelUnitsDialog order={order} left={left} lineName={lineName} onClose={() => setOpen(false)} />}
    </section>
  );
}

function CancelUnitsDialog({
  order,
  left,
  lineName,
  onClose,
}: {
  order: VendorOrder;
  left: Map<string, number>;
  lineName: (itemId: string) => string;
  onClose: () => void;
}) {
  const cancel = useVendorCancel(order._id);
  const refetch = useVendorOrder(order._id).refetch;
  const [units, setUnits] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [version, setVersion] = useState(order.updatedAt);
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const [reloading, setReloading] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const items: { itemId: string; quantity: number }[] = [];
    for (const [itemId, max] of left) {
      const raw = units[itemId] ?? '0';
      const quantity = Number(raw);
      if (!Number.isInteger(quantity) || quantity < 0 || quantity > max)
        found[itemId] = `Enter a whole number from 0 to ${max}`;
      else if (quantity > 0) items.push({ itemId, quantity });
    }
    if (items.length === 0 && Object.keys(found).length === 0) found.items = orderCorrectionMessages.itemsRequired;
    if (!reason.trim()) found.reason = orderCorrectionMessages.reasonRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setProblem(null);
    cancel.mutate(
      { items, reason: reason.trim(), updatedAt: version },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
        onError: (error) =>
          setProblem({
            message: errorMessage(error, CANCEL_FAILED),
            stale: error instanceof ApiError && error.status === 409,
          }),
      },
    );
  };

  const reload = () => {
    setReloading(true);
    refetch()
      .then((answer) => {
        setVersion(answer.data?.order.updatedAt);
        setProblem(null);
      })
      .finally(() => setReloading(false));
  };

  const busy = cancel.isPending || reloading;
  return (
    <Modal title="Cancel my unshipped items" onClose={onClose} busy={busy} width="max-w-lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          Only your units not yet shipped can be cancelled here. The customer is refunded for them, the stock comes
          back, and they count in your seller-cancellation rate.
        </p>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Units to cancel</legend>
          {[...left].map(([itemId, max]) => (
            <Field key={itemId} label={`${lineName(itemId)}: up to ${max}`} error={errors[itemId]}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={max}
                  className="w-28"
                  value={units[itemId] ?? '0'}
                  onChange={(event) => setUnits((current) => ({ ...current, [itemId]: event.target.value }))}
                />
              )}
            </Field>
          ))}
          {errors.items && <p className="text-xs text-red-600">{errors.items}</p>}
        </fieldset>
        <Field label="Reason" required error={errors.reason} hint="For example: out of stock, cannot fulfil.">
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        {problem && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>{problem.message}</p>
            {problem.stale && (
              <p className="mt-1">
                What you entered is kept.{' '}
                <Button size="sm" variant="secondary" className="mt-2" onClick={reload} disabled={busy}>
                  Reload the order
                </Button>
              </p>
            )}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep them
          </Button>
          <Button type="submit" variant="danger" disabled={busy || (problem?.stale ?? false)}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel these units'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
