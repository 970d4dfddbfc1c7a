/**
 * Pivot: rows grouped by key columns (x), split by group columns (series), with one aggregated y per value column.
 * Two passes over typed arrays: the first numbers each row's x and group, the second folds values into flat
 * accumulators, so the cost per row is two Map lookups and a few array writes.
 */
import type { Aggr, Cell, ColumnRef, TableColumn } from '../types';

export interface PivotConfig {
  keys: ColumnRef[];
  groups: ColumnRef[];
  values: ColumnRef[];
}

export interface PivotSeries {
  key: string;
  /** y per x label, aligned with `xLabels`; an x with no rows for this series is 0. */
  values: number[];
}

export interface PivotResult {
  xLabels: string[];
  series: PivotSeries[];
}

/** Where pivot reads cells from: parsed table data, or plain row arrays through `rowSource`. */
export interface CellSource {
  readonly rowCount: number;
  cell(row: number, col: number): Cell | undefined;
  /** A column's numbers with NaN for anything else, when the source keeps them that way. */
  numberColumn?(col: number): Float64Array;
}

export function rowSource(rows: readonly Cell[][]): CellSource {
  return { rowCount: rows.length, cell: (r, c) => rows[r][c] };
}

const sameColumn = (a: ColumnRef, b: ColumnRef) => a.index === b.index && a.name === b.name;

function matches(ref: ColumnRef, columns: readonly TableColumn[]): boolean {
  const c = columns[ref.index];
  return c !== undefined && c.name === ref.name;
}

function dedupe(refs: readonly ColumnRef[]): ColumnRef[] {
  const out: ColumnRef[] = [];
  for (const r of refs) if (!out.some((o) => sameColumn(o, r))) out.push(r);
  return out;
}

/**
 * The pivot the chart uses: entries whose index and name no longer match a column are dropped, duplicate keys
 * and groups are dropped, and when nothing is set the first column is the key and the second the value.
 */
export function normalizePivot(
  config: { keys?: ColumnRef[]; groups?: ColumnRef[]; values?: ColumnRef[] } | undefined,
  columns: readonly TableColumn[],
): PivotConfig {
  const keys = dedupe((config?.keys ?? []).filter((r) => matches(r, columns)));
  const groups = dedupe((config?.groups ?? []).filter((r) => matches(r, columns)));
  const values = (config?.values ?? []).filter((r) => matches(r, columns)).map((r) => ({ ...r, aggr: r.aggr ?? 'sum' }));
  if (keys.length || groups.length || values.length) return { keys, groups, values };
  return defaultPivot(columns);
}

export function defaultPivot(columns: readonly TableColumn[]): PivotConfig {
  const ref = (c: TableColumn | undefined): ColumnRef[] => (c ? [{ name: c.name, index: c.index, aggr: 'sum' }] : []);
  return { keys: ref(columns[0]).map(({ name, index }) => ({ name, index, aggr: 'sum' })), groups: [], values: ref(columns[1]) };
}

/** Non-numeric cells count as 0. */
function numbersOf(src: CellSource, col: number): Float64Array {
  if (src.numberColumn) return src.numberColumn(col);
  const out = new Float64Array(src.rowCount);
  for (let r = 0; r < out.length; r++) {
    const v = src.cell(r, col);
    out[r] = typeof v === 'number' ? v : NaN;
  }
  return out;
}

const labelOf = (v: Cell | undefined): string => (v === undefined ? '' : String(v));

