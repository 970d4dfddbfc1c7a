/**
 * The page's side of the table-parsing worker: one worker, started on first use and kept, answering requests in
 * turn. Where workers cannot start, `parseInWorker` says so (null) and the caller parses on the page's thread.
 */
import type { TableParts } from './parseTable';

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

/** Parses `text` in the worker; null when there is no worker to ask. */
export function parseInWorker(text: string): Promise<TableParts> | null {
  if (worker === undefined) worker = start();
  const w = worker;
  if (!w) return null;
  const id = ++nextId;
  return new Promise<TableParts>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, text });
  });
}
