/**
 * The frame of a large bar chart (LargeBarChart.tsx) as recharts 3 lays out a bar chart with our settings: the plot
 * area inside the margins and axes, a band per category, the value axis' domain and ticks, and which category labels
 * fit. Bars inside the bands are barLayout.ts'; test/results/barMarks.test.tsx holds both to recharts' own drawing.
 */
import { getNiceTickValues } from 'recharts';

export interface Margin { top: number; right: number; bottom: number; left: number }

export interface PlotArea { x: number; y: number; width: number; height: number }

/** Inside the margins, right of the value axis and above the category axis (recharts' chart offset). */
export function plotArea(width: number, height: number, margin: Margin, yAxisWidth: number, xAxisHeight: number): PlotArea {
  const x = margin.left + yAxisWidth;
  const y = margin.top;
  return { x, y, width: Math.max(0, width - x - margin.right), height: Math.max(0, height - y - margin.bottom - xAxisHeight) };
}

/** The category axis: one band of equal size per category across the plot, as recharts' band scale with no padding. */
export interface CategoryScale {
  size: number;
  start(index: number): number;
  centre(index: number): number;
  /** The category under a horizontal position, or -1 outside the plot's bands. */
  indexAt(x: number): number;
}

export function categoryScale(plot: PlotArea, count: number): CategoryScale {
  const size = count ? plot.width / count : 0;
  return {
    size,
    start: (i) => plot.x + i * size,
    centre: (i) => plot.x + (i + 0.5) * size,
    indexAt: (x) => {
      const i = Math.floor((x - plot.x) / size);
      return i >= 0 && i < count ? i : -1;
    },
  };
}

/**
 * The value axis of bars of `values` (one array per series): the data's range from zero (recharts' default domain
 * [0, 'auto'], which takes in the data; stacked, every end of every stack and its base), widened to five nice ticks.
 */
export function valueAxis(values: readonly (readonly number[])[], stacked: boolean): { domain: [number, number]; ticks: number[] } {
  let lo = 0;
  let hi = stacked ? 0 : -Infinity;
  const ends = stacked && values.length ? new Array<number>(values[0].length).fill(0) : null;
  for (const ys of values) {
    ys.forEach((v, i) => {
      if (!Number.isFinite(v)) return;
      const end = ends ? (ends[i] += v) : v;
      if (end < lo) lo = end;
      if (end > hi) hi = end;
    });
  }
  if (hi === -Infinity) hi = 0;
  const ticks = getNiceTickValues([lo, hi], 5, true, 'adaptive');
  if (ticks.length === 0) return { domain: [lo, hi], ticks: [lo, hi] };
  return { domain: [Math.min(lo, ticks[0]), Math.max(hi, ticks[ticks.length - 1])], ticks };
}

/** Where a value lies on the plot's height (larger values higher). */
export function valueScale(domain: readonly [number, number], plot: PlotArea): (v: number) => number {
  const [d0, d1] = domain;
  const span = d1 - d0 || 1;
  return (v) => plot.y + plot.height * (1 - (v - d0) / span);
}

/** A label's width in pixels, estimated from its length (axis labels are 12 px text). */
const labelWidth = (label: string): number => label.length * 7 + 4;
/** Space kept between two labels. */
const LABEL_GAP = 4;

/**
 * The categories whose labels are drawn: the first, the last, and in between every one that does not run into the
 * one before it (recharts' "preserveStartEnd"). A rotated label takes the axis' room of its height over the sine.
 */
export function shownLabels(labels: readonly string[], bandSize: number, angle: number): number[] {
  const sin = Math.abs(Math.sin((angle * Math.PI) / 180));
  const room = (label: string): number => (sin > 0.1 ? Math.min(labelWidth(label), 14 / sin) : labelWidth(label)) + LABEL_GAP;
  const n = labels.length;
  if (n === 0) return [];
  const centre = (i: number): number => (i + 0.5) * bandSize;
  const shown = [0];
  const lastEnd = n > 1 ? centre(n - 1) - room(labels[n - 1]) / 2 : Infinity;
  let end = centre(0) + room(labels[0]) / 2;
  for (let i = 1; i < n - 1; i++) {
    const half = room(labels[i]) / 2;
    if (centre(i) - half >= end && centre(i) + half <= lastEnd) {
      shown.push(i);
      end = centre(i) + half;
    }
  }
  if (n > 1 && lastEnd >= end) shown.push(n - 1);
  return shown;
}
