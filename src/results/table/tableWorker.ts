/**
 * The page's side of the table-parsing worker: one worker, started on first use and kept, answering requests in
 * turn. Where workers cannot start, `openTableStream` says so (null) and the caller parses on the
 * page's thread.
 */
import type { TableParts } from './parseTable';
import type { TableWorkerRequest } from './tableWorkerMessages';

type Reply = { id: number; parts: TableParts } | { id: number; error: string };

let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, { resolve(p: TableParts): void; reject(e: Error): void }>();

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
      if ('parts' in e.data) job.resolve(e.data.parts);
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

function ask(w: Worker, request: (id: number) => TableWorkerRequest): Promise<TableParts> {
  const id = ++nextId;
  return new Promise<TableParts>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage(request(id));
  });
}

/** A table text the worker reads as it is appended to (see TableStream): only each new chunk crosses to it. */
export interface WorkerTableStream {
  append(chunk: string): void;
  /** Everything appended so far, parsed; `atEnd`: the text is complete (append nothing after). */
  parts(atEnd: boolean): Promise<TableParts>;
  /** Frees the worker's side; a request already made is still answered. */
  close(): void;
}

let nextStream = 0;

/** A new stream in the worker; null when there is no worker to ask. */
export function openTableStream(): WorkerTableStream | null {
  const w = worker_();
  if (!w) return null;
  const stream = ++nextStream;
  return {
    append: (chunk) => { if (chunk) w.postMessage({ kind: 'append', stream, chunk } satisfies TableWorkerRequest); },
    parts: (atEnd) => ask(w, (id) => ({ kind: 'parts', id, stream, atEnd })),
    close: () => w.postMessage({ kind: 'drop', stream } satisfies TableWorkerRequest),
  };
}
