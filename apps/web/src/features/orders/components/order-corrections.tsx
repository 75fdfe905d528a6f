import {
  allowsMove,
  orderCorrectionMessages as m,
  type Order,
  type ReturnReason,
  returnReasonLabels,
  returnReasons,
  unitsLeft,
} from '@haat/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { FormSection } from '../../../components/ui/form-section';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatRupees } from '../../../lib/format';
import { useCancelOrder, useRecordReturn } from '../api';

/**
 * Orders that go wrong on the order detail (issue 24): the buttons the order's state
 * allows (Cancel order and Cancel items before it goes on the road, Record return once
 * delivered), their dialogs, and the record of past cancellations and returns with the
 * order's figures. The server checks every rule again; these only offer what it allows.
 */

type Line = Order['products'][number];
/** True when the order process allows `move` in the order's status and some unit is left for it. */
const offers = (order: Order, move: 'cancel' | 'return') =>
  allowsMove(order.status, move) && order.products.some((l) => unitsLeft(l) > 0);

/** Per line, how many units to take back: a number input bounded by what is left. */
function UnitSteppers({
  lines,
  units,
  onChange,
  verb,
}: {
  lines: readonly Line[];
  units: Record<string, number>;
  onChange: (units: Record<string, number>) => void;
  verb: string;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-slate-700">Items</legend>
      {lines
        .filter((line) => unitsLeft(line) > 0)
        .map((line) => (
          <Field key={line._id} label={`Units of ${line.product.name} to ${verb}`} hint={`${unitsLeft(line)} left`}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                max={unitsLeft(line)}
                value={units[line._id] ?? 0}
                onChange={(event) =>
                  onChange({
                    ...units,
                    [line._id]: Math.max(0, Math.min(unitsLeft(line), Math.trunc(Number(event.target.value) || 0))),
                  })
                }
              />
            )}
          </Field>
        ))}
    </fieldset>
  );
}

const chosen = (units: Record<string, number>) =>
  Object.entries(units)
    .filter(([, quantity]) => quantity > 0)
    .map(([itemId, quantity]) => ({ itemId, quantity }));

