/**
 * Date display. The spec writes its formats in moment.js tokens; date-fns uses different tokens (`do`, `yyyy`,
 * `dd`, `EEEE`, `aaa`), so every format goes through `momentToDateFns` here, in one place.
 */
import { format as formatFns, type Locale } from 'date-fns';

/** Spec formats, in moment tokens as the spec writes them. */
export const REVISION_DATE_FORMAT = 'MMMM Do YYYY, h:mm a';
export const PARAGRAPH_DATE_FORMAT = 'MMMM Do YYYY, h:mm:ss a';
export const CHART_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

// Longest tokens first, so that `YYYY` wins over `YY` and `Do` over `D`.
const TOKENS: ReadonlyArray<[string, string]> = [
  ['YYYY', 'yyyy'], ['YY', 'yy'],
  ['MMMM', 'MMMM'], ['MMM', 'MMM'], ['MM', 'MM'], ['Mo', 'Mo'], ['M', 'M'],
  ['Do', 'do'], ['DD', 'dd'], ['D', 'd'],
  ['dddd', 'EEEE'], ['ddd', 'EEE'], ['dd', 'EEEEEE'], ['do', 'eo'], ['d', 'e'],
  ['HH', 'HH'], ['H', 'H'], ['hh', 'hh'], ['h', 'h'], ['kk', 'kk'], ['k', 'k'],
  ['mm', 'mm'], ['m', 'm'], ['ss', 'ss'], ['s', 's'],
  ['SSS', 'SSS'], ['SS', 'SS'], ['S', 'S'],
  ['A', 'a'], ['a', 'aaa'],
  ['ZZ', 'xx'], ['Z', 'xxx'],
  ['X', 't'], ['x', 'T'],
  ['Qo', 'Qo'], ['Q', 'Q'], ['ww', 'ww'], ['w', 'w'], ['WW', 'II'], ['W', 'I'],
];

/** Translates a moment.js format string into the date-fns equivalent. Text in [brackets] is kept literally. */
export function momentToDateFns(fmt: string): string {
  let out = '';
  let literal = '';
  const flush = () => {
    if (literal) {
      out += `'${literal.replace(/'/g, "''")}'`;
      literal = '';
    }
  };
  for (let i = 0; i < fmt.length; ) {
    if (fmt[i] === '[') {
      const end = fmt.indexOf(']', i + 1);
      if (end > i) {
        literal += fmt.slice(i + 1, end);
        i = end + 1;
        continue;
      }
    }
    const hit = TOKENS.find(([m]) => fmt.startsWith(m, i));
    if (hit) {
      flush();
      out += hit[1];
      i += hit[0].length;
      continue;
    }
    const c = fmt[i];
    if (/[A-Za-z]/.test(c)) literal += c;
    else {
      flush();
      out += c === "'" ? "''" : c;
    }
    i++;
  }
  flush();
  return out;
}

const cache = new Map<string, string>();

/** Formats a date with a moment-style format, in the given date-fns locale. Invalid dates give ''. */
export function formatDate(date: Date | number | string, momentFormat: string, locale?: Locale): string {
  const d = parseServerDate(date);
  if (!d) return '';
  let fnsFormat = cache.get(momentFormat);
  if (!fnsFormat) {
    fnsFormat = momentToDateFns(momentFormat);
    cache.set(momentFormat, fnsFormat);
  }
  return formatFns(d, fnsFormat, locale ? { locale } : undefined);
}

/**
 * Reads the date flavours Zeppelin sends: websocket `2026-08-22T17:07:12+0900`, file `2021-07-26 05:55:56.511`,
 * and REST `Feb 10, 2015 1:53:02 AM` (whatever Date can read), plus epoch numbers.
 */
export function parseServerDate(v: Date | number | string | undefined | null): Date | null {
  if (v === undefined || v === null || v === '') return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === 'number') return new Date(v);
  const iso = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2}):?(\d{2})?$/.exec(v);
  if (iso) return new Date(`${iso[1]}T${iso[2]}${iso[3]}:${iso[4] ?? '00'}`);
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2}(?:\.\d+)?)$/.exec(v);
  if (local) return new Date(`${local[1]}T${local[2]}`);
  const d = new Date(v.replace(/\u202f/g, ' '));
  return Number.isNaN(d.getTime()) ? null : d;
}
