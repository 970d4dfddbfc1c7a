/**
 * What a visualisation package declares about its settings: axes that take columns (as keys, groups or aggregated
 * values) and typed parameters edited through a small set of widgets. The values are parsed here so that the
 * widgets stay dumb.
 */
import type { Aggr } from '../types';

export type AxisType = 'key' | 'group' | 'aggregator';

export interface AxisSpec {
  name: string;
  description?: string;
  axisType: AxisType;
  /** Only one column allowed on this axis. */
  maxAxisCount?: number;
  minAxisCount?: number;
}

export type ValueType = 'int' | 'float' | 'boolean' | 'string' | 'JSON';
export type OptionWidget = 'input' | 'option' | 'checkbox' | 'textarea' | 'btn-group';

export type ParamValue = number | boolean | string | null | ParamValue[] | { [key: string]: ParamValue };

export interface OptionSpec {
  name: string;
  valueType: ValueType;
  defaultValue: ParamValue;
  widget: OptionWidget;
  description?: string;
  /** Choices for `option` and `btn-group`. */
  optionValues?: string[];
}

export interface AxisColumn {
  name: string;
  index: number;
  aggr?: Aggr;
}

/** Parses a widget's text for a value type; a value that does not parse keeps the spec's default. */
export function parseParam(raw: string | boolean, spec: Pick<OptionSpec, 'valueType' | 'defaultValue'>): ParamValue {
  if (typeof raw === 'boolean') return spec.valueType === 'boolean' ? raw : String(raw);
  switch (spec.valueType) {
    case 'int': {
      const n = Number.parseInt(raw, 10);
      return Number.isFinite(n) ? n : spec.defaultValue;
    }
    case 'float': {
      const n = Number.parseFloat(raw);
      return Number.isFinite(n) ? n : spec.defaultValue;
    }
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : spec.defaultValue;
    case 'JSON':
      try {
        return JSON.parse(raw) as ParamValue;
      } catch {
        return spec.defaultValue;
      }
    default:
      return raw;
  }
}

/** The text a widget shows for a value. */
export function paramText(value: ParamValue | undefined, spec: Pick<OptionSpec, 'valueType'>): string {
  if (value === undefined || value === null) return '';
  return spec.valueType === 'JSON' ? JSON.stringify(value) : String(value);
}

/** Current values: saved ones where present, defaults elsewhere. */
export function paramValues(specs: readonly OptionSpec[], saved: Record<string, unknown> | undefined): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  for (const s of specs) out[s.name] = saved && s.name in saved ? (saved[s.name] as ParamValue) : s.defaultValue;
  return out;
}

/** A column may go on an axis unless the axis is full. */
export function canAddToAxis(axis: AxisSpec, current: readonly AxisColumn[]): boolean {
  return axis.maxAxisCount === undefined || current.length < axis.maxAxisCount;
}
