import type { Balances, LedgerEntryKind } from '@haat/contract';
import { ledgerEntryKindLabels } from '@haat/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatSignedRupees } from '../../../lib/format';

const kindTones: Record<LedgerEntryKind, BadgeTone> = {
  sale: 'green',
  commission: 'grey',
  cancellation: 'red',
  commission_reversal: 'grey',
  refund: 'red',
  payout: 'blue',
  payout_failed: 'yellow',
  adjustment: 'yellow',
  commission_gst: 'grey',
  tcs: 'grey',
  tds: 'grey',
};

/** A ledger entry's kind as a badge. */
export function EntryKind({ kind }: { kind: LedgerEntryKind }) {
  return <Badge tone={kindTones[kind]}>{ledgerEntryKindLabels[kind]}</Badge>;
}

/** The four balances as labelled figures. */
export function BalanceFigures({ balances }: { balances: Balances }) {
  const figures: [string, number, string][] = [
    ['Pending', balances.pending, 'Orders not delivered yet, or within the hold'],
    ['Available', balances.available, 'Ready for the next payout'],
    ['In payout', balances.processing, 'Sent to the bank, not yet confirmed'],
    ['Paid', balances.paid, 'Paid to the bank account, all time'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map(([label, amount, hint]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm font-medium text-slate-500">{label}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{formatSignedRupees(amount)}</dd>
          <dd className="mt-1 text-xs text-slate-500">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}
