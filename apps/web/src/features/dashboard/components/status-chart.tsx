import { type DashboardSummary, dashboardMessages } from '@haat/contract';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatNumber } from '../../../lib/format';

/** The pie's colours, cycled through by slice (spec section 9: four colours). */
export const STATUS_CHART_COLOURS = ['#7c3aed', '#2563eb', '#f59e0b', '#10b981'] as const;

/** A slice's label: 'status percent%' (spec section 2), the percent rounded to a whole number. */
export function sliceLabel(status: string, percent: number): string {
  return `${status} ${Math.round(percent * 100)}%`;
}

/**
 * 'Order Status Distribution' (spec section 2): one slice per status that has
 * orders. 'No orders to display' when there are none.
 */
export function StatusChart({ distribution }: { distribution: DashboardSummary['statusDistribution'] }) {
  const slices = distribution.filter((entry) => entry.count > 0);
  return (
    <section
      aria-labelledby="status-chart-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="status-chart-title" className="mb-4 text-base font-semibold text-slate-900">
        {dashboardMessages.statusChart}
      </h2>
      {slices.length > 0 ? (
        <div className="h-72">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie
                data={slices}
                dataKey="count"
                nameKey="status"
                outerRadius="70%"
                isAnimationActive={false}
                label={({ name, percent }) => sliceLabel(String(name), Number(percent ?? 0))}
                labelLine
              >
                {slices.map((entry, index) => (
                  <Cell key={entry.status} fill={STATUS_CHART_COLOURS[index % STATUS_CHART_COLOURS.length]} />
                ))}
              </Pie>
              <Tooltip formatter={(value) => formatNumber(Number(value))} />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <p className="flex h-72 items-center justify-center text-sm text-slate-500">{dashboardMessages.noOrders}</p>
      )}
    </section>
  );
}
