/** What the page asks the table worker (parseTable.worker.ts); each `id` is answered with `{ id, parts }` or `{ id, error }`. */
export type TableWorkerRequest =
  /** More text of stream `stream` (a stream starts with its first append). */
  | { kind: 'append'; stream: number; chunk: string }
  /** What stream `stream` has read so far; `atEnd`: its text is complete, so its unfinished last line counts. */
  | { kind: 'parts'; id: number; stream: number; atEnd: boolean }
  | { kind: 'drop'; stream: number };
