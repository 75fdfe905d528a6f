import type { PerformanceResponse, PerformanceWindow } from '@haat/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { errorMessage } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';
import { Spinner } from './spinner';

/** A rate as a percentage with one decimal: 0.0375 → '3.8%'. */
export function formatRate(rate: number): string {
  return `${(rate * 100).toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`;
}

/** A rate against its target: the words say over or under, the icon and colour only repeat them. */
function Against({ rate, threshold }: { rate: number; threshold: number }) {
  const within = rate < threshold;
  return (
    <span
      className={`inline-flex items-center gap-1 text-xs font-medium ${within ? 'text-emerald-700' : 'text-red-700'}`}
    >
      {within ? <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> : <XCircle className="h-3.5 w-3.5" aria-hidden />}
      {within ? `Under the ${formatRate(threshold)} target` : `Over the ${formatRate(threshold)} target`}
    </span>
  );
}

function WindowFigures({
  title,
  window,
  thresholds,
}: {
  title: string;
  window: PerformanceWindow;
  thresholds: PerformanceResponse['thresholds'];
}) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <dl className="mt-2 space-y-2 text-sm">
        <div>
          <dt className="text-slate-500">Shipments dispatched</dt>
          <dd className="font-semibold text-slate-900">{formatNumber(window.dispatched)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Late-dispatch rate</dt>
          <dd className="flex flex-wrap items-center gap-x-2 text-slate-900">
            <span className="font-semibold">{formatRate(window.lateDispatchRate)}</span>
            <span className="text-xs text-slate-500">({formatNumber(window.late)} late)</span>
            <Against rate={window.lateDispatchRate} threshold={thresholds.lateDispatchRate} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Seller-cancellation rate</dt>
          <dd className="flex flex-wrap items-center gap-x-2 text-slate-900">
            <span className="font-semibold">{formatRate(window.cancellationRate)}</span>
            <span className="text-xs text-slate-500">
              ({formatNumber(window.sellerCancelledUnits)} of {formatNumber(window.orderedUnits)} units)
            </span>
            <Against rate={window.cancellationRate} threshold={thresholds.cancellationRate} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Return rate</dt>
          <dd className="flex flex-wrap items-center gap-x-2 text-slate-900">
            <span className="font-semibold">{formatRate(window.returnRate)}</span>
            <span className="text-xs text-slate-500">
              ({formatNumber(window.returnedUnits)} of {formatNumber(window.deliveredUnits)} units delivered)
            </span>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * Seller performance (issue 34): over 30 and 90 days, shipments dispatched, the
 * late-dispatch rate, the seller-cancellation rate and the return rate, each rate against
 * the store's target (late dispatch under 4%, cancellations under 2.5%) with "Under" or
 * "Over" in words, not colour alone.
 */
export function SellerPerformanceFigures({ performance }: { performance: PerformanceResponse }) {
  const { thresholds } = performance;
  return (
    <section aria-labelledby="seller-performance" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="seller-performance" className="text-base font-semibold text-slate-900">
        Seller performance
      </h2>
      <p className="mt-1 text-xs text-slate-500">
        Targets: late dispatch under {formatRate(thresholds.lateDispatchRate)}, cancellations under{' '}
        {formatRate(thresholds.cancellationRate)}.
      </p>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <WindowFigures title="Last 30 days" window={performance.days30} thresholds={thresholds} />
        <WindowFigures title="Last 90 days" window={performance.days90} thresholds={thresholds} />
      </div>
    </section>
  );
}

/** Seller performance as read by `query` (`GET /api/vendor/performance` or `GET /api/vendors/{id}/performance`). */
export function SellerPerformance({ query }: { query: UseQueryResult<PerformanceResponse> }) {
  if (query.isPending) return <Spinner label="Loading seller performance..." />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        {errorMessage(query.error, 'Failed to load seller performance')}
      </p>
    );
  return <SellerPerformanceFigures performance={query.data} />;
}
