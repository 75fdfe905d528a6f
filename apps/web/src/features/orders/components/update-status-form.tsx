import { isOrderStatus, nextOrderStatus, type Order, orderStatusMessages, type PipelineStatus } from '@haat/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, Select, Textarea } from '../../../components/ui/field';
import { FormSection } from '../../../components/ui/form-section';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateOrderStatus } from '../api';
import { displayStatus } from './order-status-badge';

/**
 * What the order may move to: the one status after `current` in the pipeline, as the
 * order process says (`nextOrderStatus`); none once Delivered or Cancelled. Spec
 * section 4 lists every later status and refuses all but the next on submit; offering
 * only the next one (issue 27) spares the admin a choice that can only fail. The server
 * still enforces the sequence.
 */
export function laterStatuses(current: string): PipelineStatus[] {
  const shown = displayStatus(current);
  const next = isOrderStatus(shown) ? nextOrderStatus(shown) : null;
  return next === null ? [] : [next];
}

/**
 * 'Update Status' (spec sections 2, 4, 5): the next status to choose and a note. Only
 * the next one is accepted ('Status must follow the sequence: …'); the server
 * checks again, with the version of the order on screen, so a change made meanwhile
 * by another admin is refused rather than overwritten. On success the selection and
 * note clear. The page hides this form once the order is Delivered. While a vendor's
 * request to cancel is waiting for an answer, it asks before moving the order on
 * (issue 33): moving it on may make the request impossible to grant.
 */
export function UpdateStatusForm({ order }: { order: Order }) {
  const [status, setStatus] = useState('');
  const [notes, setNotes] = useState('');
  const update = useUpdateOrderStatus(order._id);
  const options = laterStatuses(order.status);
  const [confirming, setConfirming] = useState(false);

  const send = () =>
    update.mutate(
      { orderId: order._id, status, notes: notes.trim() || null, updatedAt: order.updatedAt },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setStatus('');
          setNotes('');
          setConfirming(false);
        },
        onError: (error) => {
          setConfirming(false);
          notify.error(errorMessage(error, orderStatusMessages.updateFailed));
        },
      },
    );

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!status) {
      notify.validation(orderStatusMessages.selectStatus);
      return;
    }
    if (status !== options[0]) {
      notify.validation(orderStatusMessages.sequence);
      return;
    }
    if (order.pendingCancelRequests > 0) {
      setConfirming(true);
      return;
    }
    send();
  };

  return (
    <FormSection title="Update Status">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field label="New Status">
          {(control) => (
            <Select {...control} value={status} onChange={(event) => setStatus(event.target.value)}>
              <option value="">Select status</option>
              {options.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Notes">
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={1000}
              placeholder="Add a note about this status change (optional)"
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={update.isPending} className="w-full">
          {update.isPending ? 'Updating...' : 'Update Status'}
        </Button>
      </form>
      {confirming && (
        <ConfirmDialog
          title="A cancellation request is waiting"
          confirmLabel={`Move to ${status}`}
          busyLabel="Updating..."
          busy={update.isPending}
          onConfirm={send}
          onCancel={() => setConfirming(false)}
        >
          <p>
            A vendor asked to cancel items of this order and has no answer yet. Moving the order to {status} may leave
            their request impossible to grant; answer it first under Cancellation requests.
          </p>
        </ConfirmDialog>
      )}
    </FormSection>
  );
}
