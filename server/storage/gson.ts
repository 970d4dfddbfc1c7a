/**
 * JSON text the way Zeppelin's Gson writes note files: two-space pretty printing, HTML-unsafe characters escaped
 * (`<` as `\u003c` and so on), and numbers read into Java `Object`/`Map` fields printed as doubles (`12.0`).
 * Matching that byte for byte means a note nobody changed is written back identical, and diffs in git stay small.
 */
import type { JsonValue } from '../../protocol';

const ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '=': '\\u003d', "'": '\\u0027', '\u2028': '\\u2028', '\u2029': '\\u2029',
};
const UNSAFE = /[<>&='\u2028\u2029]/g;

export function gsonString(s: string): string {
  return JSON.stringify(s).replace(UNSAFE, (c) => ESCAPES[c]);
}

/** Java's `Double.toString` for the values that occur in practice. */
export function javaDouble(n: number): string {
  if (!Number.isFinite(n)) return 'null';
  const abs = Math.abs(n);
  if (abs !== 0 && (abs >= 1e7 || abs < 1e-3)) {
    const [mant, exp] = n.toExponential().split('e');
    return `${mant.includes('.') ? mant : `${mant}.0`}E${exp.replace('+', '')}`;
  }
  return Number.isInteger(n) ? `${n}.0` : String(n);
}

/** Decides, per object key path, whether an integral number is a Java int (printed bare) or a double. */
export type IntKeyTest = (key: string, depth: number) => boolean;

export function gsonStringify(value: unknown, isIntKey: IntKeyTest = () => false): string {
  const out: string[] = [];
  const write = (v: unknown, indent: string, key: string, depth: number): void => {
    if (v === null || v === undefined) {
      out.push('null');
    } else if (typeof v === 'string') {
      out.push(gsonString(v));
    } else if (typeof v === 'number') {
      out.push(Number.isInteger(v) && isIntKey(key, depth) ? String(v) : javaDouble(v));
    } else if (typeof v === 'boolean') {
      out.push(v ? 'true' : 'false');
    } else if (Array.isArray(v)) {
      if (v.length === 0) {
        out.push('[]');
        return;
      }
      const inner = `${indent}  `;
      out.push('[\n');
      v.forEach((item, i) => {
        out.push(inner);
        write(item, inner, key, depth + 1);
        out.push(i < v.length - 1 ? ',\n' : '\n');
      });
      out.push(`${indent}]`);
    } else if (typeof v === 'object') {
      // Gson drops null members (PROTOCOL 1.10), so undefined/null values vanish with their key.
      const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined && x !== null);
      if (entries.length === 0) {
        out.push('{}');
        return;
      }
      const inner = `${indent}  `;
      out.push('{\n');
      entries.forEach(([k, x], i) => {
        out.push(`${inner}${gsonString(k)}: `);
        write(x, inner, k, depth + 1);
        out.push(i < entries.length - 1 ? ',\n' : '\n');
      });
      out.push(`${indent}}`);
    } else {
      out.push('null');
    }
  };
  write(value, '', '', 0);
  return out.join('');
}

export type { JsonValue };
