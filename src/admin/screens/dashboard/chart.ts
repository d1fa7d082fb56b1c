/**
 * The dashboard chart's geometry, drawn as plain SVG (no chart library: thirty bars and a line do
 * not earn one): bars for the day's orders on the left scale, a line for its revenue in EUR on
 * the right. Coordinates are in the viewBox; the SVG scales to its box.
 */
export interface DayPoint {
  date: string;
  orders: number;
  revenueEur: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  bars: { x: number; y: number; width: number; height: number; day: DayPoint }[];
  /** The revenue line's `d` attribute; empty without days. */
  line: string;
  points: { x: number; y: number }[];
  maxOrders: number;
  maxRevenue: number;
  /** Indexes of the days labelled under the axis (every seventh from the first, and the last). */
  labelled: number[];
}

/** A round number at or above `value` for an axis top (1, 2, 5 x 10^n); at least 1. */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function chartGeometry(days: readonly DayPoint[], width = 720, height = 240): ChartGeometry {
  const plot = { left: 40, right: width - 64, top: 12, bottom: height - 28 };
  // At least 2 orders, so the half-way line is a whole order; revenue rounds in whole euros.
  const maxOrders = Math.max(2, niceCeiling(Math.max(0, ...days.map((d) => d.orders))));
  const maxRevenue = 100 * niceCeiling(Math.max(0, ...days.map((d) => d.revenueEur)) / 100);
  const slot = days.length ? (plot.right - plot.left) / days.length : 0;
  const plotHeight = plot.bottom - plot.top;
  const bars = days.map((day, i) => {
    const h = (day.orders / maxOrders) * plotHeight;
    return { x: plot.left + i * slot + slot * 0.15, y: plot.bottom - h, width: slot * 0.7, height: h, day };
  });
  const points = days.map((day, i) => ({ x: plot.left + i * slot + slot / 2, y: plot.bottom - (day.revenueEur / maxRevenue) * plotHeight }));
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  // Every seventh day and the last, unless the last would crowd the one before it.
  const weekly = days.map((_d, i) => i).filter((i) => i % 7 === 0 && days.length - 1 - i >= 4);
  const labelled = days.length ? [...weekly, days.length - 1] : [];
  return { width, height, plot, bars, line, points, maxOrders, maxRevenue, labelled };
}
