/**
 * The browser's socket for the socket saga: a WebSocket held by the table worker (socketHost.ts), so that the browser
 * turns each received frame into a string on the worker's thread rather than the page's (50 to 150 ms for a 6 MB
 * result), and a large result is decoded there and its tables read there. The page gets small frames as their text,
 * decoded by the saga as before, and large ones decoded; the saga still sends, pings, watches liveness and
 * reconnects through this SocketLike as through a WebSocket.
 */
import { SOCKET_OPEN, type SocketLike, type SocketMessage } from '../../sagas/deps';
import { openWorkerSocket, type WorkerSocketPort } from '../results/table/tableWorker';
import type { SocketNews } from '../results/table/tableWorkerMessages';

/** Frames at least this long may be decoded in the worker: below it, the trip there and back costs about as much. */
export const WORKER_FRAME_MIN_CHARS = 1_000_000;

const CONNECTING = 0;
const CLOSING = 2;
const CLOSED = 3;

class WorkerSocket implements SocketLike {
  readyState = CONNECTING;
  onmessage: ((ev: SocketMessage) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  port: WorkerSocketPort | null = null;

  send(data: string): void {
    if (this.readyState === SOCKET_OPEN) this.port?.send(data);
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState >= CLOSING) return;
    this.readyState = CLOSING;
    this.port?.close(code, reason);
  }

  heard(news: SocketNews): void {
    // Every frame of a batch is handed on in this one task, so the store's changes from all of them render once.
    if (news.event === 'frames') for (const raw of news.raws) this.onmessage?.({ data: raw });
    else if (news.event === 'decoded') this.onmessage?.({ decoded: news.frame.decoded, length: news.length });
    else if (news.event === 'open') this.readyState = SOCKET_OPEN;
    else {
      this.readyState = CLOSED;
      this.onclose?.({ code: news.code, reason: news.reason });
    }
  }
}

/**
 * Resolves with the open socket, or null when it could not be opened or `signal` gave the attempt up; null at once
 * (not a promise) when there is no worker, and the page opens its own WebSocket.
 */
export function openSocketInWorker(url: string, signal?: AbortSignal): Promise<SocketLike | null> | null {
  const socket = new WorkerSocket();
  let settle: ((s: SocketLike | null) => void) | null = null;
  const opened = new Promise<SocketLike | null>((resolve) => { settle = resolve; });
  const done = (s: SocketLike | null): void => {
    signal?.removeEventListener('abort', giveUp);
    settle?.(s);
    settle = null;
  };
  const giveUp = (): void => {
    socket.close();
    done(null);
  };
  socket.port = openWorkerSocket(url, WORKER_FRAME_MIN_CHARS, (news) => {
    socket.heard(news);
    if (news.event === 'open') done(socket);
    else if (news.event === 'close') done(null);
  });
  if (!socket.port) return null;
  signal?.addEventListener('abort', giveUp, { once: true });
  return opened;
}
