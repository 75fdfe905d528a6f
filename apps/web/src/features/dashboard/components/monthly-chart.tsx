import { dashboardMessages, type MonthlyPoint } from '@haat/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, formatRupees } from '../../../lib/format';
import { NARROW_SCREEN, useMediaQuery } from '../../../lib/use-media-query';

/** Revenue ticks on a phone: 12L, 1.2Cr (the Indian short forms), so the axis stays narrow. */
const compactRupees = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

const ORDERS_COLOUR = '#1e3a8a';
const REVENUE_COLOUR = '#db2777';

/**
 * 'Monthly Orders & Revenue' (spec section 2): orders and Delivered revenue per month
 * for the last 12 months, labelled with month and year. Orders and rupees differ by
 * orders of magnitude, so each has its own axis. 'No data available' when no month
 * has an order.
 */
export function MonthlyChart({ months }: { months: MonthlyPoint[] }) {
  const hasData = months.some((month) => month.orders > 0 || month.revenue > 0);
  // On a phone (issue 12) the month labels thin out to those that fit and the revenue axis shortens.
  const narrow = useMediaQuery(NARROW_SCREEN);
  return (
    <section
      aria-labelledby="monthly-chart-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="monthly-chart-title" className="mb-4 text-base font-semibold text-slate-900">
        {dashboardMessages.monthlyChart}
      </h2>
      {hasData ? (
        <div className="h-72">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={months}
              margin={narrow ? { top: 8, right: 0, bottom: 8, left: 0 } : { top: 8, right: 8, bottom: 8, left: 8 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
              <XAxis
                dataKey="label"
                tick={{ fontSize: 11 }}
                interval={narrow ? 'preserveStartEnd' : 0}
                minTickGap={narrow ? 4 : 5}
                angle={-35}
                textAnchor="end"
                height={50}
              />
              <YAxis yAxisId="orders" allowDecimals={false} tick={{ fontSize: 11 }} width={narrow ? 32 : 40} />
              <YAxis
                yAxisId="revenue"
                orientation="right"
                tick={{ fontSize: 11 }}
                width={narrow ? 44 : 70}
                tickFormatter={(value: number) => (narrow ? compactRupees.format(value) : formatNumber(value))}
              />
              <Tooltip
                formatter={(value, name) =>
                  name === 'Revenue' ? formatRupees(Number(value)) : formatNumber(Number(value))
                }
              />
              <Legend />
              <Bar yAxisId="orders" dataKey="orders" name="Orders" fill={ORDERS_COLOUR} radius={[4, 4, 0, 0]} />
              <Bar yAxisId="revenue" dataKey="revenue" name="Revenue" fill={REVENUE_COLOUR} radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <p className="flex h-72 items-center justify-center text-sm text-slate-500">{dashboardMessages.noChartData}</p>
      )}
    </section>
  );
}