/** 'Cancel order' (everything left) or 'Cancel items' (the units chosen), with a required reason. */
function CancelDialog({ order, whole, onClose }: { order: Order; whole: boolean; onClose: () => void }) {
  const cancel = useCancelOrder(order._id);
  const [reason, setReason] = useState('');
  const [units, setUnits] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | undefined>();
  const items = chosen(units);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(m.reasonRequired);
      return;
    }
    if (!whole && items.length === 0) {
      notify.validation(m.itemsRequired);
      return;
    }
    cancel.mutate(
      { reason, ...(whole ? {} : { items }), updatedAt: order.updatedAt },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
        onError: (failure) => notify.error(errorMessage(failure, 'Failed to cancel')),
      },
    );
  };

  return (
    <Modal title={whole ? 'Cancel order' : 'Cancel items'} onClose={onClose} busy={cancel.isPending} width="max-w-lg">
      <form onSubmit={submit} className="space-y-4" noValidate>
        {whole ? (
          <p className="text-sm text-slate-600">
            Every unit still in this order is cancelled and goes back to stock; a coupon's use is given back.
          </p>
        ) : (
          <UnitSteppers lines={order.products} units={units} onChange={setUnits} verb="cancel" />
        )}
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
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={cancel.isPending}>
            Keep order
          </Button>
          <Button type="submit" variant="danger" disabled={cancel.isPending}>
            {cancel.isPending ? 'Processing...' : whole ? 'Cancel order' : 'Cancel items'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** 'Record return': the units, a reason, whether they go back to stock, and the refund (default: what was paid). */
function ReturnDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const record = useRecordReturn(order._id);
  const [units, setUnits] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason>('damaged');
  const [note, setNote] = useState('');
  const [restock, setRestock] = useState(true);
  const [refund, setRefund] = useState('');
  const items = chosen(units);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (items.length === 0) {
      notify.validation(m.itemsRequired);
      return;
    }
    const amount = refund.trim() === '' ? undefined : Number(refund);
    if (amount !== undefined && !(Number.isFinite(amount) && amount >= 0)) {
      notify.validation(m.refundInvalid);
      return;
    }
    record.mutate(
      {
        items,
        reason,
        note: note.trim() || undefined,
        restock,
        ...(amount === undefined ? {} : { refundAmount: amount }),
        updatedAt: order.updatedAt,
      },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onClose();
        },
        onError: (failure) => notify.error(errorMessage(failure, 'Failed to record the return')),
      },
    );
  };

  return (
    <Modal title="Record return" onClose={onClose} busy={record.isPending} width="max-w-lg">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <UnitSteppers lines={order.products} units={units} onChange={setUnits} verb="return" />
        <Field label="Reason" required>
          {(control) => (
            <Select {...control} value={reason} onChange={(event) => setReason(event.target.value as ReturnReason)}>
              {returnReasons.map((value) => (
                <option key={value} value={value}>
                  {returnReasonLabels[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Note">
          {(control) => (
            <Textarea {...control} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          )}
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />
          Put the units back in stock
        </label>
        <Field
          label="Refund (Rs.)"
          hint="Leave empty to refund what the customer paid for these units; a lower amount keeps a restocking fee."
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={refund}
              onChange={(event) => setRefund(event.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={record.isPending}>
            {record.isPending ? 'Processing...' : 'Record return'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The buttons the order's state allows; each opens its dialog. None when nothing is allowed. */
export function OrderCorrectionActions({ order }: { order: Order }) {
  const [open, setOpen] = useState<'whole' | 'items' | 'return' | null>(null);
  const cancellable = offers(order, 'cancel');
  const returnable = offers(order, 'return');
  if (!cancellable && !returnable) return null;
  return (
    <FormSection title="Cancel or return">
      <div className="flex flex-wrap gap-2">
        {cancellable && (
          <>
            <Button variant="danger" onClick={() => setOpen('whole')}>
              Cancel order
            </Button>
            <Button variant="secondary" onClick={() => setOpen('items')}>
              Cancel items
            </Button>
          </>
        )}
        {returnable && (
          <Button variant="secondary" onClick={() => setOpen('return')}>
            Record return
          </Button>
        )}
      </div>
      {(open === 'whole' || open === 'items') && (
        <CancelDialog order={order} whole={open === 'whole'} onClose={() => setOpen(null)} />
      )}
      {open === 'return' && <ReturnDialog order={order} onClose={() => setOpen(null)} />}
    </FormSection>
  );
}

/** The order's cancellations and returns, oldest first: lines, units, amounts, who and when. */
export function OrderCorrectionsRecord({ order }: { order: Order }) {
  if (order.cancellations.length === 0 && order.returns.length === 0) return null;
  return (
    <FormSection title="Cancellations and returns">
      <ul className="space-y-4">
        {order.cancellations.map((entry) => (
          <li key={`c${entry._id}`} className="rounded-lg border border-slate-200 p-3 text-sm">
            <p className="font-medium text-slate-900">
              {entry.wholeOrder ? 'Order cancelled' : 'Items cancelled'}: {formatRupees(entry.amount)}
            </p>
            <p className="text-xs text-slate-500">
              {formatDateTime(entry.createdAt)}
              {entry.by ? ` by ${entry.by}` : ''}
            </p>
            <ul className="mt-1 text-slate-600">
              {entry.items.map((item) => (
                <li key={item.itemId}>
                  {item.quantity} × {item.productName}: {formatRupees(item.amount)}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-slate-600">Reason: {entry.reason}</p>
          </li>
        ))}
        {order.returns.map((entry) => (
          <li key={`r${entry._id}`} className="rounded-lg border border-slate-200 p-3 text-sm">
            <p className="font-medium text-slate-900">
              Return: {formatRupees(entry.refundAmount)} refunded ({entry.refundMethod})
            </p>
            {entry.restockingFee > 0 && (
              <p className="text-slate-600">Restocking fee kept: {formatRupees(entry.restockingFee)}</p>
            )}
            <p className="text-xs text-slate-500">
              {formatDateTime(entry.createdAt)}
              {entry.by ? ` by ${entry.by}` : ''}
            </p>
            <ul className="mt-1 text-slate-600">
              {entry.items.map((item) => (
                <li key={item.itemId}>
                  {item.quantity} × {item.productName}
                </li>
              ))}
            </ul>
            <p className="mt-1 text-slate-600">
              Reason: {returnReasonLabels[entry.reason as ReturnReason] ?? entry.reason}
              {entry.note ? `: ${entry.note}` : ''}; {entry.restock ? 'back in stock' : 'not restocked'}
            </p>
          </li>
        ))}
      </ul>
    </FormSection>
  );
}
