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
    const end = chunk.lastIndexOf(LF) + 1;
    if (end === 0) {
      this.rest = this.rest ? Buffer.concat([this.rest, chunk]) : Buffer.from(chunk);
      return { text: '', rows: 0 };
    }
    // Only the row begun in an earlier chunk is joined up, not the whole chunk.
    const head = this.rest ? chunk.indexOf(LF) + 1 : 0;
    const first = this.rest ? Buffer.concat([this.rest, chunk.subarray(0, head)]).toString('utf8') : '';
    // A copy: the chunk's memory is not kept alive by a few bytes of it.
    this.rest = end < chunk.length ? Buffer.from(chunk.subarray(end)) : undefined;
    const text = first + chunk.toString('utf8', head, end);
    return { text: unescapeText(text), rows: (head > 0 ? 1 : 0) + countRows(chunk, head, end) };
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

function countRows(buf: Buffer, start: number, end: number): number {
  let n = 0;
  for (let i = buf.indexOf(LF, start); i >= 0 && i < end; i = buf.indexOf(LF, i + 1)) n++;
  return n;
}
