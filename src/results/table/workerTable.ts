/**
 * One table as the table worker keeps it: its text, as it arrives, and once it is complete the row index the page
 * draws from (rowIndex.ts) and, when a sort or a chart asks for every value, the whole table read cell by cell,
 * kept for the next sort or pivot. It keeps the text too: text cells are compared and labelled by value.
 */
import { pivot, type PivotConfig, type PivotResult } from '../pivot/pivot';
import { parseTableText, type TableData } from './parseTable';
import { indexRows, type RowIndex } from './rowIndex';
import { sortOrder, type SortKey } from './sortOrder';

export class WorkerTable {
  private chunks: string[] = [];
  private appended = 0;
  private table: TableData | null = null;

  append(chunk: string): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.appended += chunk.length;
    this.table = null;
  }

  /** How much text has been appended. */
  get length(): number {
    return this.appended;
  }

  /** Everything appended, as one string. */
  text(): string {
    if (this.chunks.length > 1) this.chunks = [this.chunks.join('')];
    return this.chunks[0] ?? '';
  }

  /** A table of the same text that can be appended to without changing this one. */
  copy(): WorkerTable {
    const t = new WorkerTable();
    t.append(this.text());
    return t;
  }

  /** Where the rows of the text (read as complete) lie; a new index each time, since its arrays are transferred. */
  index(): RowIndex {
    return indexRows(this.text());
  }

  /** Reads every cell now (the text read as complete), ahead of a sort or a pivot. */
  readCells(): void {
    this.complete();
  }

  /** The rows' order under `keys` (the text read as complete). */
  order(keys: readonly SortKey[]): Int32Array {
    return sortOrder(this.complete(), keys);
  }

  pivot(config: PivotConfig): PivotResult {
    return pivot(this.complete(), config);
  }

  private complete(): TableData {
    this.table ??= parseTableText(this.text());
    return this.table;
  }
}
