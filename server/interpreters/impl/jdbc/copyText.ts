/**
 * PostgreSQL's COPY text format (`COPY … TO STDOUT`) turned into the table text `%jdbc` sends (tableOutput.ts).
 *
 * COPY writes each value with its type's output function, the same text a query's rows carry, except that a
 * backslash is doubled; tab, line feed, carriage return, backspace, form feed and vertical tab are written `\t`,
 * `\n`, `\r`, `\b`, `\f`, `\v`; and NULL is `\N`. A backslash before any other character stands for that
 * character. The table shows NULL as `null` and tabs and line breaks inside values as spaces. Booleans, which COPY
 * writes `t`/`f`, are the query's business (postgresCopy.ts casts them to text).
 *
 * Chunks may end anywhere: the bytes after a chunk's last line feed wait for the next chunk. A line feed byte always
 * ends a row, since one inside a value is written `\n`.
 */

const LF = 10;

/** What the character after a backslash stands for in the table; any other character stands for itself. */
const UNESCAPED: Readonly<Record<string, string>> = { N: 'null', t: ' ', n: ' ', r: ' ', b: '\b', f: '\f', v: '\v' };
const ESCAPE = /\\([\s\S])/g;
const unescape = (_: string, c: string): string => UNESCAPED[c] ?? c;

export class CopyTextDecoder {
  /** Bytes of a row not yet complete. */
  private rest: Buffer | undefined;

  /** The complete rows of `chunk` (after what was left over before it) as table lines, and how many there are. */
  push(chunk: Buffer): { text: string; rows: number } {
    const buf = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    const end = buf.lastIndexOf(LF) + 1;
    this.rest = end < buf.length ? Buffer.from(buf.subarray(end)) : undefined;
    if (end === 0) return { text: '', rows: 0 };
    return { text: unescapeText(buf.toString('utf8', 0, end)), rows: countRows(buf, end) };
  }

  /** Bytes after the last complete row: none once a COPY has ended properly. */
  get pending(): number {
    return this.rest?.length ?? 0;
  }
}

function unescapeText(text: string): string {
  // Most chunks hold no backslash, or only the NULLs' `\N`: native replacing is much faster than the general one.
  if (!text.includes('\\')) return text;
  const nulls = text.replaceAll('\\N', 'null');
  return nulls.includes('\\') ? text.replace(ESCAPE, unescape) : nulls;
}

function countRows(buf: Buffer, end: number): number {
  let n = 0;
  for (let i = buf.indexOf(LF); i >= 0 && i < end; i = buf.indexOf(LF, i + 1)) n++;
  return n;
}
