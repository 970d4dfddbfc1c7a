/**
 * The page's side of the table worker: one worker, started on first use (the websocket's opening) and kept, answering
 * requests in turn. It also holds the page's websocket (openWorkerSocket), decoding its large frames and keeping their
 * large tables, so a result that arrives in a frame is never sent back to it.
 * Where workers cannot start, `openTableStream` says so (null) and the caller parses, sorts and pivots on the
 * page's thread.
 */
import type { PivotConfig, PivotResult } from '../pivot/pivot';
import type { RowIndex } from './rowIndex';
import type { SortKey } from './sortOrder';
import { frameText, WORKER_MIN_CHARS } from './frameTables';
import type { DecodedFrame, SocketNews, TableWorkerRequest } from './tableWorkerMessages';

type Reply = { id: number; value: unknown } | { id: number; error: string };

/** Listeners to the worker's sockets (workerSocket.ts), by socket. */
const socketListeners = new Map<number, (news: SocketNews) => void>();

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
    // Named for the build, which gives this chunk V8's compile hint (webpack.config.js).
    const w = new Worker(/* webpackChunkName: "table-worker" */ new URL('./parseTable.worker.ts', import.meta.url));
    w.onmessage = (e: MessageEvent<Reply | SocketNews>) => {
      if ('socket' in e.data) {
        heardSocket(w, e.data);
        return;
      }
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
      for (const [socket, listener] of [...socketListeners]) listener({ socket, event: 'close', code: 1006, reason: 'the table worker stopped' });
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

/** A table text the worker holds as it is appended to: only each new chunk crosses to it. */
export interface WorkerTableStream {
  append(chunk: string): void;
  /** Where the rows of the text lie, the text read as complete (append nothing after). */
  index(): Promise<RowIndex>;
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

function streamIn(w: Worker, stream: number): WorkerTableStream {
  return {
    append: (chunk) => { if (chunk) w.postMessage({ kind: 'append', stream, chunk } satisfies TableWorkerRequest); },
    index: () => ask(w, (id) => ({ kind: 'index', id, stream })),
    order: (keys) => ask(w, (id) => ({ kind: 'order', id, stream, keys })),
    pivot: (config) => ask(w, (id) => ({ kind: 'pivot', id, stream, config })),
    close: () => w.postMessage({ kind: 'drop', stream } satisfies TableWorkerRequest),
  };
}

/** A new stream in the worker; null when there is no worker to ask. */
export function openTableStream(): WorkerTableStream | null {
  const w = worker_();
  return w ? streamIn(w, ++nextStream) : null;
}

/**
 * Tables the worker read from frames it decoded, by their text, until a view claims them. A result that is never
 * drawn (its paragraph far off screen) is not kept for ever: beyond this many the oldest is dropped, and a view
 * that comes to it later sends its text again.
 */
const MAX_UNCLAIMED = 8;
/**
 * Looked up by identity first: the view's text is the very string the frame brought. Not a Map keyed by the text,
 * which would hash all of its megabytes.
 */
const unclaimed: { text: string; stream: number; index: RowIndex }[] = [];

function keepUnclaimed(w: Worker, text: string, stream: number, index: RowIndex): void {
  unclaimed.push({ text, stream, index });
  while (unclaimed.length > MAX_UNCLAIMED) {
    const oldest = unclaimed.shift();
    if (oldest) w.postMessage({ kind: 'drop', stream: oldest.stream } satisfies TableWorkerRequest);
  }
}

const unclaimedAt = (text: string): number => unclaimed.findIndex((u) => u.text.length === text.length && u.text === text);

/**
 * A table the worker kept from a decoded frame (the whole of `text`), with where its rows lie, without claiming it:
 * a view draws it at once from this, then claims it (claimTableStream). Null when there is none.
 */
export function handedTable(text: string): { remote: RemoteTable; index: RowIndex } | null {
  const at = unclaimedAt(text);
  const w = worker_();
  if (at < 0 || !w) return null;
  return { remote: streamIn(w, unclaimed[at].stream), index: unclaimed[at].index };
}

/** The worker's stream of a table it kept from a decoded frame (the whole of `text`), once; null when there is none. */
export function claimTableStream(text: string): WorkerTableStream | null {
  const at = unclaimedAt(text);
  const w = worker_();
  if (at < 0 || !w) return null;
  const [{ stream }] = unclaimed.splice(at, 1);
  return streamIn(w, stream);
}

/** The streams the worker opened for a frame it decoded, kept until a view claims them. */
function adoptStreams(w: Worker, answer: DecodedFrame): void {
  if (!answer.decoded.ok || answer.streams.length === 0) return;
  const texts = frameText(answer.decoded.frame.data, WORKER_MIN_CHARS).tables;
  answer.streams.forEach((stream, i) => keepUnclaimed(w, texts[i], stream, answer.indexes[i]));
}

function heardSocket(w: Worker, news: SocketNews): void {
  const listener = socketListeners.get(news.socket);
  if (news.event === 'decoded') adoptStreams(w, news.frame);
  if (news.event === 'close') socketListeners.delete(news.socket);
  listener?.(news);
}

let nextSocket = 0;

/** A websocket the worker holds (see socketHost.ts), as the page talks to it. */
export interface WorkerSocketPort {
  send(data: string): void;
  close(code: number, reason: string): void;
}

/**
 * Opens `url` in the worker; `listen` hears its news in order until its close. Frames of `frameMinChars` or more that
 * are mostly text arrive decoded, their tables longer than WORKER_MIN_CHARS being kept there for claimTableStream.
 */
export function openWorkerSocket(url: string, frameMinChars: number, listen: (news: SocketNews) => void): WorkerSocketPort | null {
  const w = worker_();
  if (!w) return null;
  const socket = ++nextSocket;
  socketListeners.set(socket, listen);
  w.postMessage({ kind: 'socketOpen', socket, url, frameMinChars, minChars: WORKER_MIN_CHARS } satisfies TableWorkerRequest);
  return {
    send: (data) => w.postMessage({ kind: 'socketSend', socket, data } satisfies TableWorkerRequest),
    close: (code, reason) => w.postMessage({ kind: 'socketClose', socket, code, reason } satisfies TableWorkerRequest),
  };
}
