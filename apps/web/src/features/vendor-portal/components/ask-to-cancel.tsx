import { allowsMove, orderCorrectionMessages as m, unitsLeft, type VendorOrder } from '@haat/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Textarea } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useRequestCancellation } from '../api';
import { unshippedUnits } from './my-shipments';

const statusLabels = { pending: 'Awaiting the store', accepted: 'Accepted', declined: 'Declined' } as const;

/**
 * A vendor's cancellation requests on their order (issue 24): each with its state and,
 * when declined, the store's reason; and 'Ask to cancel' while the order is not yet on
 * the road, some of their units are left and not yet shipped (issue 34: the API answers
 * 409 otherwise) and no request of theirs is pending.
 */
export function AskToCancel({ order }: { order: VendorOrder }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ask = useRequestCancellation(order._id);
  const canAsk =
    allowsMove(order.status, 'requestCancel') &&
    order.products.some((line) => unitsLeft(line) > 0) &&
    (order.shipments === undefined || [...unshippedUnits(order).values()].some((units) => units > 0)) &&
    !order.cancelRequests.some((request) => request.status === 'pending');
  if (!canAsk && order.cancelRequests.length === 0) return null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(m.reasonRequired);
      return;
    }
    ask.mutate(reason, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        setOpen(false);
        setReason('');
      },
      onError: (failure) => notify.error(errorMessage(failure, 'Failed to send the request')),
    });
  };

  return (
    <section aria-label="Cancellation" className="rounded-xl border border-slate-200 bg-white p-5 text-sm">
      <h2 className="text-base font-semibold">Cancellation</h2>
      {order.cancelRequests.length > 0 && (
        <ul className="mt-2 space-y-2">
          {order.cancelRequests.map((request) => (
            <li key={request._id}>
              <span className="font-medium">{statusLabels[request.status]}</span> · {formatDateTime(request.createdAt)}
              <p className="text-slate-600">Your reason: {request.reason}</p>
              {request.decisionReason && <p className="text-slate-600">The store: {request.decisionReason}</p>}
            </li>
          ))}
        </ul>
      )}
      {canAsk && (
        <Button className="mt-3" variant="secondary" onClick={() => setOpen(true)}>
          Ask to cancel
        </Button>
      )}
      {open && (
        <Modal title="Ask to cancel my items" onClose={() => setOpen(false)} busy={ask.isPending}>
          <form onSubmit={submit} className="space-y-4" noValidate>
            <p className="text-slate-600">The store's admins decide; your items stay in the order until they accept.</p>
            <Field label="Reason" required error={error}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={3}
                  maxLength={500}
                  value={reason}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setError(undefined);
                  }}
                />
              )}
            </Field>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)} disabled={ask.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={ask.isPending}>
                {ask.isPending ? 'Processing...' : 'Send request'}
              </Button>
            </div>
          </form>
        </Modal>
      )}
    </section>
  );
}
