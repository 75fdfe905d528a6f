/** A slice label's place beside a pie, in the chart's pixels (y grows downwards). */
export interface PieLabelPlace {
  /** Where the leader line leaves the slice's rim. */
  rim: { x: number; y: number };
  /** Where the label's text is anchored. */
  text: { x: number; y: number };
  side: 'left' | 'right';
}

export interface PieGeometry {
  cx: number;
  cy: number;
  outerRadius: number;
  /** Degrees, counter-clockwise from 3 o'clock, as Recharts measures them. */
  startAngle: number;
  endAngle: number;
}

const RADIAN = Math.PI / 180;

/**
 * Places every slice's label outside the pie so no two overlap: labels stand in a
 * column left or right of the pie, each starting level with its slice's middle
 * (pointed at by a leader line); labels on the same side are then pushed apart
 * (top to bottom) until `lineHeight` pixels separate them. Slices of a few percent
 * side by side otherwise print their labels on top of each other.
 *
 * @param values the slices' sizes, in drawing order (all > 0).
 * @returns one place per slice, in the same order.
 */
export function layoutPieLabels(values: number[], pie: PieGeometry, lineHeight = 18, gap = 22): PieLabelPlace[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  const sweep = pie.endAngle - pie.startAngle;
  let before = 0;
  const places = values.map((value) => {
    const mid = pie.startAngle + (sweep * (before + value / 2)) / total;
    before += value;
    const cos = Math.cos(-mid * RADIAN);
    const sin = Math.sin(-mid * RADIAN);
    const side: PieLabelPlace['side'] = cos >= 0 ? 'right' : 'left';
    return {
      rim: { x: pie.cx + pie.outerRadius * cos, y: pie.cy + pie.outerRadius * sin },
      // Labels stand in a column on each side, clear of the pie whatever the angle.
      text: {
        x: pie.cx + (side === 'right' ? 1 : -1) * (pie.outerRadius + gap),
        y: pie.cy + (pie.outerRadius + gap) * sin,
      },
      side,
    };
  });

  for (const side of ['left', 'right'] as const) {
    const column = places.filter((place) => place.side === side).sort((a, b) => a.text.y - b.text.y);
    for (let index = 1; index < column.length; index += 1) {
      const above = column[index - 1] as PieLabelPlace;
      const place = column[index] as PieLabelPlace;
      if (place.text.y - above.text.y < lineHeight) place.text.y = above.text.y + lineHeight;
    }
  }
  return places;
}
