/** What the page asks the table worker (parseTable.worker.ts); each `id` is answered with `{ id, value }` or `{ id, error }`. */
import type { PivotConfig } from '../pivot/pivot';
import type { SortKey } from './sortOrder';

export type TableWorkerRequest =
  /** More text of stream `stream` (a stream starts with its first append). */
  | { kind: 'append'; stream: number; chunk: string }
  /** What stream `stream` has read so far (TableParts); `atEnd`: its text is complete, so its unfinished last line counts. */
  | { kind: 'parts'; id: number; stream: number; atEnd: boolean }
  /** The order of the complete table's rows under the sort (an Int32Array of row indexes). */
  | { kind: 'order'; id: number; stream: number; keys: SortKey[] }
  /** The complete table pivoted (a PivotResult). */
  | { kind: 'pivot'; id: number; stream: number; config: PivotConfig }
  | { kind: 'drop'; stream: number };
