import { describe, expect, it } from 'vitest';
import { linePath, niceMax, seriesPoints, slotPoints } from './chartScale.ts';

describe('niceMax', () => {
  it.each([
    [[], 1],
    [[0, 0], 1],
    [[1], 1],
    [[3], 5],
    [[7, 2], 10],
    [[12], 20],
    [[20], 20],
    [[51], 100],
    [[340], 500],
    [[Number.NaN, 4], 5],
  ])('%j → %d', (values, top) => {
    expect(niceMax(values)).toBe(top);
  });
});

describe('seriesPoints', () => {
  const plot = { width: 120, height: 60, padding: 10 };

  it('spreads the days over the width and puts 0 at the bottom and the top value at the top', () => {
    const points = seriesPoints([0, 5, 10], 10, plot);
    expect(points).toEqual([
      { x: 10, y: 50 },
      { x: 60, y: 30 },
      { x: 110, y: 10 },
    ]);
    expect(linePath(points)).toBe('M10.0 50.0 L60.0 30.0 L110.0 10.0');
  });

  it('keeps one day and negative values on the plot', () => {
    expect(seriesPoints([-3], 1, plot)).toEqual([{ x: 10, y: 50 }]);
  });
});

describe('slotPoints', () => {
  const plot = { width: 320, height: 100, padding: 10 };

  it('puts each day at the centre of its own slot, none at the edges', () => {
    const points = slotPoints([0, 0, 4], 4, plot);
    expect(points.map((p) => p.x)).toEqual([60, 160, 260]);
    expect(points.map((p) => p.y)).toEqual([90, 90, 10]);
    expect(points[0]!.slot).toBe(100);
  });

  it('gives thirty days thirty slots across the plot', () => {
    const points = slotPoints(Array<number>(30).fill(0), 1, plot);
    expect(points).toHaveLength(30);
    expect(points[0]!.x).toBeGreaterThan(plot.padding);
    expect(points.at(-1)!.x).toBeLessThan(plot.width - plot.padding);
  });
});
