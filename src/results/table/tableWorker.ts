/**
 * The page's side of the table worker: one worker, started on first use and kept, answering requests in turn.
 * Where workers cannot start, `openTableStream` says so (null) and the caller parses, sorts and pivots on the
 * page's thread.
 */
import type { PivotConfig, PivotResult } from '../pivot/pivot';
import type { TableParts } from './parseTable';
import type { SortKey } from './sortOrder';
import type { TableWorkerRequest } from './tableWorkerMessages';

type Reply = { id: number; value: unknown } | { id: number; error: string };

let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

function failAll(message: string): void {
  for (const p of pending.values()) p.reject(new Error(message));
  pending.clear();
}

function start(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    const w = new Worker(new URL('./parseTable.worker.ts', import.meta.url));
    w.onmessage = (e: MessageEvent<Reply>) => {
      const job = pending.get(e.data.id);
      pending.delete(e.data.id);
      if (!job) return;
      if ('value' in e.data) job.resolve(e.data.value);
      else job.reject(new Error(e.data.error));
    };
    // A worker that fails to load (a blocked script, say) is not retried: callers parse on their own thread.
    w.onerror = () => {
      worker = null;
      w.terminate();
      failAll('the table worker stopped');
    };
    return w;
  } catch {
    return null;
  }
}

function worker_(): Worker | null {
  if (worker === undefined) worker = start();
  return worker;
}

function ask<T>(w: Worker, request: (id: number) => TableWorkerRequest): Promise<T> {
  const id = ++nextId;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    w.postMessage(request(id));
  });
}

/** A table text the worker reads as it is appended to (see TableStream): only each new chunk crosses to it. */
export interface WorkerTableStream {
  append(chunk: string): void;
  /** Everything appended so far, parsed; `atEnd`: the text is complete (append nothing after). */
  parts(atEnd: boolean): Promise<TableParts>;
  /** The complete table's row order under the sort. */
  order(keys: SortKey[]): Promise<Int32Array>;
  /** The complete table, pivoted. */
  pivot(config: PivotConfig): Promise<PivotResult>;
  /** Frees the worker's side; a request already made is still answered. */
  close(): void;
}

/** What the page asks of a complete table the worker holds. */
export type RemoteTable = Pick<WorkerTableStream, 'order' | 'pivot'>;

let nextStream = 0;

/** A new stream in the worker; null when there is no worker to ask. */
export function openTableStream(): WorkerTableStream | null {
  const w = worker_();
  if (!w) return null;
  const stream = ++nextStream;
  return {
    append: (chunk) => { if (chunk) w.postMessage({ kind: 'append', stream, chunk } satisfies TableWorkerRequest); },
    parts: (atEnd) => ask(w, (id) => ({ kind: 'parts', id, stream, atEnd })),
    order: (keys) => ask(w, (id) => ({ kind: 'order', id, stream, keys })),
    pivot: (config) => ask(w, (id) => ({ kind: 'pivot', id, stream, config })),
    close: () => w.postMessage({ kind: 'drop', stream } satisfies TableWorkerRequest),
  };
}
