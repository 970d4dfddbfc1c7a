/**
 * A large table on the page's side, from the text the page holds and the row index the table worker found in it: a
 * row's cells are read (typed by the same rule as parseTableText) the first time the row is asked for, so showing a
 * window of a quarter of a million rows reads only the rows in the window.
 */
import type { Cell, ParsedTable, TableColumn } from '../types';
import { scanRow, type TextSink } from './parseTable';
import type { RowIndex } from './rowIndex';

export class LineTable implements ParsedTable {
  readonly columns: TableColumn[];
  readonly rowCount: number;
  readonly comment: string;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  /** Rows read so far, by row; a hole where a row was never asked for. */
  private readonly read: (Cell | undefined)[][] = [];
  private readonly scratchNumbers: Float64Array[];
  private readonly scratchTexts: (string | undefined)[];
  private readonly sink: TextSink;

  constructor(private readonly text: string, index: RowIndex) {
    this.columns = index.columns;
    this.rowCount = index.rowCount;
    this.comment = index.comment;
    this.starts = index.starts;
    this.ends = index.ends;
    this.scratchNumbers = index.columns.map(() => new Float64Array(1));
    this.scratchTexts = index.columns.map(() => undefined);
    this.sink = { text: (col, _row, start, end) => { this.scratchTexts[col] = this.text.slice(start, end); } };
  }

  private cells(r: number): (Cell | undefined)[] {
    let row = this.read[r];
    if (row) return row;
    const width = this.columns.length;
    for (let c = 0; c < width; c++) {
      this.scratchNumbers[c][0] = NaN;
      this.scratchTexts[c] = undefined;
    }
    scanRow(this.text, this.starts[r], this.ends[r], 0, this.scratchNumbers, this.sink);
    row = new Array<Cell | undefined>(width);
    for (let c = 0; c < width; c++) {
      const v = this.scratchNumbers[c][0];
      row[c] = v === v ? v : this.scratchTexts[c];
    }
    this.read[r] = row;
    return row;
  }

  /** A cell's value; undefined when the row is shorter than the header (or there is no such row). */
  cell(row: number, col: number): Cell | undefined {
    if (row < 0 || row >= this.rowCount || col < 0 || col >= this.columns.length) return undefined;
    return this.cells(row)[col];
  }

  row(r: number): Cell[] {
    const out: Cell[] = [];
    for (const v of this.cells(r)) {
      if (v === undefined) break;
      out.push(v);
    }
    return out;
  }

  get rows(): Cell[][] {
    return Array.from({ length: this.rowCount }, (_, r) => this.row(r));
  }
}
