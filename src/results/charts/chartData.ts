/** Pivot output in the row shape recharts draws, with downsampling and the words screen readers get. */
import type { PivotResult } from '../pivot/pivot';
import { downsampleIndexes, MAX_CHART_POINTS } from './downsample';
import { formatYTick } from './axisFormat';

export interface ChartRow {
  x: string;
  [series: string]: number | string;
}

/** Series are addressed as s0, s1…: recharts reads dots in a data key as a path, and series names have dots. */
export const seriesKey = (i: number): string => `s${i}`;

export interface ChartRows {
  rows: ChartRow[];
  names: string[];
  total: number;
  downsampled: boolean;
}

export function chartRows(p: PivotResult, max = MAX_CHART_POINTS): ChartRows {
  const idx = downsampleIndexes(p.xLabels.length, p.series[0]?.values, max);
  const rows = idx.map((i) => {
    const row: ChartRow = { x: p.xLabels[i] };
    p.series.forEach((s, k) => { row[seriesKey(k)] = s.values[i]; });
    return row;
  });
  return { rows, names: p.series.map((s) => s.key), total: p.xLabels.length, downsampled: idx.length < p.xLabels.length };
}

export function downsampleNotice(c: ChartRows): string | null {
  return c.downsampled ? `Showing ${c.rows.length} of ${c.total} points (downsampled for display)` : null;
}

/** One sentence: the chart kind, its size, and the range of the first series. */
export function chartSummary(kind: string, p: PivotResult): string {
  if (p.series.length === 0 || p.xLabels.length === 0) return `${kind}: no data.`;
  const first = p.series[0];
  let min = Infinity, max = -Infinity;
  for (const v of first.values) { if (v < min) min = v; if (v > max) max = v; }
  const span = p.xLabels.length === 1 ? p.xLabels[0] : `${p.xLabels[0]} to ${p.xLabels[p.xLabels.length - 1]}`;
  return `${kind} of ${p.series.length} series over ${p.xLabels.length} x values (${span}); ${first.key} ranges from ${formatYTick(min)} to ${formatYTick(max)}.`;
}
