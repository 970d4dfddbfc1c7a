/**
 * Zeppelin's object interpolation (`zeppelin.jdbc.interpolation`, or `%jdbc(interpolate=true)`): `{name}` becomes
 * the value of the shared object `name`, `{{text}}` becomes `{text}`. As in Zeppelin: if a `{name}` has no value, or
 * a run of braces has another shape (`{}`, `{{a}`), the whole text is used as written; a brace that opens no run
 * (a lone `}`) ends the interpolation there and the rest is kept as written.
 */
export type ValueLookup = (name: string) => { found: boolean; value?: unknown };

const asText = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

export function interpolate(text: string, lookup: ValueLookup): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const open = text.slice(i).search(/[{}]/);
    if (open < 0) break;
    const start = i + open;
    // A run of opening braces, a body without braces, a run of closing braces.
    const m = /^(\{+)([^{}]*)(\}+)/.exec(text.slice(start));
    // Zeppelin stops at the first brace that starts no such run and keeps the rest as written.
    if (!m) break;
    out += text.slice(i, start);
    const [whole, opens, body, closes] = m;
    if (opens.length === 1 && closes.length === 1 && body !== '') {
      const found = lookup(body);
      if (!found.found || found.value === undefined || found.value === null) return text;
      out += asText(found.value);
    } else if (opens.length === 2 && closes.length === 2 && body !== '') {
      out += `{${body}}`;
    } else {
      return text;
    }
    i = start + whole.length;
  }
  return out + text.slice(i);
}
