/**
 * One table as the table worker keeps it: read as its text arrives (TableStream), and kept once complete, so that
 * sorting and pivoting, which read every row, run beside the parse rather than on the page's thread. It keeps the
 * text too: text cells are compared and labelled by value.
 */
import { pivot, type PivotConfig, type PivotResult } from '../pivot/pivot';
import { TableData } from './parseTable';
import { sortOrder, type SortKey } from './sortOrder';
import { TableStream } from './tableStream';

export class WorkerTable {
  private readonly stream = new TableStream();
  private chunks: string[] = [];
  private table: TableData | null = null;

  append(chunk: string): void {
    this.chunks.push(chunk);
    this.table = null;
    this.stream.append(chunk);
  }

  /** How much text has been appended. */
  get length(): number {
    return this.stream.length;
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

  parts(atEnd: boolean) {
    return this.stream.parts(atEnd);
  }

  /** The rows' order under `keys` (the text read as complete). */
  order(keys: readonly SortKey[]): Int32Array {
    return sortOrder(this.complete(), keys);
  }

  pivot(config: PivotConfig): PivotResult {
    return pivot(this.complete(), config);
  }

  private complete(): TableData {
    if (!this.table) {
      this.table = TableData.fromParts(this.text(), this.stream.parts(true));
    }
    return this.table;
  }
}
