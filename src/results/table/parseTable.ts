/**
 * TABLE result text → typed rows. One pass over the text with indexOf and charCode reads: no per-line strings are
 * made and numeric cells never become strings, which is what keeps it under the cost of a bare split pass.
 */
import type { Cell, ParsedTable, TableColumn } from '../types';

/** Zeppelin interpreters put this line before a table's trailing comment. */
export const TABLE_COMMENT_MARKER = '<!--TABLE_COMMENT-->';

/** Cells longer than this stay text: such digit runs are ids or codes more often than quantities. */
export const MAX_NUMERIC_CELL_LENGTH = 16;

const CR = 13;
const TAB = 9;
const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const LOWER_E = 101;
const UPPER_E = 69;

// Exact powers of ten: dividing an exact integer mantissa by one of them rounds once, like parseFloat.
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * The number text[start, end) stands for, or NaN when the cell stays text: it must be a plain decimal numeral
 * (optional minus, digits, fraction, exponent) within the safe-integer range, must not start with 0 or +, and must
 * be at most 16 characters long.
 */
export function numericValue(text: string, start: number, end: number): number {
  const len = end - start;
  if (len === 0 || len > MAX_NUMERIC_CELL_LENGTH) return NaN;
  let i = start;
  let c = text.charCodeAt(i);
  if (c === ZERO || c === PLUS) return NaN;
  let negative = false;
  if (c === MINUS) {
    negative = true;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  let seenDot = false;
  for (; i < end; i++) {
    c = text.charCodeAt(i);
    if (c >= ZERO && c <= NINE) {
      mantissa = mantissa * 10 + (c - ZERO);
      digits++;
      if (seenDot) fraction++;
    } else if (c === DOT && !seenDot) seenDot = true;
    else break;
  }
  if (digits === 0) return NaN;
  let value: number;
  if (i < end) {
    if (c !== LOWER_E && c !== UPPER_E) return NaN;
    let j = i + 1;
    const s = text.charCodeAt(j);
    if (s === PLUS || s === MINUS) j++;
    if (j >= end) return NaN;
    for (; j < end; j++) {
      const d = text.charCodeAt(j);
      if (d < ZERO || d > NINE) return NaN;
    }
    value = Number(text.slice(start, end));
  } else if (digits <= 15) {
    value = fraction === 0 ? mantissa : mantissa / POW10[fraction];
    if (negative) value = -value;
  } else {
    value = Number(text.slice(start, end));
  }
  if (!Number.isFinite(value) || value > Number.MAX_SAFE_INTEGER || value < Number.MIN_SAFE_INTEGER) return NaN;
  return value;
}

/** Types text[start, end) by the cell rule: a number, or the text itself. */
export function typeCell(text: string, start: number, end: number): Cell {
  const v = numericValue(text, start, end);
  return v === v ? v : text.slice(start, end);
}

/** The same rule for a whole string. */
export function typeCellText(s: string): Cell {
  return typeCell(s, 0, s.length);
}

/**
 * Tables repeat their category values; handing back one string per distinct value instead of a fresh slice per
 * cell saves most of the allocation (and the garbage collection that follows it).
 */
class StringPool {
  private readonly slots: (string | undefined)[] = new Array(POOL_SIZE);

  get(text: string, start: number, end: number, hash: number): string {
    const len = end - start;
    if (len > POOL_MAX_LENGTH) return text.slice(start, end);
    const slot = hash & (POOL_SIZE - 1);
    const hit = this.slots[slot];
    if (hit !== undefined && hit.length === len) {
      let i = 0;
      while (i < len && hit.charCodeAt(i) === text.charCodeAt(start + i)) i++;
      if (i === len) return hit;
    }
    const s = text.slice(start, end);
    this.slots[slot] = s;
    return s;
  }
}

const POOL_SIZE = 1 << 12;
const POOL_MAX_LENGTH = 32;

export function lineEnd(text: string, start: number, nl: number): number {
  return nl > start && text.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
}

/** Header names; the header row is never typed. */
export function readHeader(text: string, start: number, end: number): TableColumn[] {
  const columns: TableColumn[] = [];
  let s = start;
  for (;;) {
    let tab = text.indexOf('\t', s);
    if (tab < 0 || tab > end) tab = end;
    columns.push({ name: text.slice(s, tab), index: columns.length, aggr: 'sum' });
    if (tab >= end) break;
    s = tab + 1;
  }
  return columns;
}

/**
 * Typed table data kept by column: numbers in a Float64Array (NaN where the cell is text or missing) and text in a
 * sparse array. A quarter of a million rows are then a handful of objects instead of a million, which is what
 * keeps parsing and the garbage collector cheap; row arrays are made only when asked for.
 */
export class TableData implements ParsedTable {
  private rowCache: Cell[][] | null = null;

  constructor(
    readonly columns: TableColumn[],
    readonly rowCount: number,
    private readonly numbers: Float64Array[],
    /** Text cells by column and row; a hole where the cell is a number or missing. */
    private readonly texts: (string | undefined)[][],
    readonly comment: string,
  ) {}

  /** A cell's value; undefined when the row is shorter than the header. */
  cell(row: number, col: number): Cell | undefined {
    const nums = this.numbers[col];
    if (nums === undefined) return undefined;
    const v = nums[row];
    return v === v ? v : this.texts[col][row];
  }

  /** A column's numbers, NaN where the cell is not one; read-only for callers. */
  numberColumn(col: number): Float64Array {
    return this.numbers[col];
  }

  row(r: number): Cell[] {
    const out: Cell[] = [];
    for (let c = 0; c < this.numbers.length; c++) {
      const v = this.cell(r, c);
      if (v === undefined) break;
      out.push(v);
    }
    return out;
  }

  get rows(): Cell[][] {
    if (!this.rowCache) this.rowCache = Array.from({ length: this.rowCount }, (_, r) => this.row(r));
    return this.rowCache;
  }
}

/** How many lines `text` holds (one more than its line breaks). */
function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Where the scan puts a text cell: the whole parse pools the strings, a row read on its own (LineTable) keeps it. */
export interface TextSink {
  text(col: number, row: number, start: number, end: number, hash: number): void;
}

/**
 * One row's cells, text[pos, end) without its line break: numbers into `numbers[col][row]`, the rest to the sink.
 * Cells beyond the header's width (numbers.length) are dropped.
 */
export function scanRow(text: string, pos: number, end: number, row: number, numbers: Float64Array[], sink: TextSink): void {
  const width = numbers.length;
  let col = 0;
  let s = pos;
  let hash = 0;
  for (let i = pos; col < width; i++) {
    const c = i < end ? text.charCodeAt(i) : TAB;
    if (c !== TAB) {
      hash = (Math.imul(hash, 31) + c) | 0;
      continue;
    }
    const v = numericValue(text, s, i);
    if (v === v) numbers[col][row] = v;
    else sink.text(col, row, s, i, hash);
    col++;
    if (i >= end) break;
    s = i + 1;
    hash = 0;
  }
}

/** Whether text[pos, end) (a line without its break) starts the table's comment: a blank line or the marker. */
export function startsComment(text: string, pos: number, end: number): boolean {
  return end === pos || (text.charCodeAt(pos) === 60 && end - pos === TABLE_COMMENT_MARKER.length && text.startsWith(TABLE_COMMENT_MARKER, pos));
}

/** A table text's layout: its columns, how many rows it has, and its comment. */
export interface TableLayout {
  columns: TableColumn[];
  rowCount: number;
  comment: string;
}

/**
 * Walks Zeppelin's table text: the first line names the columns, each later line is a row, and a blank line or the
 * comment marker starts a free-text comment that runs to the end. `start` is told the columns and how many lines the
 * text has (at most one row each), then `row` each row's place, text[pos, end) without its line break.
 */
export function walkRows(text: string, start: (columns: TableColumn[], lines: number) => void, row: (r: number, pos: number, end: number) => void): TableLayout {
  const n = text.length;
  if (n === 0) {
    start([], 0);
    return { columns: [], rowCount: 0, comment: '' };
  }
  let nl = text.indexOf('\n');
  if (nl < 0) nl = n;
  const columns = readHeader(text, 0, lineEnd(text, 0, nl));
  start(columns, countLines(text));
  let comment = '';
  let r = 0;
  let pos = nl + 1;
  while (pos < n) {
    nl = text.indexOf('\n', pos);
    if (nl < 0) nl = n;
    const end = lineEnd(text, pos, nl);
    if (startsComment(text, pos, end)) {
      comment = text.slice(nl + 1).replace(/\s+$/, '');
      break;
    }
    row(r, pos, end);
    r++;
    pos = nl + 1;
  }
  return { columns, rowCount: r, comment };
}

/**
 * Parses Zeppelin's table text (see walkRows) into typed columns: numeric cells into the number columns, every other
 * cell into the text columns, its string pooled. Cells beyond the header's width are dropped.
 */
export function parseTableText(text: string): TableData {
  const strings = new StringPool();
  let numbers: Float64Array[] = [];
  let texts: (string | undefined)[][] = [];
  const sink: TextSink = { text: (col, row, start, end, hash) => { texts[col][row] = strings.get(text, start, end, hash); } };
  const layout = walkRows(text, (columns, lines) => {
    numbers = columns.map(() => new Float64Array(lines).fill(NaN));
    texts = columns.map(() => []);
  }, (r, pos, end) => scanRow(text, pos, end, r, numbers, sink));
  return new TableData(layout.columns, layout.rowCount, numbers.map((a) => a.subarray(0, layout.rowCount)), texts, layout.comment);
}

/** The header and the first `rows` rows of a table text, cut at a line end without reading further. */
export function firstLines(text: string, rows: number): string {
  let nl = -1;
  for (let k = 0; k <= rows; k++) {
    nl = text.indexOf('\n', nl + 1);
    if (nl < 0) return text;
  }
  return text.slice(0, nl);
}
