import { type DashboardSummary, dashboardMessages } from '@haat/contract';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { formatNumber } from '../../../lib/format';
import { NARROW_SCREEN, useMediaQuery } from '../../../lib/use-media-query';
import { layoutPieLabels } from './pie-label-layout';

/** The pie's colours by slice (spec section 9: four colours, one per status of the pipeline), and red for Cancelled (issue 24). */
export const STATUS_CHART_COLOURS = ['#7c3aed', '#2563eb', '#f59e0b', '#10b981', '#dc2626'] as const;

/** A slice's label: 'status percent%' (spec section 2), the percent rounded to a whole number. */
export function sliceLabel(status: string, percent: number): string {
  return `${status} ${Math.round(percent * 100)}%`;
}

/** The pie starts at 12 o'clock and runs clockwise. */
const START_ANGLE = 90;
const END_ANGLE = -270;

interface SliceLabelProps {
  cx?: number;
  cy?: number;
  outerRadius?: number;
  index?: number;
  name?: unknown;
  percent?: number;
  fill?: string;
}

/**
 * 'Order Status Distribution' (spec section 2): one slice per status that has
 * orders, each labelled 'status percent%' beside the pie, the labels spread so
 * thin neighbouring slices stay readable. 'No orders to display' when there are none.
 */
export function StatusChart({ distribution }: { distribution: DashboardSummary['statusDistribution'] }) {
  const slices = distribution.filter((entry) => entry.count > 0);
  // On a phone (issue 12) a smaller pie and smaller labels, so 'On The Road 25%' fits beside it.
  const narrow = useMediaQuery(NARROW_SCREEN);
  const renderLabel = ({ cx = 0, cy = 0, outerRadius = 0, index = 0, name, percent = 0, fill }: SliceLabelProps) => {
    const places = layoutPieLabels(
      slices.map((slice) => slice.count),
      { cx, cy, outerRadius, startAngle: START_ANGLE, endAngle: END_ANGLE },
    );
    const place = places[index];
    if (!place) return null;
    return (
      <g>
        <polyline points={`${place.rim.x},${place.rim.y} ${place.text.x},${place.text.y}`} fill="none" stroke={fill} />
        <text
          x={place.text.x + (place.side === 'right' ? 4 : -4)}
          y={place.text.y}
          fill={fill}
          fontSize={narrow ? 11 : 13}
          textAnchor={place.side === 'right' ? 'start' : 'end'}
          dominantBaseline="central"
        >
          {sliceLabel(String(name), percent)}
        </text>
      </g>
    );
  };
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
                outerRadius={narrow ? '42%' : '65%'}
                startAngle={START_ANGLE}
                endAngle={END_ANGLE}
                isAnimationActive={false}
                label={renderLabel}
                labelLine={false}
              >
                {slices.map((entry) => (
                  // Each status keeps its colour whether or not the statuses before it have orders.
                  <Cell
                    key={entry.status}
                    fill={
                      STATUS_CHART_COLOURS[
                        distribution.findIndex((status) => status.status === entry.status) % STATUS_CHART_COLOURS.length
                      ]
                    }
                  />
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
