/**
 * A table result read as it arrives: each appended chunk is scanned once, so reading a streamed table costs its
 * length, not its length times the number of appends. Only whole lines are read; the unfinished last line waits
 * for the next chunk (or for `parts(true)`, the end of the text). Text cells are kept as positions in the whole
 * text, as `parseTableParts` gives them, so a snapshot equals the parse of everything appended so far.
 */
import type { TableColumn } from '../types';
import { lineEnd, readHeader, scanRow, startsComment, type TableParts, type TextSink } from './parseTable';

const INITIAL_ROWS = 1024;

function grown<T extends Float64Array | Int32Array>(a: T, size: number, fill: number): T {
  const next = new (a.constructor as { new (n: number): T })(size);
  next.fill(fill, a.length);
  next.set(a);
  return next;
}

export class TableStream {
  private columns: TableColumn[] | null = null;
  private rowCount = 0;
  private capacity = 0;
  private numbers: Float64Array[] = [];
  private starts: Int32Array[] = [];
  private ends: Int32Array[] = [];
  /** The unread tail: text from `pendingAt` (an offset in the whole text) to the last chunk's end. */
  private pending = '';
  private pendingAt = 0;
  /** Once a blank line or the marker has been read, everything after it is the comment. */
  private comment: string | null = null;

  /** How much text has been appended. */
  get length(): number {
    return this.pendingAt + this.pending.length;
  }

  append(chunk: string): void {
    if (chunk.length === 0) return;
    if (this.comment !== null) {
      this.comment += chunk;
      return;
    }
    const text = this.pending + chunk;
    const last = text.lastIndexOf('\n');
    if (last < 0) {
      this.pending = text;
      return;
    }
    this.readLines(text, last);
  }

  /**
   * What has been read, as the worker hands it over (copies, so this stream can go on). With `atEnd` the text is
   * complete: its unfinished last line counts as a line, as in a parse of the whole text.
   */
  parts(atEnd: boolean): TableParts {
    if (atEnd && this.comment === null && this.pending.length > 0) this.readLines(this.pending, this.pending.length);
    const r = this.rowCount;
    return {
      columns: (this.columns ?? []).map((c) => ({ ...c })),
      rowCount: r,
      numbers: this.numbers.map((a) => a.slice(0, r)),
      starts: this.starts.map((a) => a.slice(0, r)),
      ends: this.ends.map((a) => a.slice(0, r)),
      comment: this.comment === null ? '' : this.comment.replace(/\s+$/, ''),
    };
  }

  /** Reads the lines of `text` (which starts at `pendingAt`) up to `upTo`, a line break or the text's end. */
  private readLines(text: string, upTo: number): void {
    const base = this.pendingAt;
    const sink: TextSink = {
      text: (col, row, start, end) => {
        this.starts[col][row] = base + start;
        this.ends[col][row] = base + end;
      },
    };
    let pos = 0;
    while (pos <= upTo && pos < text.length) {
      let nl = text.indexOf('\n', pos);
      if (nl < 0 || nl > upTo) nl = upTo;
      const end = lineEnd(text, pos, nl);
      if (!this.columns) this.start(readHeader(text, pos, end));
      else if (startsComment(text, pos, end)) {
        this.comment = text.slice(nl + 1);
        this.pending = '';
        this.pendingAt = base + text.length;
        return;
      } else {
        this.reserve(this.rowCount + 1);
        scanRow(text, pos, end, this.rowCount, this.numbers, sink);
        this.rowCount++;
      }
      pos = nl + 1;
    }
    this.pending = text.slice(Math.min(pos, text.length));
    this.pendingAt = base + Math.min(pos, text.length);
  }

  private start(columns: TableColumn[]): void {
    this.columns = columns;
    this.numbers = columns.map(() => new Float64Array(0));
    this.starts = columns.map(() => new Int32Array(0));
    this.ends = columns.map(() => new Int32Array(0));
    this.capacity = 0;
    this.reserve(INITIAL_ROWS);
  }

  private reserve(rows: number): void {
    if (rows <= this.capacity) return;
    const size = Math.max(rows, this.capacity * 2, INITIAL_ROWS);
    this.numbers = this.numbers.map((a) => grown(a, size, NaN));
    this.starts = this.starts.map((a) => grown(a, size, -1));
    this.ends = this.ends.map((a) => grown(a, size, 0));
    this.capacity = size;
  }
}
