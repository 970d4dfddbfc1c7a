/**
 * The three date flavours of PROTOCOL 1.10. Notes keep the file flavour in memory (so a date nobody touched is
 * written back byte for byte); the websocket and REST flavours are derived when a note leaves the server.
 */

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** `yyyy-MM-dd HH:mm:ss.SSS`, server time zone: the `.zpln` flavour. */
export function formatFileDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

function offset(d: Date): string {
  const minutes = -d.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** `yyyy-MM-dd'T'HH:mm:ssZ`, e.g. `2026-08-22T17:07:12+0900`: the websocket flavour. */
export function formatWsDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}${offset(d)}`;
}

/** `yyyy-MM-dd HH:mm:ss`, the suffix Zeppelin appends to a trashed note whose path is taken. */
export function formatTrashSuffix(d: Date): string {
  return formatFileDate(d).slice(0, 19);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Gson's default US date style, e.g. `Feb 10, 2015 1:53:02 AM`: the REST flavour. */
export function formatRestDate(d: Date): string {
  const h = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()} ${h}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

const FILE_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{3})$/;
const WS_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?(Z|[+-]\d{2}:?\d{2})$/;
const US_RE = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2}):(\d{2})(?:\s|\u202f)?(AM|PM)?$/;

/** Reads any of the four formats Zeppelin accepts when loading or importing (PROTOCOL 1.10), plus ISO with millis. */
export function parseAnyDate(s: string): Date | undefined {
  let m = FILE_RE.exec(s);
  if (m) return new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], +m[7]);
  m = WS_RE.exec(s);
  if (m) {
    const ms = m[7] ? Number(m[7].padEnd(3, '0')) : 0;
    const utc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], ms);
    if (m[8] === 'Z') return new Date(utc);
    const tz = m[8].replace(':', '');
    const mins = (tz[0] === '-' ? -1 : 1) * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(3, 5)));
    return new Date(utc - mins * 60_000);
  }
  m = US_RE.exec(s);
  if (m) {
    const month = MONTHS.indexOf(m[1]);
    if (month < 0) return undefined;
    let hour = +m[4];
    if (m[7] === 'PM' && hour < 12) hour += 12;
    if (m[7] === 'AM' && hour === 12) hour = 0;
    return new Date(+m[3], month, +m[2], hour, +m[5], +m[6]);
  }
  return undefined;
}

/** File-flavour string to websocket flavour; anything unparseable passes through untouched. */
/**
 * Conversions already made: a note is sent whole on every open and to every watcher, and parsing a date in local
 * time is the dearest part of that for a note of thousands of paragraphs. Emptied when full.
 */
const wsDates = new Map<string, string>();
const WS_DATES_KEPT = 100_000;

export function fileDateToWs(s: string): string {
  const known = wsDates.get(s);
  if (known !== undefined) return known;
  const d = parseAnyDate(s);
  const out = d ? formatWsDate(d) : s;
  if (wsDates.size >= WS_DATES_KEPT) wsDates.clear();
  wsDates.set(s, out);
  return out;
}

export function fileDateToRest(s: string): string {
  const d = parseAnyDate(s);
  return d ? formatRestDate(d) : s;
}

/** Any accepted flavour to file flavour (used on import, where the source may be a websocket or REST export). */
export function anyDateToFile(s: string): string {
  if (FILE_RE.test(s)) return s;
  const d = parseAnyDate(s);
  return d ? formatFileDate(d) : s;
}