/** Numbers each row by a composite of the given columns; a single column is looked up by its raw value. */
function classify(src: CellSource, cols: readonly ColumnRef[], ids: Int32Array): string[] {
  const n = src.rowCount;
  const labels: string[] = [];
  if (cols.length === 0) {
    labels.push('');
    return labels;
  }
  if (cols.length === 1) {
    const idx = cols[0].index;
    const seen = new Map<Cell | undefined, number>();
    for (let r = 0; r < n; r++) {
      const v = src.cell(r, idx);
      let id = seen.get(v);
      if (id === undefined) {
        id = labels.length;
        seen.set(v, id);
        labels.push(labelOf(v));
      }
      ids[r] = id;
    }
    return labels;
  }
  const seen = new Map<string, number>();
  for (let r = 0; r < n; r++) {
    let label = labelOf(src.cell(r, cols[0].index));
    for (let c = 1; c < cols.length; c++) label += '.' + labelOf(src.cell(r, cols[c].index));
    let id = seen.get(label);
    if (id === undefined) {
      id = labels.length;
      seen.set(label, id);
      labels.push(label);
    }
    ids[r] = id;
  }
  return labels;
}

function seriesName(group: string, value: ColumnRef, hasGroups: boolean, valueCount: number): string {
  const v = `${value.name}(${value.aggr ?? 'sum'})`;
  if (!hasGroups) return v;
  return valueCount === 1 ? group : `${group}.${v}`;
}

/** Folds the rows into one series per group and value, each with one y per x label. */
export function pivot(src: CellSource, config: PivotConfig): PivotResult {
  const n = src.rowCount;
  const xIds = new Int32Array(n);
  const gIds = new Int32Array(n);
  const xLabels = classify(src, config.keys, xIds);
  const gLabels = classify(src, config.groups, gIds);
  const nx = n === 0 && config.keys.length ? 0 : xLabels.length;
  const ng = gLabels.length;
  const series: PivotSeries[] = [];
  const hasGroups = config.groups.length > 0;
  for (const value of config.values) {
    const aggr: Aggr = value.aggr ?? 'sum';
    const acc = new Float64Array(nx * ng);
    const counts = new Uint32Array(nx * ng);
    const nums = aggr === 'count' ? null : numbersOf(src, value.index);
    if (aggr === 'min' || aggr === 'max') acc.fill(aggr === 'min' ? Infinity : -Infinity);
    for (let r = 0; r < n; r++) {
      const slot = gIds[r] * nx + xIds[r];
      counts[slot]++;
      if (nums === null) continue;
      let y = nums[r];
      if (y !== y) y = 0;
      if (aggr === 'min') {
        if (y < acc[slot]) acc[slot] = y;
      } else if (aggr === 'max') {
        if (y > acc[slot]) acc[slot] = y;
      } else acc[slot] += y;
    }
    for (let g = 0; g < ng; g++) {
      const ys = new Array<number>(nx);
      let any = false;
      for (let x = 0; x < nx; x++) {
        const slot = g * nx + x;
        const c = counts[slot];
        if (c) any = true;
        ys[x] = c === 0 ? 0 : aggr === 'count' ? c : aggr === 'avg' ? acc[slot] / c : acc[slot];
      }
      if (any || n === 0) series.push({ key: seriesName(gLabels[g], value, hasGroups, config.values.length), values: ys });
    }
  }
  return { xLabels: nx ? xLabels : [], series };
}

/** The label of row `r` over `cols`, as `pivot` makes x and group labels. */
function rowLabel(src: CellSource, cols: readonly ColumnRef[], r: number): string {
  return cols.map((c) => labelOf(src.cell(r, c.index))).join('.');
}

/**
 * The first row behind one mark of a pivot chart (the x label and the series a bar, point or slice shows), or -1.
 * A chart click reads the linked column's value from it.
 */
export function rowOfMark(src: CellSource, config: PivotConfig, xLabel: string, seriesKey: string): number {
  const hasGroups = config.groups.length > 0;
  for (let r = 0; r < src.rowCount; r++) {
    if (config.keys.length && rowLabel(src, config.keys, r) !== xLabel) continue;
    const group = rowLabel(src, config.groups, r);
    if (config.values.length === 0 || config.values.some((v) => seriesName(group, { ...v, aggr: v.aggr ?? 'sum' }, hasGroups, config.values.length) === seriesKey)) return r;
  }
  return -1;
}
