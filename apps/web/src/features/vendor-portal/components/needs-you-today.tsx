import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useShipmentSummary } from '../api';

function Count({
  label,
  value,
  tab,
  caption,
  urgent = false,
}: {
  label: string;
  value: number;
  tab: 'to-pack' | 'to-ship' | 'late';
  caption: string;
  urgent?: boolean;
}) {
  return (
    <Link
      to={paths.shipments.tab(tab)}
      className={`block min-w-0 rounded-xl border bg-white p-4 hover:border-pink-400 sm:p-5 ${
        urgent && value > 0 ? 'border-red-300' : 'border-slate-200'
      }`}
    >
      <span className="block text-sm text-slate-500">{label}</span>
      <span className="mt-1 block text-lg font-semibold text-slate-900 sm:text-2xl">{formatNumber(value)}</span>
      <span className={`mt-1 block text-xs ${urgent && value > 0 ? 'font-medium text-red-700' : 'text-slate-500'}`}>
        {caption}
      </span>
    </Link>
  );
}

/**
 * What needs the vendor today (issue 34), leading their dashboard: shipments to pack,
 * due today and late, each count opening its tab of Shipments.
 */
export function NeedsYouToday() {
  const summary = useShipmentSummary();
  return (
    <section aria-labelledby="needs-you-today" className="space-y-3">
      <h2 id="needs-you-today" className="text-base font-semibold text-slate-900">
        Needs you today
      </h2>
      {summary.isPending ? (
        <Spinner label="Loading shipments..." />
      ) : summary.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(summary.error, 'Failed to load shipments')}
        </p>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Count label="To pack" value={summary.data.toPack} tab="to-pack" caption="Orders placed, not packed yet" />
          <Count label="To ship" value={summary.data.toShip} tab="to-ship" caption="Packed, waiting for the courier" />
          <Count
            label="Due today"
            value={summary.data.dueToday}
            tab="to-pack"
            caption="To ship by the end of today (most urgent first)"
          />
          <Count
            label="Late"
            value={summary.data.late}
            tab="late"
            caption={summary.data.late > 0 ? 'Past their ship-by time: ship them now' : 'Nothing late'}
            urgent
          />
        </div>
      )}
    </section>
  );
}
