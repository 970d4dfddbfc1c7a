/**
 * What a decoded frame carries in long strings: the table results the table worker should keep for the page, and
 * whether the frame is mostly text. A frame that is mostly text is cheap to hand from a worker to the page (a string
 * crosses as one copy), while a frame of many small objects (a note of thousands of paragraphs) costs the page more
 * to receive that way than to parse itself.
 */

/** Above this many characters (about 10,000 rows) a table is parsed in the table worker. */
export const WORKER_MIN_CHARS = 500_000;

/** Strings at least this long count as the frame's text. */
const LONG_STRING = 65_536;
/** Objects nested deeper than this are not looked into (results sit a few levels down in any frame). */
const MAX_DEPTH = 12;

export interface FrameText {
  /** The `data` of every TABLE result longer than `minChars`, in the order of a depth-first walk. */
  tables: string[];
  /** The length of all strings of at least LONG_STRING characters. */
  longChars: number;
}

export function frameText(value: unknown, minChars: number): FrameText {
  const out: FrameText = { tables: [], longChars: 0 };
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === 'string') {
      if (v.length >= LONG_STRING) out.longChars += v.length;
      return;
    }
    if (typeof v !== 'object' || v === null || depth > MAX_DEPTH) return;
    if (Array.isArray(v)) {
      for (const item of v) walk(item, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    if (o.type === 'TABLE' && typeof o.data === 'string' && o.data.length > minChars) out.tables.push(o.data);
    for (const key in o) walk(o[key], depth + 1);
  };
  walk(value, 0);
  return out;
}

/** Mostly text: its long strings make up at least half of the frame's length. */
export const mostlyText = (t: FrameText, rawLength: number): boolean => t.longChars * 2 >= rawLength;
