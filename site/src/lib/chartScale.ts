/** The scale of the dashboard's small charts: pure, so it is tested without a browser. */

/** The smallest "round" top (1, 2, 5 × 10ⁿ) at or above the largest value; 1 for an empty chart. */
export const niceMax = (values: readonly number[]): number => {
  const max = Math.max(0, ...values.filter((v) => Number.isFinite(v)));
  if (max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= max) return step * magnitude;
  return 10 * magnitude;
};

export type Plot = { width: number; height: number; padding: number };

/** Where each value of a series lands: x spread evenly over the days, y from the bottom. */
export const seriesPoints = (
  values: readonly number[],
  top: number,
  plot: Plot,
): { x: number; y: number }[] => {
  const inner = { w: plot.width - 2 * plot.padding, h: plot.height - 2 * plot.padding };
  const step = values.length > 1 ? inner.w / (values.length - 1) : 0;
  return values.map((v, i) => ({
    x: plot.padding + i * step,
    y: plot.padding + inner.h - (Math.max(0, v) / top) * inner.h,
  }));
};

/** An SVG path through the points ('M x y L x y …'), rounded to tenths. */
export const linePath = (points: readonly { x: number; y: number }[]): string =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');

/**
 * Bars of a day each: the width cut into one slot per value and each value at
 * its slot's centre, so the first and last days sit inside the plot like the
 * others, not half outside it at the edges.
 */
export const slotPoints = (
  values: readonly number[],
  top: number,
  plot: Plot,
): { x: number; y: number; slot: number }[] => {
  const inner = { w: plot.width - 2 * plot.padding, h: plot.height - 2 * plot.padding };
  const slot = inner.w / Math.max(1, values.length);
  return values.map((v, i) => ({
    x: plot.padding + (i + 0.5) * slot,
    y: plot.padding + inner.h - (Math.max(0, v) / top) * inner.h,
    slot,
  }));
};
