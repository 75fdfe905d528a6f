import { orderCorrectionMessages as m, type Order } from '@haat/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Textarea } from '../../../components/ui/field';
import { FormSection } from '../../../components/ui/form-section';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAnswerCancelRequest } from '../api';

const statusLabels = { pending: 'Awaiting an answer', accepted: 'Accepted', declined: 'Declined' } as const;

/**
 * Vendors' requests to cancel their lines of the order (issue 24): each with its vendor,
 * reason and state; a pending one is accepted (the vendor's units left are cancelled) or
 * declined with a reason the vendor is told.
 */
export function CancelRequests({ order }: { order: Order }) {
  const answer = useAnswerCancelRequest(order._id);
  const [declining, setDeclining] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (order.cancelRequests.length === 0) return null;

  const done = (message: string) => {
    notify.success(message);
    setDeclining(null);
    setReason('');
  };
  const accept = (requestId: string) =>
    answer.mutate(
      { requestId, accept: true, updatedAt: order.updatedAt },
      {
        onSuccess: (result) => done(result.message),
        onError: (failure) => notify.error(errorMessage(failure, 'Failed to accept the request')),
      },
    );
  const decline = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(m.reasonRequired);
      return;
    }
    if (declining)
      answer.mutate(
        { requestId: declining, accept: false, reason },
        {
          onSuccess: (result) => done(result.message),
          onError: (failure) => notify.error(errorMessage(failure, 'Failed to decline the request')),
        },
      );
  };

  return (
    <FormSection title="Cancellation requests">
      <ul className="space-y-3 text-sm">
        {order.cancelRequests.map((request) => (
          <li key={request._id} className="rounded-lg border border-slate-200 p-3">
            <p className="font-medium text-slate-900">
              {request.vendor}: {statusLabels[request.status]}
            </p>
            <p className="text-xs text-slate-500">{formatDateTime(request.createdAt)}</p>
            <p className="mt-1 text-slate-600">{request.reason}</p>
            {request.decisionReason && <p className="mt-1 text-slate-600">Declined: {request.decisionReason}</p>}
            {request.status === 'pending' && (
              <div className="mt-2 flex flex-wrap gap-2">
                <Button size="sm" variant="danger" disabled={answer.isPending} onClick={() => accept(request._id)}>
                  Accept and cancel their items
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={answer.isPending}
                  onClick={() => setDeclining(request._id)}
                >
                  Decline
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {declining && (
        <Modal title="Decline the request" onClose={() => setDeclining(null)} busy={answer.isPending}>
          <form onSubmit={decline} className="space-y-4" noValidate>
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
              <Button variant="secondary" onClick={() => setDeclining(null)} disabled={answer.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={answer.isPending}>
                {answer.isPending ? 'Processing...' : 'Decline'}
              </Button>
            </div>
          </form>
        </Modal>
      )}
    </FormSection>
  );
}
