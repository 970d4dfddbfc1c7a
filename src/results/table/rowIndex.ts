/**
 * Where each row of a table text lies, found in one pass over its line breaks without reading a cell: what the table
 * worker answers first for a large table, so that the grid can show every row as soon as the result has arrived.
 * The cells of a row are read when the row is drawn (LineTable); the worker reads them all only when a sort or a
 * chart needs every value.
 */
import { walkRows } from './parseTable';
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

/** Where each row of a table text lies, walked as parseTableText walks it (walkRows). */
export function indexRows(text: string): RowIndex {
  let starts = new Int32Array(0);
  let ends = new Int32Array(0);
  const layout = walkRows(text, (_columns, lines) => {
    starts = new Int32Array(lines);
    ends = new Int32Array(lines);
  }, (r, pos, end) => {
    starts[r] = pos;
    ends[r] = end;
  });
  // Copies of the used length: a subarray would still transfer (and keep) the whole buffer.
  return { ...layout, starts: starts.slice(0, layout.rowCount), ends: ends.slice(0, layout.rowCount) };
}
