/**
 * Where each row of a table text lies, found in one pass over its line breaks without reading a cell: what the table
 * worker answers first for a large table, so that the grid can show every row as soon as the result has arrived.
 * The cells of a row are read when the row is drawn (LineTable); the worker reads them all only when a sort or a
 * chart needs every value.
 */
import { countLines, lineEnd, readHeader, startsComment } from './parseTable';
import type { TableColumn } from '../types';

export interface RowIndex {
  columns: TableColumn[];
  rowCount: number;
  /** Row r is text[starts[r], ends[r]), without its line break. */
  starts: Int32Array;
  ends: Int32Array;
  comment: string;
}

/** The buffers of a RowIndex, for postMessage's transfer list. */
export const indexTransfer = (index: RowIndex): ArrayBuffer[] => [index.starts.buffer as ArrayBuffer, index.ends.buffer as ArrayBuffer];

/**
 * Reads Zeppelin's table layout as parseTableText does: the first line names the columns, each later line is a row,
 * and a blank line or the comment marker starts a free-text comment that runs to the end.
 */
export function indexRows(text: string): RowIndex {
  const n = text.length;
  if (n === 0) return { columns: [], rowCount: 0, starts: new Int32Array(0), ends: new Int32Array(0), comment: '' };
  let nl = text.indexOf('\n');
  if (nl < 0) nl = n;
  const columns = readHeader(text, 0, lineEnd(text, 0, nl));
  const capacity = countLines(text);
  const starts = new Int32Array(capacity);
  const ends = new Int32Array(capacity);
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
    starts[r] = pos;
    ends[r] = end;
    r++;
    pos = nl + 1;
  }
  // Copies of the used length: a subarray would still transfer (and keep) the whole buffer.
  return { columns, rowCount: r, starts: starts.slice(0, r), ends: ends.slice(0, r), comment };
}
