import { describe, expect, it } from 'vitest';
import { layoutPieLabels } from '../components/pie-label-layout';

const pie = { cx: 200, cy: 150, outerRadius: 100, startAngle: 90, endAngle: -270 };

describe('layoutPieLabels', () => {
  it('keeps labels of thin neighbouring slices at least a line apart', () => {
    // The demo store's shape: one large slice and three of a few percent.
    const places = layoutPieLabels([1, 2, 3, 94], pie, 18);
    const right = places.filter((place) => place.side === 'right').map((place) => place.text.y);
    expect(right).toHaveLength(3);
    const sorted = [...right].sort((a, b) => a - b);
    for (let index = 1; index < sorted.length; index += 1) {
      expect((sorted[index] as number) - (sorted[index - 1] as number)).toBeGreaterThanOrEqual(18);
    }
  });

  it('sets labels in a column clear of the pie, level with their slices when they do not collide', () => {
    const places = layoutPieLabels([1, 1, 1, 1], pie, 18, 20);
    // Quarter slices from 12 o'clock clockwise: middles at 1:30, 4:30, 7:30 and 10:30.
    const r = 120 / Math.SQRT2;
    expect(places.map((place) => place.side)).toEqual(['right', 'right', 'left', 'left']);
    expect(places.map((place) => place.text.x)).toEqual([320, 320, 80, 80]);
    expect(places[0]?.text.y).toBeCloseTo(150 - r);
    expect(places[1]?.text.y).toBeCloseTo(150 + r);
    expect(places[2]?.text.y).toBeCloseTo(150 + r);
    expect(places[0]?.rim.x).toBeCloseTo(200 + 100 / Math.SQRT2);
    expect(places[0]?.rim.y).toBeCloseTo(150 - 100 / Math.SQRT2);
  });
});
