/** What the page asks the table worker (parseTable.worker.ts); each `id` is answered with `{ id, value }` or `{ id, error }`. */
import type { Decoded, ServerFrame } from '../../../protocol';
import type { RowIndex } from './rowIndex';
import type { PivotConfig } from '../pivot/pivot';
import type { SortKey } from './sortOrder';

export type TableWorkerRequest =
  /** More text of stream `stream` (a stream starts with its first append). */
  | { kind: 'append'; stream: number; chunk: string }
  /** Where the rows of stream `stream`'s text lie (a RowIndex), the text read as complete. */
  | { kind: 'index'; id: number; stream: number }
  /** The order of the complete table's rows under the sort (an Int32Array of row indexes). */
  | { kind: 'order'; id: number; stream: number; keys: SortKey[] }
  /** The complete table pivoted (a PivotResult). */
  | { kind: 'pivot'; id: number; stream: number; config: PivotConfig }
  | { kind: 'drop'; stream: number }
  /**
   * The page's websocket, held here (socketHost.ts): frames of `frameMinChars` or more that are mostly text are decoded
   * here, and their TABLE results longer than `minChars` become streams the worker keeps (indexed, see DecodedFrame),
   * numbered below zero by the worker. Answered by SocketNews.
   */
  | { kind: 'socketOpen'; socket: number; url: string; frameMinChars: number; minChars: number }
  | { kind: 'socketSend'; socket: number; data: string }
  | { kind: 'socketClose'; socket: number; code: number; reason: string };

/** What the worker tells the page of its socket `socket`, in the order it happened. */
export type SocketNews =
  | { socket: number; event: 'open' }
  | { socket: number; event: 'close'; code: number; reason: string }
  /** Frames for the page to decode, in order: those that arrived back to back come together (socketHost.ts). */
  | { socket: number; event: 'frames'; raws: string[] }
  /** A frame decoded here (`length`: its text's), with its large tables' streams as in DecodedFrame. */
  | { socket: number; event: 'decoded'; frame: DecodedFrame; length: number };

/**
 * A frame decoded in the worker, and one stream per large TABLE result in the order `frameText` finds them, with
 * where that table's rows lie: the page draws the table from it at once, without asking.
 */
export interface DecodedFrame {
  decoded: Decoded<ServerFrame>;
  streams: number[];
  indexes: RowIndex[];
}
