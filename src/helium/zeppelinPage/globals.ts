/**
 * What Zeppelin's page has globally and published Helium bundles use without importing: jQuery (`$`, `jQuery`),
 * d3 version 3 (`d3`) and a few `angular` helpers (`angular.equals`, `angular.copy`, `angular.element`...). Set
 * only where the page has nothing under that name yet.
 */
import $ from 'jquery';
import d3 from 'd3';

type AnyRecord = Record<string, unknown>;

/** AngularJS's `angular.equals`: deep equality that ignores functions and `$`-prefixed keys. */
export function angularEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => angularEquals(x, b[i]));
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  const keys = (o: object): string[] => Object.keys(o).filter((k) => !k.startsWith('$') && typeof (o as AnyRecord)[k] !== 'function');
  const ka = keys(a);
  const kb = keys(b);
  return ka.length === kb.length && ka.every((k) => kb.includes(k) && angularEquals((a as AnyRecord)[k], (b as AnyRecord)[k]));
}

const copy = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

const angularHelpers = {
  equals: angularEquals,
  copy,
  element: $,
  extend: Object.assign,
  forEach(obj: unknown, fn: (v: unknown, k: unknown) => void): void {
    if (Array.isArray(obj)) obj.forEach((v, i) => fn(v, i));
    else if (obj && typeof obj === 'object') Object.entries(obj).forEach(([k, v]) => fn(v, k));
  },
  isArray: Array.isArray,
  isDefined: (v: unknown) => v !== undefined,
  isUndefined: (v: unknown) => v === undefined,
  isFunction: (v: unknown) => typeof v === 'function',
  isObject: (v: unknown) => v !== null && typeof v === 'object',
  isString: (v: unknown) => typeof v === 'string',
  isNumber: (v: unknown) => typeof v === 'number',
  toJson: (v: unknown) => JSON.stringify(v),
  fromJson: (v: unknown) => (typeof v === 'string' ? JSON.parse(v) as unknown : v),
};

export function installGlobals(target: AnyRecord = window as unknown as AnyRecord): typeof $ {
  target.$ ??= $;
  target.jQuery ??= $;
  target.d3 ??= d3;
  target.angular ??= angularHelpers;
  return $;
}
