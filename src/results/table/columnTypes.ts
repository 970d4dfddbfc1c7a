/**
 * Column types of the grid and what they change: how cells compare when sorting and how they display. The saved
 * form is Zeppelin's `tableColumnTypeState.names` (column name → type); an unknown or missing type reads as string.
 */
import { parseServerDate } from '../../../slices/domain/dates';
import type { Cell } from '../types';

export type GridColumnType = 'string' | 'number' | 'date';
export type AdvancedColumnType = GridColumnType | 'boolean' | 'object' | 'numberStr';
export const GRID_COLUMN_TYPES: readonly GridColumnType[] = ['string', 'number', 'date'];
export const ADVANCED_COLUMN_TYPES: readonly AdvancedColumnType[] = ['string', 'number', 'date', 'boolean', 'object', 'numberStr'];
export const DEFAULT_COLUMN_TYPE: GridColumnType = 'string';

export function columnType(names: Record<string, unknown> | undefined, column: string): AdvancedColumnType {
  const t = names?.[column];
  return typeof t === 'string' && (ADVANCED_COLUMN_TYPES as readonly string[]).includes(t) ? (t as AdvancedColumnType) : DEFAULT_COLUMN_TYPE;
}

const asNumber = (v: Cell | undefined): number => (typeof v === 'number' ? v : v === undefined || v === '' ? NaN : Number(v));

function asTime(v: Cell | undefined): number {
  if (v === undefined || v === '') return NaN;
  const d = parseServerDate(typeof v === 'number' ? v : String(v));
  return d ? d.getTime() : NaN;
}

const asBoolean = (v: Cell | undefined): number => (String(v).toLowerCase() === 'true' ? 1 : String(v).toLowerCase() === 'false' ? 0 : NaN);

const text = (v: Cell | undefined): string => (v === undefined ? '' : String(v));

// Two cells that do not read as numbers are equal, so they keep their rows' order (the comparison stays consistent).
const byNumber = (x: number, y: number): number => (x === y || (x !== x && y !== y) ? 0 : x !== x ? 1 : y !== y ? -1 : x < y ? -1 : 1);

/** What a cell sorts by in a column of the type: a number (NaN when it does not read as the type) or text. */
export function sortValue(type: AdvancedColumnType, v: Cell | undefined): number | string {
  switch (type) {
    case 'number':
    case 'numberStr':
      return asNumber(v);
    case 'date':
      return asTime(v);
    case 'boolean':
      return asBoolean(v);
    default:
      return text(v);
  }
}

/** Ascending order of two sort values of one column; NaN sorts last. */
export function compareSortValues(x: number | string, y: number | string): number {
  if (typeof x === 'number' && typeof y === 'number') return byNumber(x, y);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Ascending comparison for a column type; values that do not read as the type sort last. */
export function compareCells(type: AdvancedColumnType, a: Cell | undefined, b: Cell | undefined): number {
  return compareSortValues(sortValue(type, a), sortValue(type, b));
}

/** Literal, case-insensitive substring match: a filter like `a.b(` or `[` is text, never a pattern. */
export function matchesFilter(value: Cell | undefined, term: string): boolean {
  if (!term) return true;
  return text(value).toLowerCase().includes(term.toLowerCase());
}

export type FooterAggregation = 'count' | 'sum' | 'min' | 'max' | 'avg';
export const FOOTER_AGGREGATIONS: readonly FooterAggregation[] = ['count', 'sum', 'min', 'max', 'avg'];

/** Footer value over the shown rows; sum, min, max and avg use numeric cells only. */
export function aggregate(kind: FooterAggregation, values: readonly (Cell | undefined)[]): number | null {
  if (kind === 'count') return values.length;
  let sum = 0, n = 0, min = Infinity, max = -Infinity;
  for (const v of values) {
    const x = asNumber(v);
    if (x !== x) continue;
    sum += x;
    n++;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  if (kind === 'sum') return sum;
  if (n === 0) return null;
  return kind === 'min' ? min : kind === 'max' ? max : sum / n;
}

/** Minimum column width: 150 px, or 10 px per character of the name when that is wider. */
export function minColumnWidth(name: string): number {
  return Math.max(150, name.length * 10);
}
