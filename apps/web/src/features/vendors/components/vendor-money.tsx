import { type AdjustmentBody, ledgerEntryKindLabels, payoutMessages } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { Spinner } from '../../../components/ui/spinner';
import { client, errorMessage, queries } from '../../../lib/api-client';
import { formatDate, formatSignedRupees } from '../../../lib/format';

/**
 * A vendor's money on the Vendor Details dialog (issue 25): their pending, available,
 * in-payout and paid balances, their ten latest ledger entries, and a manual
 * adjustment with its reason (signed rupees; it is available at once).
 */
export function VendorMoney({ vendorId }: { vendorId: string }) {
  const queryClient = useQueryClient();
  const ledger = useQuery(
    queries.payouts.vendorLedger.queryOptions({ input: { params: { id: vendorId }, query: { limit: 10 } } }),
  );
  const adjust = useMutation({
    mutationFn: (body: AdjustmentBody) => client.payouts.adjust({ params: { id: vendorId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.payouts.key() }),
  });
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount);
    const next = {
      amount: amount.trim() === '' || !Number.isFinite(value) || value === 0 ? payoutMessages.amountInvalid : undefined,
      reason: reason.trim() === '' ? payoutMessages.reasonRequired : undefined,
    };
    setErrors(next);
    if (next.amount || next.reason) return;
    adjust.mutate(
      { amount: value, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setAmount('');
          setReason('');
        },
        onError: (error) => notify.longError(errorMessage(error, 'Could not post the adjustment. Please try again.')),
      },
    );
  };

  if (ledger.isPending) return <Spinner label="Loading balances..." />;
  if (ledger.isError)
    return <p className="text-sm text-red-600">{errorMessage(ledger.error, 'Could not load balances')}</p>;
  const { balances, entries } = ledger.data;
  return (
    <section aria-label="Balances and ledger" className="mt-4 rounded-lg border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-slate-900">Balances</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {(
          [
            ['Pending', balances.pending],
            ['Available', balances.available],
            ['In payout', balances.processing],
            ['Paid', balances.paid],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-medium tabular-nums">{formatSignedRupees(value)}</dd>
          </div>
        ))}
      </dl>
      {entries.length > 0 && (
        <ul aria-label="Latest ledger entries" className="mt-3 divide-y divide-slate-100 text-sm">
          {entries.map((entry) => (
            <li key={entry._id} className="flex justify-between gap-2 py-1">
              <span className="min-w-0 truncate text-slate-600">
                {formatDate(entry.createdAt)} · {ledgerEntryKindLabels[entry.kind]}
                {entry.trackingNumber ? ` · ${entry.trackingNumber}` : entry.note ? ` · ${entry.note}` : ''}
              </span>
              <span className="tabular-nums">{formatSignedRupees(entry.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={submit}
        noValidate
        aria-label="Post an adjustment"
        className="mt-3 grid gap-2 sm:grid-cols-[8rem_1fr_auto]"
      >
        <Field label="Adjustment (Rs.)" error={errors.amount}>
          {(c) => <Input {...c} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
        </Field>
        <Field label="Reason" error={errors.reason}>
          {(c) => <Input {...c} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <div className="flex items-end">
          <Button type="submit" size="sm" disabled={adjust.isPending}>
            {adjust.isPending ? 'Posting...' : 'Post'}
          </Button>
        </div>
      </form>
    </section>
  );
}
