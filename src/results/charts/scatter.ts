/**
 * Scatter data. An axis is discrete when any of its values is a non-numeric string or its distinct values are
 * fewer than 5% of all values; a discrete axis places categories at 0, 1, 2… The size column applies only when all
 * its values are numeric and neither axis is discrete. Points closer than the jitter quantum (1e-4 of an axis'
 * range) to a point already drawn in the same group add nothing visible and are dropped; on two discrete axes they
 * are counted instead, and the count becomes the bubble size.
 */
import type { CellSource } from '../pivot/pivot';
import type { Cell, ColumnRef, TableColumn } from '../types';

export const SCATTER_JITTER = 1e-4;
export const DISCRETE_DISTINCT_RATIO = 0.05;

export interface ScatterSetting {
  xAxis?: ColumnRef | null;
  yAxis?: ColumnRef | null;
  group?: ColumnRef | null;
  size?: ColumnRef | null;
}

export interface ScatterPoint {
  x: number;
  y: number;
  size: number;
  /** The original cell values, for tooltips. */
  xLabel: string;
  yLabel: string;
}

export interface ScatterData {
  groups: { key: string; points: ScatterPoint[] }[];
  xDiscrete: boolean;
  yDiscrete: boolean;
  xCategories: string[];
  yCategories: string[];
  sizeAllowed: boolean;
  /** Points left out as near-duplicates. */
  dropped: number;
}

const isNumericCell = (v: Cell | undefined): v is number => typeof v === 'number';

export function isDiscrete(values: readonly (Cell | undefined)[]): boolean {
  if (values.length === 0) return false;
  const distinct = new Set<Cell | undefined>();
  for (const v of values) {
    if (typeof v === 'string') return true;
    distinct.add(v);
  }
  return distinct.size < values.length * DISCRETE_DISTINCT_RATIO;
}

/** The size column may be used: every value numeric and neither axis discrete. */
export function isSizeAllowed(sizeValues: readonly (Cell | undefined)[], xDiscrete: boolean, yDiscrete: boolean): boolean {
  return !xDiscrete && !yDiscrete && sizeValues.every(isNumericCell);
}

const refOk = (ref: ColumnRef | null | undefined, columns: readonly TableColumn[]): ref is ColumnRef =>
  !!ref && columns[ref.index]?.name === ref.name;

/** Saved axes that still match a column; x and y default to the first two columns. */
export function normalizeScatter(setting: ScatterSetting | undefined, columns: readonly TableColumn[]): ScatterSetting {
  const pick = (r: ColumnRef | null | undefined) => (refOk(r, columns) ? { name: r.name, index: r.index } : null);
  const fallback = (i: number) => (columns[i] ? { name: columns[i].name, index: i } : null);
  const s = setting ?? {};
  const anySet = refOk(s.xAxis, columns) || refOk(s.yAxis, columns) || refOk(s.group, columns) || refOk(s.size, columns);
  return {
    xAxis: anySet ? pick(s.xAxis) : fallback(0),
    yAxis: anySet ? pick(s.yAxis) : fallback(1),
    group: pick(s.group),
    size: pick(s.size),
  };
}

function column(src: CellSource, ref: ColumnRef | null | undefined): (Cell | undefined)[] | null {
  if (!ref) return null;
  const out = new Array<Cell | undefined>(src.rowCount);
  for (let r = 0; r < out.length; r++) out[r] = src.cell(r, ref.index);
  return out;
}

function categories(values: readonly (Cell | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const v of values) seen.add(String(v ?? ''));
  return [...seen];
}

export function scatterData(src: CellSource, setting: ScatterSetting): ScatterData {
  const n = src.rowCount;
  const xs = column(src, setting.xAxis);
  const ys = column(src, setting.yAxis);
  const gs = column(src, setting.group);
  const ss = column(src, setting.size);
  const xDiscrete = xs ? isDiscrete(xs) : false;
  const yDiscrete = ys ? isDiscrete(ys) : false;
  const sizeAllowed = ss ? isSizeAllowed(ss, xDiscrete, yDiscrete) : false;
  const xCategories = xs && xDiscrete ? categories(xs) : [];
  const yCategories = ys && yDiscrete ? categories(ys) : [];
  const xIndex = new Map(xCategories.map((c, i) => [c, i]));
  const yIndex = new Map(yCategories.map((c, i) => [c, i]));
  const pos = (v: Cell | undefined, discrete: boolean, index: Map<string, number>): number =>
    discrete ? index.get(String(v ?? '')) ?? 0 : typeof v === 'number' ? v : 0;
  let xMin = Infinity, xMax = -Infinity, yMin = Infinity, yMax = -Infinity;
  const px = new Float64Array(n);
  const py = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    px[r] = xs ? pos(xs[r], xDiscrete, xIndex) : r;
    py[r] = ys ? pos(ys[r], yDiscrete, yIndex) : 0;
    if (px[r] < xMin) xMin = px[r];
    if (px[r] > xMax) xMax = px[r];
    if (py[r] < yMin) yMin = py[r];
    if (py[r] > yMax) yMax = py[r];
  }
  const qx = Math.max(xMax - xMin, 1) * SCATTER_JITTER;
  const qy = Math.max(yMax - yMin, 1) * SCATTER_JITTER;
  const both = xDiscrete && yDiscrete;
  const groups = new Map<string, { key: string; points: ScatterPoint[]; cells: Map<string, ScatterPoint> }>();
  let dropped = 0;
  for (let r = 0; r < n; r++) {
    const key = gs ? String(gs[r] ?? '') : setting.yAxis?.name ?? '';
    let g = groups.get(key);
    if (!g) {
      g = { key, points: [], cells: new Map() };
      groups.set(key, g);
    }
    const cell = `${Math.round(px[r] / qx)}:${Math.round(py[r] / qy)}`;
    const prior = g.cells.get(cell);
    if (prior) {
      if (both) prior.size++;
      else dropped++;
      continue;
    }
    const size = both ? 1 : sizeAllowed && ss ? (ss[r] as number) : 1;
    const point = { x: px[r], y: py[r], size, xLabel: String(xs?.[r] ?? r), yLabel: String(ys?.[r] ?? '') };
    g.cells.set(cell, point);
    g.points.push(point);
  }
  return {
    groups: [...groups.values()].map(({ key, points }) => ({ key, points })),
    xDiscrete, yDiscrete, xCategories, yCategories, sizeAllowed, dropped,
  };
}

/** The first row drawn as this point of group `groupKey` (same cell texts as the point's), or -1. */
export function rowOfPoint(src: CellSource, setting: ScatterSetting, point: Pick<ScatterPoint, 'xLabel' | 'yLabel'>, groupKey: string): number {
  const text = (ref: ColumnRef | null | undefined, r: number): string | undefined => (ref ? String(src.cell(r, ref.index) ?? '') : undefined);
  for (let r = 0; r < src.rowCount; r++) {
    if ((text(setting.xAxis, r) ?? String(r)) !== point.xLabel) continue;
    if ((text(setting.yAxis, r) ?? '') !== point.yLabel) continue;
    if ((text(setting.group, r) ?? setting.yAxis?.name ?? '') === groupKey) return r;
  }
  return -1;
}
