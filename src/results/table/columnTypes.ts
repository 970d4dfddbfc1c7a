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

const byNumber = (x: number, y: number): number => (x === y ? 0 : x !== x ? 1 : y !== y ? -1 : x < y ? -1 : 1);

/** Ascending comparison for a column type; values that do not read as the type sort last. */
export function compareCells(type: AdvancedColumnType, a: Cell | undefined, b: Cell | undefined): number {
  switch (type) {
    case 'number':
    case 'numberStr':
      return byNumber(asNumber(a), asNumber(b));
    case 'date':
      return byNumber(asTime(a), asTime(b));
    case 'boolean':
      return byNumber(asBoolean(a), asBoolean(b));
    default: {
      const x = text(a);
      const y = text(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }
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
